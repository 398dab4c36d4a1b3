import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { CONFIRM_PATH } from '../../src/server/services/mail/confirm.ts';
import { mailAccountNotice } from '../../src/server/services/mail/events.ts';
import { confirmToken } from '../../src/server/services/mail/tokens.ts';
import { usernameTaken } from '../../src/server/services/users.ts';
import { setupTestApi } from './helpers.ts';
import { anArticle, linkIn, mailWorld, PASSWORD, type Person, replyAs } from './mail-world.ts';

/**
 * Mail only to confirmed addresses (docs/security.md#mail): an address registered by anyone gets its
 * confirmation link and nothing else until its owner follows it; the link works once, ends with a
 * newer link or an address change, and after a day; the blogger's address is confirmed by the test
 * mail; malformed addresses are refused where they are typed; account-security mail has no switch.
 */

const api = setupTestApi();
const mail = mailWorld();
let articleId = 0;

beforeAll(async () => {
  articleId = await anArticle(api);
});

async function register(username: string, email: string, ip = '10.9.0.1') {
  return (
    await api.callFrom(ip, 'POST', '/api/user/register', {
      username,
      password: PASSWORD,
      nick_name: '',
      email,
    })
  ).json;
}

async function login(username: string): Promise<string> {
  const r = await api.call('POST', '/api/user/login', { username, password: PASSWORD });
  expect(r.json.code).toBe(0);
  return r.json.result.token;
}

async function comment(token: string, content: string): Promise<number> {
  const r = await api.call('POST', '/api/comment/add', { type: 1, for_id: articleId, content }, token);
  expect(r.json.code).toBe(0);
  return r.json.result.id;
}

const reply = (who: Person, parent: number, toId: number, content: string) =>
  replyAs(api, articleId, who, { parent, toId, content });

const prefs = async (token: string) =>
  (await api.call('GET', '/api/mail/preferences', undefined, token)).json.result;

/** Follows a confirmation link as its page's button does. */
const follow = async (link: URL, accept = 'application/json') =>
  api.call('POST', link.pathname + link.search, undefined, undefined, { accept });

describe('an address gets mail only once its owner confirmed it', () => {
  test('registered unconfirmed: only the link arrives; replies are skipped and say so; the link makes mail flow', async () => {
    const email = 'newbie@reader.test';
    expect((await register('newbie01', email)).code).toBe(0);
    const token = await login('newbie01');
    await mail.send();
    const got = mail.to(email);
    expect(got.map((r) => r.mail.subject)).toEqual(['【测试博客】请验证你的邮箱']);
    // No switch stops it, so no 退订 link and no List-Unsubscribe.
    expect(got[0].mail.text).not.toContain('退订');
    expect(mail.smtp().header(got[0], 'List-Unsubscribe')).toBe('');
    expect(await prefs(token)).toMatchObject({ email, confirmed: false });

    // The attack: replies quoting anything to an address nobody confirmed.
    const me = {
      id: (
        await db.selectFrom('user').select('id').where('username', '=', 'newbie01').executeTakeFirstOrThrow()
      ).id,
    };
    const top = await comment(token, '我的评论');
    const bob = await mail.person();
    for (let i = 0; i < 3; i++) await reply(bob, top, me.id, `广告${i} http://spam.example`);
    await mail.send();
    expect(mail.to(email)).toHaveLength(1);
    const rows = (await mail.rows(email)).filter((r) => r.kind === 'reply');
    expect(rows.map((r) => [r.status, r.reason])).toEqual(Array(3).fill(['skipped', 'unconfirmed']));
    // The console's outbox shows why.
    const listed = await api.call(
      'GET',
      `/api/mail/outbox?current=1&size=10&to=${email}&status=skipped`,
      undefined,
      api.adminToken,
    );
    expect(listed.json.result.total).toBe(3);
    expect(listed.json.result.list[0]).toMatchObject({ kind: 'reply', reason: 'unconfirmed' });

    // Opening the link asks; it confirms nothing by itself (a mail scanner opens links).
    const link = linkIn(got[0], CONFIRM_PATH);
    const page = await api.app.request(link.pathname + link.search, {}, { ip: '127.0.0.1' });
    const html = await page.text();
    expect(html).toContain('确认验证');
    expect(html).toContain(email);
    expect((await prefs(token)).confirmed).toBe(false);
    // Its button confirms.
    const done = await api.app.request(
      link.pathname + link.search,
      { method: 'POST', headers: { accept: 'text/html' } },
      { ip: '127.0.0.1' },
    );
    expect(await done.text()).toContain('邮箱验证成功');
    expect((await prefs(token)).confirmed).toBe(true);
    // Used once: again it says so and changes nothing.
    expect((await follow(link)).json).toMatchObject({ code: 0, message: '邮箱已验证过' });

    mail.smtp().received.length = 0;
    await reply(bob, top, me.id, '现在能收到了');
    await mail.send();
    expect(mail.to(email).map((r) => r.mail.subject)).toEqual([expect.stringContaining('回复了你')]);
    // The audit row is written after the answer.
    await expect
      .poll(() =>
        db.selectFrom('audit_log').select(['action', 'kind']).where('action', '=', '验证邮箱').execute(),
      )
      .toContainEqual(expect.objectContaining({ action: '验证邮箱', kind: '账号邮箱' }));
  });

  test('changing the address needs the password, tells the old address, unconfirms, and ends older links', async () => {
    const p = await mail.person();
    const wrong = await api.call(
      'PUT',
      '/api/mail/address',
      { email: 'x@reader.test', password: 'Wrong1234' },
      p.token,
    );
    expect(wrong.json).toMatchObject({ code: 100, message: '密码错误' });
    const changed = await api.call(
      'PUT',
      '/api/mail/address',
      { email: 'moved@reader.test', password: PASSWORD },
      p.token,
    );
    expect(changed.json).toMatchObject({ code: 0, result: { email: 'moved@reader.test', confirmed: false } });
    await mail.send();
    expect(mail.to(p.email).map((r) => r.mail.subject)).toEqual(['【测试博客】账号邮箱已更改']);
    const first = linkIn(mail.to('moved@reader.test')[0], CONFIRM_PATH);
    // 重新发送: a new link, the first one ends.
    const again = await api.call('POST', '/api/mail/confirm/resend', {}, p.token);
    expect(again.json.code).toBe(0);
    await mail.send();
    const second = linkIn(mail.to('moved@reader.test')[1], CONFIRM_PATH);
    expect((await follow(first)).json).toMatchObject({
      code: 100,
      message: expect.stringContaining('验证链接无效'),
    });
    // Another change ends the second too, even back to this address later.
    await api.call('PUT', '/api/mail/address', { email: 'third@reader.test', password: PASSWORD }, p.token);
    expect((await follow(second)).json.code).toBe(100);
    expect((await prefs(p.token)).confirmed).toBe(false);
  });

  test('a link ends after a day, and one signed elsewhere is refused', async () => {
    const p = await mail.person({ confirmed: false });
    expect((await api.call('POST', '/api/mail/confirm/resend', {}, p.token)).json.code).toBe(0);
    const row = await db
      .selectFrom('user')
      .select('email_nonce')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    const old = confirmToken({
      userId: p.id,
      email: p.email,
      nonce: row.email_nonce,
      expires: Date.now() - 1,
    });
    expect((await api.call('POST', `${CONFIRM_PATH}?token=${old}`)).json.code).toBe(100);
    const forged = confirmToken({
      userId: p.id,
      email: p.email,
      nonce: row.email_nonce,
      expires: Date.now() + 60_000,
    }).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await api.call('POST', `${CONFIRM_PATH}?token=${forged}`)).json.code).toBe(100);
    expect((await api.call('GET', `${CONFIRM_PATH}?token=x`)).json.code).toBe(100);
    expect((await prefs(p.token)).confirmed).toBe(false);
  });

  test('重新发送 is limited per account (3 an hour, address changes included)', async () => {
    const p = await mail.person({ confirmed: false });
    for (let i = 0; i < 3; i++)
      expect((await api.call('POST', '/api/mail/confirm/resend', {}, p.token)).json.code).toBe(0);
    const fourth = await api.call('POST', '/api/mail/confirm/resend', {}, p.token);
    expect(fourth.status).toBe(429);
    const change = await api.call(
      'PUT',
      '/api/mail/address',
      { email: 'y@reader.test', password: PASSWORD },
      p.token,
    );
    expect(change.status).toBe(429);
    const done = await mail.person();
    expect((await api.call('POST', '/api/mail/confirm/resend', {}, done.token)).json).toMatchObject({
      code: 100,
      message: '邮箱已验证',
    });
  });
});

describe('malformed addresses are refused where they are typed', () => {
  const BAD = [
    'a@x.com, b@y.com',
    'a@x.com\r\nBcc: b@y.com',
    'a@x.com\nBcc: b@y.com',
    'a b@x.com',
    '名字 <a@x.com>',
    'a@localhost',
    'a@x',
    'a@@x.com',
  ];

  test('registration answers 邮箱格式不正确 and makes no account', async () => {
    for (const [i, email] of BAD.entries()) {
      const r = await register(`badmail${i}`, email, `10.9.1.${i}`);
      expect(r, JSON.stringify(email)).toMatchObject({ code: 100, message: '邮箱格式不正确' });
      expect(await usernameTaken(`badmail${i}`)).toBe(false);
    }
    expect((await register('goodmail1', '  good@reader.test ', '10.9.1.200')).code).toBe(0);
    const row = await db
      .selectFrom('user')
      .select('email')
      .where('username', '=', 'goodmail1')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('good@reader.test');
  });

  test('the personal center and the 站长邮箱 answer the same', async () => {
    const p = await mail.person();
    for (const email of BAD) {
      const r = await api.call('PUT', '/api/mail/address', { email, password: PASSWORD }, p.token);
      expect(r.json, JSON.stringify(email)).toMatchObject({ code: 100, message: '邮箱格式不正确' });
      const o = await api.call('POST', '/api/config/update', { owner_email: email }, api.adminToken);
      expect(o.json.code).toBe(100);
    }
    expect((await prefs(p.token)).email).toBe(p.email);
  });
});

describe("the blogger's address and account-security mail", () => {
  test("the blogger's mails wait for the test mail to reach the address", async () => {
    expect(
      (await api.call('POST', '/api/config/update', { owner_email: 'boss@owner.test' }, api.adminToken)).json
        .code,
    ).toBe(0);
    const status = async () =>
      (await api.call('GET', '/api/mail/status', undefined, api.adminToken)).json.result;
    expect(await status()).toMatchObject({ to: 'boss@owner.test', to_confirmed: false });
    const p = await mail.person();
    await comment(p.token, '博主在吗');
    await mail.send();
    expect(mail.to('boss@owner.test')).toHaveLength(0);
    expect((await mail.rows('boss@owner.test')).map((r) => r.reason)).toEqual(['unconfirmed']);
    expect((await api.call('POST', '/api/mail/test', {}, api.adminToken)).json.code).toBe(0);
    expect(await status()).toMatchObject({ to_confirmed: true });
    await comment(p.token, '博主在吗？');
    await mail.send();
    expect(mail.to('boss@owner.test').map((r) => r.mail.subject)).toEqual([
      '【测试博客】测试邮件',
      expect.stringContaining('发表了评论'),
    ]);
    // Another address is another confirmation.
    await api.call('POST', '/api/config/update', { owner_email: 'boss2@owner.test' }, api.adminToken);
    expect(await status()).toMatchObject({ to_confirmed: false });
    await api.call('POST', '/api/config/update', { owner_email: '' }, api.adminToken);
  });

  test('an account notice has no switch and no 退订, and goes only to a confirmed address', async () => {
    const p = await mail.person();
    for (const kind of ['reply', 'review', 'link'])
      await api.call('PUT', '/api/mail/preferences', { [kind]: false }, p.token);
    await mailAccountNotice(db, p.id, 'otp_on');
    const stranger = await mail.person({ confirmed: false });
    await mailAccountNotice(db, stranger.id, 'otp_locked');
    await mail.send();
    const got = mail.to(p.email);
    expect(got.map((r) => r.mail.subject)).toEqual(['【测试博客】两步验证已开启']);
    expect(got[0].mail.text).toContain('北京时间');
    expect(got[0].mail.text).toContain('如果这不是你本人的操作');
    expect(got[0].mail.text).not.toContain('退订');
    expect(mail.smtp().header(got[0], 'List-Unsubscribe')).toBe('');
    expect(mail.to(stranger.email)).toHaveLength(0);
    expect((await mail.rows(stranger.email)).map((r) => [r.kind, r.reason])).toEqual([
      ['account', 'unconfirmed'],
    ]);
  });
});
