import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { signToken } from '../../src/server/services/auth.ts';
import { markEmailConfirmed } from '../../src/server/services/mail/confirm.ts';
import { setMailer } from '../../src/server/services/mail/outbox.ts';
import { createSender, type Sender } from '../../src/server/services/mail/sender.ts';
import { createMailer, type Mailer, mailFrom } from '../../src/server/services/mail/transport.ts';
import { createUser } from '../../src/server/services/users.ts';
import { jobParts, PLAIN_LOOK, setupTestApi } from './helpers.ts';
import { NO_SUCH_MAILBOX, type Received, startSmtpServer } from './smtp-test-server.ts';

/**
 * Mail (docs/owner-guide.md#邮件) against a real SMTP server in the test (smtp-server), what arrives
 * parsed (mailparser): who gets which mail with which link and headers, that nobody is mailed about
 * their own action, retries after a refusal, failed mails and 重试, unsubscribing, the console's test mail.
 * The sender runs when the test says so (`send()`), so what is asserted is what arrived. Every reader
 * here confirmed their address (as its link does) and the blogger's address is confirmed by the test
 * mail; the confirmation and the per-recipient cap have their own tests (mail-confirm.test.ts), so the
 * sender here allows many mails to one address (the blogger gets dozens across this file).
 */

const api = setupTestApi();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: Mailer;
let sender: Sender;
const OWNER = 'owner@blog.test';

type Person = { id: number; token: string; email: string };

async function person(email = `${randomBytes(4).toString('hex')}@reader.test`): Promise<Person> {
  const name = `m${randomBytes(4).toString('hex')}`;
  const id = await createUser({ username: name, password: 'Passw0rd!', nick_name: `读者${name}`, email });
  await markEmailConfirmed(db, id);
  const row = await db
    .selectFrom('user')
    .select(['id', 'role', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, token: await signToken(row), email };
}

const from = (name: string) => mailFrom({ mailFrom: undefined, smtpUrl: undefined }, 'blog.test', name);

/** Runs the sender until nothing is waiting (a retry waits 1 ms here; a loaded machine may need many turns). */
async function send(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    await sender.runOnce();
    const waiting = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    if (waiting.length === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('mails still waiting after 500 turns of the sender');
}

const to = (addr: string) => smtp.received.filter((r) => r.rcpt.includes(addr));

/** What a reader sees of a page of ours: its text without the tags (the title's too). */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

let articleId = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = createMailer(smtp.url);
  sender = createSender(jobParts(), mailer, from, {
    baseDelayMs: 1,
    maxAttempts: 3,
    cap: { hour: 1000, day: 1000 },
  });
  setMailer({ mailer, from, wake: () => {} });
  await db.updateTable('config').set({ blog_name: '测试博客' }).where('id', '=', 1).execute();
  await db.updateTable('user').set({ email: OWNER }).where('id', '=', api.adminId).execute();
  // The blogger's address counts as confirmed once the console's test mail reached it.
  expect((await api.call('POST', '/api/mail/test', {}, api.adminToken)).json.code).toBe(0);
  const made = await api.call(
    'POST',
    '/api/article/add',
    {
      article_title: '春天',
      article_content: '正文',
      article_description: '简介',
      category_name: '随笔',
      tagNameList: ['日常'],
      is_top: 2,
      status: 1,
      type: 1,
      order: 0,
      origin_url: '',
      article_cover: '',
    },
    api.adminToken,
  );
  articleId = made.json.result.id;
  expect(articleId).toBeGreaterThan(0);
});

afterAll(async () => {
  setMailer(null);
  mailer.close?.();
  await smtp.close();
});

beforeEach(async () => {
  await send();
  smtp.received.length = 0;
});

async function comment(who: Person, content: string) {
  const r = await api.call('POST', '/api/comment/add', { type: 1, for_id: articleId, content }, who.token);
  expect(r.json.code).toBe(0);
  return r.json.result as { id: number };
}

async function reply(who: Person, parent: { id: number }, toId: number, content: string) {
  const r = await api.call(
    'POST',
    '/api/comment/apply',
    { type: 1, for_id: articleId, content, parent_id: parent.id, to_id: toId },
    who.token,
  );
  expect(r.json.code).toBe(0);
  return r.json.result as { id: number };
}

describe('reply mails', () => {
  test('the person replied to gets a Chinese mail with the anchor, List-Unsubscribe and a 退订 link', async () => {
    const alice = await person();
    const bob = await person();
    const parent = await comment(alice, '写得真好');
    const answer = await reply(bob, parent, alice.id, '同意楼上');
    await send();
    const got = to(alice.email);
    expect(got).toHaveLength(1);
    const m = got[0].mail;
    expect(m.subject).toBe(`【测试博客】${await nameOf(bob.id)} 回复了你`);
    const anchor = `/article?id=${articleId}#comment-${answer.id}`;
    expect(m.text).toContain(anchor);
    expect(m.text).toContain('同意楼上');
    expect(m.html).toMatch(/href="http:\/\/[^"]+\/article\?id=\d+#comment-\d+"/);
    expect(m.html).toContain(`${anchor}"`);
    expect(m.html).toContain('>退订</a>');
    const unsubscribe = smtp.header(got[0], 'List-Unsubscribe');
    expect(unsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/mail\/unsubscribe\?token=[\w.-]+>$/);
    expect(smtp.header(got[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The blogger hears of the reply too, with the same place.
    const owner = to(OWNER);
    expect(owner).toHaveLength(2);
    expect(owner.map((r) => r.mail.subject).join()).toContain('在文章《春天》发表了评论');
    // Nobody else: Bob wrote it.
    expect(to(bob.email)).toHaveLength(0);
  });

  test("the reply mail quotes the reader's own comment it answers, then the reply, escaped in both parts", async () => {
    const gil = await person();
    const hal = await person();
    const ivy = await person();
    const parent = await comment(gil, '我的<b>看法</b> & 理由');
    await reply(hal, parent, gil.id, '赞同你');
    // Hal's own reply in the thread, answered by Ivy: hers is what is quoted, not the top comment.
    await reply(ivy, parent, hal.id, '楼上说得对');
    await send();
    const [toGil] = to(gil.email);
    expect(toGil.mail.text).toContain(
      `你的评论：\n> 我的<b>看法</b> & 理由\n\n${await nameOf(hal.id)} 的回复：\n> 赞同你`,
    );
    const html = toGil.mail.html || '';
    expect(html).toContain('我的&lt;b&gt;看法&lt;/b&gt; &amp; 理由');
    expect(html).not.toContain('<b>看法');
    expect(html.indexOf('你的评论：')).toBeLessThan(html.indexOf('我的&lt;b&gt;'));
    expect(html.indexOf('我的&lt;b&gt;')).toBeLessThan(html.indexOf('赞同你'));
    const [toHal] = to(hal.email);
    expect(toHal.mail.text).toContain('你的评论：\n> 赞同你\n');
    expect(toHal.mail.text).toContain('> 楼上说得对');
    expect(toHal.mail.text).not.toContain('理由');

    // A comment on a guestbook message quotes the message.
    const jo = await person();
    expect(
      (await api.call('POST', '/api/message/add', { message: '路过<留个言>', ...PLAIN_LOOK }, jo.token)).json
        .code,
    ).toBe(0);
    const messageId = (
      await db.selectFrom('message').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    const onIt = await api.call(
      'POST',
      '/api/comment/add',
      { type: 3, for_id: messageId, content: '欢迎' },
      gil.token,
    );
    expect(onIt.json.code).toBe(0);
    await send();
    const [toJo] = to(jo.email);
    expect(toJo.mail.text).toContain('你的留言：\n> 路过<留个言>\n');
    expect(toJo.mail.html).toContain('路过&lt;留个言&gt;');
  });

  test('nobody is mailed about their own action, the blogger not about their own comments', async () => {
    const carol = await person();
    const parent = await comment(carol, '自言自语');
    await reply(carol, parent, carol.id, '再说一句');
    const adminSays = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '站长来了' },
      api.adminToken,
    );
    expect(adminSays.json.code).toBe(0);
    await send();
    expect(to(carol.email)).toHaveLength(0);
    // Carol's two comments mail the blogger; the blogger's own comment mails nobody.
    expect(to(OWNER)).toHaveLength(2);
    expect(smtp.received).toHaveLength(2);
  });

  test('the blogger answered gets one mail, not a reply mail and an owner mail', async () => {
    const dan = await person();
    const adminTop = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '欢迎留言' },
      api.adminToken,
    );
    await reply(dan, adminTop.json.result, api.adminId, '来了');
    await send();
    expect(to(OWNER)).toHaveLength(1);
    expect(to(OWNER)[0].mail.subject).toContain('回复了你');
  });

  test('a comment on a guestbook message mails its author with the message page anchor', async () => {
    const erin = await person();
    const fay = await person();
    const msg = await api.call('POST', '/api/message/add', { message: '大家好', ...PLAIN_LOOK }, erin.token);
    expect(msg.json.code).toBe(0);
    const messageId = (
      await db.selectFrom('message').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    const c = await api.call(
      'POST',
      '/api/comment/add',
      { type: 3, for_id: messageId, content: '你好呀' },
      fay.token,
    );
    expect(c.json.code).toBe(0);
    await send();
    const got = to(erin.email);
    expect(got).toHaveLength(1);
    expect(got[0].mail.text).toContain(`/message/detail?id=${messageId}#comment-${c.json.result.id}`);
    expect(got[0].mail.text).toContain('回复了你在留言板的留言');
    // The blogger: the new message, then the comment under it.
    expect(to(OWNER).map((r) => r.mail.subject)).toEqual([
      expect.stringContaining('在留言板留言了'),
      expect.stringContaining('在留言板发表了评论'),
    ]);
  });

  test('owner_email, set in the config, is where the blogger mails go', async () => {
    const set = await api.call(
      'POST',
      '/api/config/update',
      { owner_email: 'me@owner.test' },
      api.adminToken,
    );
    expect(set.json.code).toBe(0);
    // Confirmed by the test mail that reaches it.
    expect((await api.call('POST', '/api/mail/test', {}, api.adminToken)).json.result.to).toBe(
      'me@owner.test',
    );
    smtp.received.length = 0;
    const bad = await api.call(
      'POST',
      '/api/config/update',
      { owner_email: 'not an address' },
      api.adminToken,
    );
    expect(bad.json).toMatchObject({ code: 100, message: expect.stringContaining('邮箱格式不正确') });
    // Never shown to the public.
    expect((await api.call('GET', '/api/config')).json.result).not.toHaveProperty('owner_email');
    const gus = await person();
    await comment(gus, '路过');
    await send();
    expect(to('me@owner.test')).toHaveLength(1);
    expect(to(OWNER)).toHaveLength(0);
    await api.call('POST', '/api/config/update', { owner_email: '' }, api.adminToken);
  });
});

async function nameOf(id: number): Promise<string> {
  return (await db.selectFrom('user').select('nick_name').where('id', '=', id).executeTakeFirstOrThrow())
    .nick_name;
}

/** The owner's review mode (docs/owner-guide.md#评论审核), through the console's own call. */
async function setReview(mode: 'off' | 'all'): Promise<void> {
  const r = await api.call('POST', '/api/config/update', { comment_review: mode }, api.adminToken);
  expect(r.json.code).toBe(0);
}

async function verdict(idList: number[], status: 'published' | 'spam') {
  return (await api.call('PUT', '/api/comment/review', { idList, status }, api.adminToken)).json;
}

describe('friend links and review', () => {
  test('an application mails the blogger; its approval mails the applicant', async () => {
    const hal = await person();
    const applied = await api.call(
      'POST',
      '/api/links/add',
      { site_name: '哈尔的站', site_desc: '一个站', site_avatar: '', url: 'https://hal.example' },
      hal.token,
    );
    expect(applied.json.code).toBe(0);
    await send();
    expect(to(OWNER).map((r) => r.mail.subject)).toEqual([expect.stringContaining('申请了友链「哈尔的站」')]);
    const link = await db
      .selectFrom('link')
      .select('id')
      .where('url', '=', 'https://hal.example')
      .executeTakeFirstOrThrow();
    expect(
      (await api.call('PUT', '/api/links/approve', { idList: [link.id] }, api.adminToken)).json.code,
    ).toBe(0);
    await send();
    const got = to(hal.email);
    expect(got).toHaveLength(1);
    expect(got[0].mail.subject).toBe('【测试博客】你的友链「哈尔的站」已通过审核');
    expect(got[0].mail.text).toContain('/link/list');
    expect(smtp.header(got[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  test('under review a waiting reply mails only the blogger; approving it mails its author and the one answered', async () => {
    const ann = await person();
    const ben = await person();
    const top = await comment(ann, '第一条');
    await send();
    smtp.received.length = 0;
    await setReview('all');
    try {
      const waiting = await reply(ben, top, ann.id, '等待审核的回复');
      const spam = await reply(ben, top, ann.id, '另一条等待的回复');
      await send();
      expect(to(ann.email)).toHaveLength(0);
      expect(to(ben.email)).toHaveLength(0);
      const told = to(OWNER);
      expect(told.map((r) => r.mail.subject)).toEqual([
        expect.stringMatching(/在文章《春天》发表了评论，等待审核$/),
        expect.stringMatching(/在文章《春天》发表了评论，等待审核$/),
      ]);
      expect(told[0].mail.text).toContain('/admin/comments?tab=pending');
      smtp.received.length = 0;

      expect((await verdict([spam.id], 'spam')).code).toBe(0);
      expect((await verdict([waiting.id], 'published')).code).toBe(0);
      await send();
      const approved = to(ben.email);
      expect(approved.map((r) => r.mail.subject)).toEqual(['【测试博客】你的评论已通过审核']);
      expect(approved[0].mail.text).toContain(`#comment-${waiting.id}`);
      const answered = to(ann.email);
      expect(answered.map((r) => r.mail.subject)).toEqual([expect.stringContaining('回复了你')]);
      expect(answered[0].mail.text).toContain(`#comment-${waiting.id}`);
      // The blogger approved it: no second mail about it; the spam one mailed nobody.
      expect(to(OWNER)).toHaveLength(0);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await setReview('off');
    }
  });

  test('under review a waiting guestbook message mails the blogger to review it', async () => {
    const cy = await person();
    await setReview('all');
    try {
      const r = await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '等我审核' }, cy.token);
      expect(r.json.code).toBe(0);
      await send();
      const told = to(OWNER);
      expect(told.map((m) => m.mail.subject)).toEqual([expect.stringMatching(/在留言板留言了，等待审核$/)]);
      expect(told[0].mail.text).toContain('/admin/comments?tab=pending');
    } finally {
      await setReview('off');
    }
  });
});

describe('delivery', () => {
  test('a refused message is retried and arrives', async () => {
    const jay = await person();
    const kim = await person();
    smtp.refuse(1);
    const parent = await comment(jay, '第一条');
    // The refusal hit the blogger's mail (the first queued): it goes again after its back-off.
    await reply(kim, parent, jay.id, '回复');
    await send();
    expect(to(jay.email)).toHaveLength(1);
    expect(to(OWNER)).toHaveLength(2);
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('to_addr', '=', OWNER)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
  });

  test('a mail refused on every attempt is failed, listed with its error, and 重试 sends it', async () => {
    const lea = await person();
    smtp.refuse(3);
    await comment(lea, '不会送达');
    await send();
    expect(to(OWNER)).toHaveLength(0);
    const failed = await api.call('GET', '/api/mail/failed?current=1&size=10', undefined, api.adminToken);
    expect(failed.json.code).toBe(0);
    const item = failed.json.result.list[0];
    expect(item).toMatchObject({ to_addr: OWNER, attempts: 3, last_error: expect.stringContaining('451') });
    expect(failed.json.result.total).toBe(1);
    const status = await api.call('GET', '/api/mail/status', undefined, api.adminToken);
    expect(status.json.result).toMatchObject({ enabled: true, to: OWNER, failed: 1 });
    const retried = await api.call('PUT', '/api/mail/retry', { idList: [item.id] }, api.adminToken);
    expect(retried.json).toMatchObject({ code: 0, result: 1 });
    await send();
    expect(to(OWNER)).toHaveLength(1);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'label'])
      .where('action', '=', '重试邮件')
      .execute();
    expect(audit).toEqual([{ action: '重试邮件', label: OWNER }]);
  });

  test('a permanent refusal (550, no such mailbox) fails the mail at once with the server’s words', async () => {
    const gone = await person(`gone${randomBytes(3).toString('hex')}${NO_SUCH_MAILBOX}`);
    const ray = await person();
    const top = await comment(gone, '我的邮箱已经不存在了');
    await reply(ray, top, gone.id, '回复一个收不到邮件的人');
    await send();
    const row = await db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('to_addr', '=', gone.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('550');
  });

  test('the console test mail arrives, and a refusal answers the SMTP error in Chinese', async () => {
    const sent = await api.call('POST', '/api/mail/test', {}, api.adminToken);
    expect(sent.json).toMatchObject({ code: 0, result: { to: OWNER } });
    expect(to(OWNER).map((r) => r.mail.subject)).toEqual(['【测试博客】测试邮件']);
    smtp.refuse(1);
    const refused = await api.call('POST', '/api/mail/test', {}, api.adminToken);
    expect(refused.json).toMatchObject({
      code: 100,
      message: expect.stringMatching(/^测试邮件发送失败：.*451/),
    });
  });

  test('with mail off nothing is queued and nothing breaks', async () => {
    setMailer(null);
    try {
      const mo = await person();
      await comment(mo, '没有邮件');
      expect(
        await db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute(),
      ).toEqual([]);
      const status = await api.call('GET', '/api/mail/status', undefined, api.adminToken);
      expect(status.json.result.enabled).toBe(false);
      const test = await api.call('POST', '/api/mail/test', {}, api.adminToken);
      expect(test.json).toMatchObject({ code: 100, message: expect.stringContaining('邮件未开启') });
    } finally {
      setMailer({ mailer, from, wake: () => {} });
    }
  });
});

describe('unsubscribing', () => {
  async function replyMailTo(): Promise<{ p: Person; got: Received }> {
    const p = await person();
    const q = await person();
    const parent = await comment(p, '订阅测试');
    await reply(q, parent, p.id, '回复你');
    await send();
    return { p, got: to(p.email)[0] };
  }
  /** The unsubscribe address's POST with the one-click form body (RFC 8058), `headers` beside its type. */
  const postOneClick = (url: URL, headers: Record<string, string>) =>
    api.app.request(
      url.pathname + url.search,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'List-Unsubscribe=One-Click',
      },
      { ip: '127.0.0.1' },
    );

  test('the one-click POST of List-Unsubscribe (a form body, no sign-in) stops the next reply mail', async () => {
    const { p, got } = await replyMailTo();
    const url = new URL(smtp.header(got, 'List-Unsubscribe').slice(1, -1));
    // What a mail client sends (RFC 8058): a form body from no page of ours.
    const res = await postOneClick(url, { origin: 'https://mail.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 0, message: '已退订', result: { kind: 'reply' } });
    smtp.received.length = 0;
    const r = await person();
    const parent = await comment(p, '再来一条');
    await reply(r, parent, p.id, '又回复你');
    await send();
    expect(to(p.email)).toHaveLength(0);
    // The personal center shows the switch off, and turning it on again mails again.
    const prefs = await api.call('GET', '/api/mail/preferences', undefined, p.token);
    expect(prefs.json.result).toEqual({
      email: p.email,
      confirmed: true,
      reply: false,
      review: true,
      link: true,
    });
    const on = await api.call('PUT', '/api/mail/preferences', { reply: true }, p.token);
    expect(on.json.result.reply).toBe(true);
    await reply(r, parent, p.id, '第三次回复');
    await send();
    expect(to(p.email)).toHaveLength(1);
  });

  test('the visible 退订 link shows a Chinese page to confirm, changing nothing; its button unsubscribes', async () => {
    const { p, got } = await replyMailTo();
    const link = /href="([^"]+)"[^>]*>退订<\/a>/.exec(got.mail.html || '')?.[1]?.replace(/&amp;/g, '&') ?? '';
    const url = new URL(link);
    const page = await api.app.request(url.pathname + url.search, {}, { ip: '127.0.0.1' });
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('确认退订');
    expect(html).toContain(p.email);
    // Chinese punctuation, and the question is not the page's last word (a full-width ？ ending a line
    // is drawn flush left in Chinese fonts and reads as a half-width one).
    const text = visibleText(html);
    expect(text.replace(p.email, '')).not.toMatch(/[?!,:;]/);
    expect(text).toMatch(/这类邮件？[^？]+。/);
    expect((await api.call('GET', '/api/mail/preferences', undefined, p.token)).json.result.reply).toBe(true);
    const done = await postOneClick(url, { accept: 'text/html' });
    const doneText = visibleText(await done.text());
    expect(doneText).toContain('已退订');
    expect(doneText.replace(p.email, '')).not.toMatch(/[?!,:;]/);
    expect((await api.call('GET', '/api/mail/preferences', undefined, p.token)).json.result.reply).toBe(
      false,
    );
  });

  test('a token not signed by the site is refused in Chinese', async () => {
    const { got } = await replyMailTo();
    const url = new URL(smtp.header(got, 'List-Unsubscribe').slice(1, -1));
    const forged = url.search.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    const res = await api.call('POST', `${url.pathname}${forged}`);
    expect(res.json).toMatchObject({ code: 100, message: expect.stringContaining('退订链接无效') });
    expect((await api.call('GET', '/api/mail/unsubscribe?token=x')).json.code).toBe(100);
  });

  test('preferences need an address and a sign-in', async () => {
    const none = await person('');
    const r = await api.call('PUT', '/api/mail/preferences', { reply: false }, none.token);
    expect(r.json).toMatchObject({ code: 100, message: '请先在个人资料里填写邮箱' });
    expect((await api.call('GET', '/api/mail/preferences')).status).toBe(401);
    const wrong = await api.call('PUT', '/api/mail/preferences', { reply: '是' }, none.token);
    expect(wrong.json.code).toBe(100);
  });
});

describe('the request does not wait for its mail', () => {
  test('a comment with mail on only queues its mail; with mail off, none', async () => {
    const active = { mailer, from, wake: () => {} };
    // A new writer per request (a person's comments are rate-limited).
    const writers = await Promise.all(Array.from({ length: 6 }, () => person()));
    const last = await db.selectFrom('mail_outbox').select(db.fn.max('id').as('id')).executeTakeFirst();
    const before = Number(last?.id ?? 0);
    try {
      for (const [i, w] of writers.entries()) {
        setMailer(i % 2 ? null : active);
        await comment(w, `排队${i}`);
      }
    } finally {
      setMailer(active);
    }
    // Each request with mail on wrote its row and answered: nothing was sent meanwhile (the sender's
    // wake-up is a no-op here), so the mail is still waiting in the outbox.
    const rows = await db
      .selectFrom('mail_outbox')
      .select('status')
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(smtp.received).toHaveLength(0);
  });
});
