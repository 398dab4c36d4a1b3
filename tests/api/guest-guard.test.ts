import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi } from './helpers.ts';

const api = setupTestApi();

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A challenge from the site, solved here with altcha-lib's own solver, as the widget would send it. */
async function solved(challenge?: Challenge): Promise<string> {
  const c = challenge ?? (await api.call('GET', '/api/altcha/challenge')).json.result;
  const solution = await solveChallenge({ challenge: c as unknown as Challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
}

const setConfig = (patch: object) => api.call('POST', '/api/config/update', patch, api.adminToken);

let ip = 0;
/** A guest's message, each from an address of its own (the per-address limit is not what is tested). */
const guestPost = (body: object, from = `10.9.0.${++ip}`, headers: Record<string, string> = {}) =>
  api.callFrom(
    from,
    'POST',
    '/api/message/add',
    { ...PLAIN_LOOK, nick_name: '路人', ...body },
    undefined,
    headers,
  );

const messageCount = async () =>
  Number(
    (
      await db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('guest captcha (ALTCHA proof of work)', () => {
  it('is on by default and in GET /api/config', async () => {
    expect((await api.call('GET', '/api/config')).json.result).toMatchObject({ guest_captcha: true });
  });

  it('GET /api/altcha/challenge answers a signed challenge, never cached', async () => {
    const res = await api.call('GET', '/api/altcha/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.code).toBe(0);
    expect(res.json.result.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(typeof res.json.result.signature).toBe('string');
  });

  it('refuses a guest message without a solution, or with one that is not a payload', async () => {
    const before = await messageCount();
    for (const altcha of [undefined, '', 'bm90IGpzb24=', 'x'.repeat(100)]) {
      const res = await guestPost({ message: '没有验证', ...(altcha === undefined ? {} : { altcha }) });
      expect(res.json.message).toBe('请先完成人机验证');
      expect(res.json.code).not.toBe(0);
    }
    expect(await messageCount()).toBe(before);
  });

  it('takes a solved challenge once; the same solution again is refused', async () => {
    const altcha = await solved();
    const first = await guestPost({ message: '验证过的留言', altcha });
    expect(first.json).toMatchObject({ code: 0, message: '留言成功' });
    const again = await guestPost({ message: '再用一次', altcha });
    expect(again.json.message).toBe('请先完成人机验证');
    expect(
      await db.selectFrom('message').select('id').where('message', '=', '再用一次').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a challenge the site did not sign, and a solution altered after solving', async () => {
    const own = (await api.call('GET', '/api/altcha/challenge')).json.result as Challenge;
    const forged = { ...own, signature: '0'.repeat(64) };
    expect((await guestPost({ message: '伪造', altcha: await solved(forged) })).json.message).toBe(
      '请先完成人机验证',
    );
    const payload = JSON.parse(Buffer.from(await solved(), 'base64').toString());
    const key: string = payload.solution.derivedKey;
    payload.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const altered = Buffer.from(JSON.stringify(payload)).toString('base64');
    expect((await guestPost({ message: '改过的', altcha: altered })).json.message).toBe('请先完成人机验证');
  });

  it('asks nothing of a member', async () => {
    const u = await api.user();
    const res = await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '会员的留言' }, u.token);
    expect(res.json.code).toBe(0);
  });

  it('off: a guest posts as the original client does, without a solution', async () => {
    expect((await setConfig({ guest_captcha: false })).json.code).toBe(0);
    expect((await api.call('GET', '/api/config')).json.result.guest_captcha).toBe(false);
    const res = await guestPost({ message: '关掉以后的留言' });
    expect(res.json).toMatchObject({ code: 0, message: '留言成功' });
    await setConfig({ guest_captcha: true });
  });

  it('the switch is the admin’s, and only a boolean', async () => {
    const u = await api.user();
    expect((await api.call('POST', '/api/config/update', { guest_captcha: false }, u.token)).status).toBe(
      403,
    );
    expect((await setConfig({ guest_captcha: 'no' })).json.message).toContain('开关只能是 true 或 false');
    expect((await api.call('GET', '/api/config')).json.result.guest_captcha).toBe(true);
  });
});

describe('IP 属地 and browser · system', () => {
  const thing = { type: 3 };
  let messageId = 0;

  const comment = async (from: string, content: string) => {
    const u = await api.user();
    const res = await api.callFrom(
      from,
      'POST',
      '/api/comment/add',
      { ...thing, for_id: messageId, content },
      u.token,
      { 'user-agent': CHROME_WINDOWS },
    );
    expect(res.json.code).toBe(0);
    return res.json.result as { id: number; ipAddress: string; userAgent: string };
  };
  const stored = (id: number) =>
    db
      .selectFrom('comment')
      .select(['ip_address', 'user_agent'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('off by default: a comment stores and answers nothing of it', async () => {
    const u = await api.user();
    messageId = (await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '楼' }, u.token)).json
      .result.id;
    expect((await api.call('GET', '/api/config')).json.result).toMatchObject({
      ip_region: false,
      ua_summary: false,
    });
    const c = await comment('223.5.5.5', '关着的时候');
    expect(c).toMatchObject({ ipAddress: '', userAgent: '' });
    expect(await stored(c.id)).toEqual({ ip_address: '', user_agent: '' });
  });

  it('on: a comment stores the province and the browser · system, and the lists answer them', async () => {
    await setConfig({ ip_region: true, ua_summary: true });
    const c = await comment('223.5.5.5', '开着的时候');
    expect(c).toMatchObject({ ipAddress: '浙江', userAgent: 'Chrome · Windows' });
    expect(await stored(c.id)).toEqual({ ip_address: '浙江', user_agent: 'Chrome · Windows' });
    const list = (
      await api.call('POST', '/api/comment/frontGetParentComment', {
        ...thing,
        for_id: messageId,
        current: 1,
        size: 10,
      })
    ).json.result.list;
    expect(list.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      ipAddress: '浙江',
      userAgent: 'Chrome · Windows',
    });
  });

  it('on: a guest message stores and answers them too', async () => {
    await setConfig({ guest_captcha: false });
    const res = await guestPost({ message: '来自远方的留言' }, '114.114.114.114', {
      'user-agent': CHROME_WINDOWS,
    });
    expect(res.json.code).toBe(0);
    const row = await db
      .selectFrom('message')
      .select(['ip_address', 'user_agent'])
      .where('id', '=', res.json.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ip_address: '江苏', user_agent: 'Chrome · Windows' });
    const list = (await api.call('POST', '/api/message/getMessageList', { current: 1, size: 5 })).json.result
      .list;
    expect(list.find((m: { id: number }) => m.id === res.json.result.id)).toMatchObject({
      ipAddress: '江苏',
      userAgent: 'Chrome · Windows',
    });
    await setConfig({ guest_captcha: true });
  });

  it('turned off again: what was kept is no longer answered', async () => {
    await setConfig({ ip_region: false, ua_summary: false });
    const list = (
      await api.call('POST', '/api/comment/frontGetParentComment', {
        ...thing,
        for_id: messageId,
        current: 1,
        size: 10,
      })
    ).json.result.list;
    expect(list.every((x: { ipAddress: string; userAgent: string }) => !x.ipAddress && !x.userAgent)).toBe(
      true,
    );
  });
});
