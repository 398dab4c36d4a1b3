import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../setup/database.ts';
import { type Instance, startInstance, until } from './scale-instance.ts';
import { ChatClient } from './ws-client.ts';

/**
 * REDIS_URL (docs/decisions/0003-several-processes-with-redis.md): two (for one test three) server
 * instances with their own Redis connections and their own memory, on one database and the run's Redis,
 * share the chat, the page-cache invalidation, the limits and the view dedupe. Without REDIS_URL each of
 * these would be per instance and every test below fails.
 * @module-tag services
 */

const ADMIN = { username: 'admin', password: 'Admin12345' };
const HEARTBEAT_MS = 200;
const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-scale-'));
// A prefix of its own: other files share the run's Redis.
const prefix = `t${randomUUID().slice(0, 8)}:`;
/** Read when an instance starts: the file is still loaded (its tests skipped) by `npm run test:unit`. */
const env = () => ({
  DATA_DIR: dataDir,
  REDIS_URL: serviceUrl('redisUrl'),
  REDIS_PREFIX: prefix,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  WRITES_PER_MINUTE: '40',
});

let a: Instance;
let b: Instance;
let adminToken = '';
const clients: ChatClient[] = [];
const join = async (at: Instance, token?: string) => {
  const c = await ChatClient.join(at.wsUrl, token);
  clients.push(c);
  return c;
};
const ids = (list: { user_id: number }[]) => list.map((e) => e.user_id);

beforeAll(async () => {
  a = await startInstance(env(), { busHeartbeatMs: HEARTBEAT_MS });
  b = await startInstance(env(), { busHeartbeatMs: HEARTBEAT_MS });
  const login = await a.call('POST', '/api/user/login', ADMIN, undefined, '192.0.2.250');
  adminToken = login.json.result.token;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => (c.ws.readyState === WebSocket.OPEN ? c.close() : undefined)));
  await a?.close();
  await b?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('chat across instances', () => {
  it('a message, a recall, a clear and a kick on one instance reach the sockets of the other', async () => {
    const [u1, u2] = [await a.user(), await b.user()];
    const onA = await join(a, u1.token);
    const onB = await join(b, u2.token);
    onA.send({ type: 'message', content: '来自一号进程', content_type: 'text' });
    const message = await onB.next('message', (f) => f.content === '来自一号进程');
    onA.send({ type: 'revert', message_id: message.id });
    await onB.next('revert', (f) => f.message_id === message.id);
    expect((await a.call('POST', '/api/chat/delete', {}, adminToken)).json.code).toBe(0);
    await onB.next('clear');
    const admin = await join(a, adminToken);
    admin.send({ type: 'offline', user_id: u2.id });
    await onB.next('offline');
    expect((await onB.closed).code).toBe(4001);
  });

  it('presence is one list: a user with tabs on both instances is counted once', async () => {
    const u = await a.user();
    const watcher = await join(b);
    const tab1 = await join(a, u.token);
    // On the other instance's list too, before it has any socket of theirs.
    await until(async () => ids(await b.hub.online()).includes(u.id), "on b's list");
    await watcher.next('onlineList', (f) => ids(f.list).includes(u.id));
    const tab2 = await join(b, u.token);
    for (const at of [a, b]) expect(ids(await at.hub.online()).filter((id) => id === u.id)).toHaveLength(1);
    // Welcomed once, when the first tab came: the second tab, on the other instance, is not a newcomer.
    await watcher.next('tips', (f) => f.content.includes(u.name));
    await tab1.close();
    for (const at of [a, b]) expect(ids(await at.hub.online())).toContain(u.id);
    await tab2.close();
    for (const at of [a, b]) await until(async () => !ids(await at.hub.online()).includes(u.id), 'offline');
    expect(watcher.all('tips').filter((f) => f.content.includes(u.name))).toHaveLength(1);
  });

  it('the users of an instance that dies leave the list on the others', async () => {
    const c = await startInstance(env(), { busHeartbeatMs: HEARTBEAT_MS });
    try {
      const u = await c.user();
      const watcher = await join(a);
      await join(c, u.token);
      await until(async () => ids(await a.hub.online()).includes(u.id), 'online on a');
      // Dead as far as the others can tell: no more beats, nothing cleaned up.
      await c.client.stopRedis();
      await until(async () => !ids(await a.hub.online()).includes(u.id), 'gone from a');
      await watcher.next('onlineList', (f) => !ids(f.list).includes(u.id));
      expect(ids(await b.hub.online())).not.toContain(u.id);
    } finally {
      await c.close();
    }
  });
});

describe('page cache across instances', () => {
  it("a page write on one instance drops the other's cached pages", async () => {
    await b.page();
    expect((await b.page()).cache).toBe('hit');
    const talk = await a.call(
      'POST',
      '/api/talk/publishTalk',
      { content: '多进程', talkImgList: [], status: 1, is_top: 2 },
      adminToken,
    );
    expect(talk.json.code).toBe(0);
    await until(async () => (await b.page()).cache === 'miss', "b's page dropped");
  });

  it("a tagged write on one instance drops only the other's pages that showed what it changed", async () => {
    // The talk below drops b's talk list and the page that cannot say what it showed when its
    // broadcast lands. Wait for that (that page turns into a miss) so it cannot drop the pages cached next.
    await b.page('/page');
    expect((await b.page('/page')).cache).toBe('hit');
    const talk = await a.call(
      'POST',
      '/api/talk/publishTalk',
      { content: '标签跨进程', talkImgList: [], status: 1, is_top: 2 },
      adminToken,
    );
    const talkId = talk.json.result.id ?? talk.json.result;
    await until(async () => (await b.page('/page')).cache === 'miss', 'the talk write landed on b');
    const pages = ['/talks', '/messages', '/config'];
    for (const p of pages) await b.page(p);
    for (const p of pages) expect((await b.page(p)).cache, p).toBe('hit');
    const u = await a.user();
    const comment = await a.call(
      'POST',
      '/api/comment/add',
      { type: 2, for_id: talkId, content: '跨进程评论' },
      u.token,
    );
    expect(comment.json.code).toBe(0);
    await until(async () => (await b.page('/talks')).cache === 'miss', "b's talk list dropped");
    expect((await b.page('/messages')).cache).toBe('hit');
    expect((await b.page('/config')).cache).toBe('hit');
  });
});

describe('limits across instances', () => {
  const wrong = (at: Instance, ip: string, i: number) =>
    at.call('POST', '/api/user/login', { username: ADMIN.username, password: `wrong${i}xx` }, undefined, ip);

  it('five failed logins from an address, spread over both, lock it on both', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 5; i++) expect((await wrong(i % 2 ? a : b, ip, i)).json.code).toBe(100);
    for (const at of [a, b]) {
      const right = await at.call('POST', '/api/user/login', ADMIN, undefined, ip);
      expect(right.status).toBe(429);
    }
  });

  it('a parallel burst over both instances gets no more than five attempts evaluated', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => wrong(i % 2 ? a : b, '198.51.100.2', i)),
    );
    expect(answers.filter((r) => r.status !== 429)).toHaveLength(5);
  });

  it('failures for one account from many addresses, spread over both, slow it on both', async () => {
    const u = await a.user();
    const attempt = (at: Instance, ip: string, password: string) =>
      at.call('POST', '/api/user/login', { username: u.name, password }, undefined, ip);
    // Ten addresses, one failure each, alternating instances: five on each, ten for the account.
    for (let i = 0; i < 10; i++)
      expect((await attempt(i % 2 ? a : b, `198.51.100.${20 + i}`, `Wrong${i}xx`)).json.code).toBe(100);
    for (const at of [a, b]) {
      const slowed = await attempt(at, '198.51.100.40', 'Wrong99xx');
      expect(slowed.json.code).toBe(100);
      expect(Number(slowed.headers.get('x-login-delay'))).toBeGreaterThan(0);
    }
    // Slowed, never refused: the right password signs in.
    const owner = await attempt(b, '198.51.100.41', 'Passw0rd!');
    expect(owner.json.code).toBe(0);
    expect(Number(owner.headers.get('x-login-delay'))).toBeGreaterThan(0);
  });

  it('parallel wrong second-step codes over both instances: at most ten checked, then the code step is locked on both', async () => {
    const u = await a.user();
    const { secret } = (await a.call('POST', '/api/user/2fa/setup', { password: 'Passw0rd!' }, u.token)).json
      .result;
    const code = (ahead = 0) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead });
    const on = await b.call('POST', '/api/user/2fa/enable', { password: 'Passw0rd!', code: code() }, u.token);
    expect(on.json.code).toBe(0);
    const good = new Set([-30_000, 0, 30_000, 60_000].map(code));
    const guesses = Array.from({ length: 200 }, (_, i) => String(100_000 + i * 4999).padStart(6, '0')).filter(
      (g) => !good.has(g),
    );
    const attempt = (at: Instance, ip: string, otp: string) =>
      at.call('POST', '/api/user/login', { username: u.name, password: 'Passw0rd!', otp }, undefined, ip);
    // 40 at once, each from an address of its own, alternating instances.
    const answers = await Promise.all(
      guesses.slice(0, 40).map((g, i) => attempt(i % 2 ? a : b, `198.51.101.${i + 1}`, g)),
    );
    const checked = answers.filter((r) => r.json.message === '两步验证码不正确').length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    // The rest were refused unchecked (one check at a time per account); one by one, the count goes on to
    // ten and no further.
    let wrongs = checked;
    for (let i = 40; i < 60; i++) {
      const r = await attempt(i % 2 ? a : b, `198.51.101.${i + 1}`, guesses[i]);
      if (r.json.message === '两步验证码不正确') wrongs++;
    }
    expect(wrongs).toBe(10);
    for (const at of [a, b]) {
      const locked = await attempt(at, '198.51.102.1', code(30_000));
      expect(locked.json.message).toContain('两步验证码错误次数过多');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The recovery codes still sign in.
    const recovery = on.json.result.recovery_codes as string[];
    expect((await attempt(a, '198.51.102.2', recovery[0])).json.code).toBe(0);
  });

  it('the write flood guard counts the writes of both instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).call('POST', '/api/no/such/route', {}, undefined, '198.51.100.3'),
      ),
    );
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
  });
});

describe('view dedupe across instances', () => {
  it('an article view counted on one instance is not counted again on the other', async () => {
    const id = await a.article();
    expect(await a.views.countView(id, '203.0.113.9')).toBe(true);
    expect(await b.views.countView(id, '203.0.113.9')).toBe(false);
    expect(await b.views.countView(id, '203.0.113.10')).toBe(true);
  });

  it("a day's unique visitor is counted once over both instances", async () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
    a.tally.takeCounts();
    b.tally.takeCounts();
    a.tally.countVisitor('203.0.113.20', ua);
    b.tally.countVisitor('203.0.113.20', ua);
    b.tally.countVisitor('203.0.113.21', ua);
    let views = 0;
    let uniques = 0;
    const take = () => {
      for (const at of [a, b])
        for (const [, c] of at.tally.takeCounts().days) {
          views += c.views;
          uniques += c.uniques;
        }
    };
    await until(() => {
      take();
      return uniques >= 2;
    }, 'two uniques');
    // Every answer of Redis to these instances has been handled once a later command has its answer.
    await Promise.all([a.client.redisAnswers(), b.client.redisAnswers()]);
    take();
    expect({ views, uniques }).toEqual({ views: 3, uniques: 2 });
  });
});

describe('the site visit counter across instances', () => {
  it('counts a visitor once a day over both instances', async () => {
    const visit = async (at: Instance, ip: string) =>
      (await at.call('PUT', '/api/config/addView', undefined, undefined, ip)).json.result.view_time as number;
    const before = (await a.call('GET', '/api/config')).json.result.view_time as number;
    expect(await visit(a, '203.0.113.40')).toBe(before + 1);
    expect(await visit(b, '203.0.113.40')).toBe(before + 1);
    expect(await visit(a, '203.0.113.40')).toBe(before + 1);
    expect(await visit(b, '203.0.113.41')).toBe(before + 2);
    expect(await visit(a, '203.0.113.41')).toBe(before + 2);
  });
});

describe('QR login and music sessions', () => {
  it('are database rows: a key made on one instance is confirmed and used on the other', async () => {
    const u = await a.user();
    const key = (await a.wapi('/wapi/login/qr/key')).body.data.unikey as string;
    expect((await b.call('POST', '/api/music/qr/scan', { key }, u.token)).json.code).toBe(0);
    expect((await a.call('POST', '/api/music/qr/confirm', { key }, u.token)).json.code).toBe(0);
    const done = await b.wapi(`/wapi/login/qr/check?key=${key}`);
    expect(done.body.code).toBe(803);
    const status = await a.wapi('/wapi/login/status', done.cookie);
    expect(status.body.data.account).toMatchObject({ id: u.id, anonimousUser: false });
  });
});
