import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalRedis, startRedis } from '../../scripts/local-services/redis.ts';
import { type Instance, startInstance, until } from './scale-instance.ts';
import { ChatClient } from './ws-client.ts';

/**
 * The Redis of two instances goes away and comes back (its own Redis, stopped and started
 * again on the same port), or hangs (its answers held back by a proxy in between, the connections
 * open). Meanwhile pages and the API keep answering without waiting on it, and no instance serves a
 * page it might have missed the invalidation of; afterwards they share again.
 * @module-tag services
 */

/** A TCP proxy to Redis whose answers can be held back (a hung Redis, a silent network). */
async function holdingProxy(target: () => number) {
  const upstreams = new Set<net.Socket>();
  let held = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target(), '127.0.0.1');
    upstreams.add(upstream);
    if (held) upstream.pause();
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      upstreams.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(on: boolean) {
      held = on;
      for (const u of upstreams) on ? u.pause() : u.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const u of upstreams) u.destroy();
        server.close(() => resolve());
      }),
  };
}
let proxy: Awaited<ReturnType<typeof holdingProxy>>;

const ADMIN = { username: 'admin', password: 'Admin12345' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-scale-down-'));
let redis: LocalRedis;
let a: Instance;
let b: Instance;
const clients: ChatClient[] = [];
const join = async (at: Instance, token?: string) => {
  const c = await ChatClient.join(at.wsUrl, token);
  clients.push(c);
  return c;
};

/** A request may not wait on a missing Redis: it must answer well within this. */
const within = <T>(p: Promise<T>, ms = 5000): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('hung')), ms))]);

beforeAll(async () => {
  redis = await startRedis();
  proxy = await holdingProxy(() => redis.port);
  const env = {
    DATA_DIR: dataDir,
    REDIS_URL: proxy.url,
    REDIS_PREFIX: `t${randomUUID().slice(0, 8)}:`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  a = await startInstance(env, { busHeartbeatMs: 200 });
  b = await startInstance(env, { busHeartbeatMs: 200 });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => (c.ws.readyState === WebSocket.OPEN ? c.close() : undefined)));
  await a?.close();
  await b?.close();
  await proxy?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('Redis stopped: pages and the API still answer, nothing stale is kept; restarted: shared again', async () => {
  const admin = (await a.call('POST', '/api/user/login', ADMIN)).json.result.token as string;
  const talk = (content: string) =>
    a.call('POST', '/api/talk/publishTalk', { content, talkImgList: [], status: 1, is_top: 2 }, admin);
  const u = await b.user();
  await b.page();
  expect((await b.page()).cache).toBe('hit');

  await redis.stop();
  await until(() => a.client.redisNow() === null && b.client.redisNow() === null, 'both see Redis gone');
  expect(await a.client.redisAnswers()).toBe(false);
  // b may miss a's invalidations now: it keeps no page until the link is back.
  for (let i = 0; i < 2; i++) {
    const page = await within(b.page());
    expect(page).toMatchObject({ status: 200, cache: 'miss' });
  }
  // The API answers: limits in-process, writes done, chat within the instance.
  expect(
    (await within(a.call('POST', '/api/user/login', { ...ADMIN, password: 'wrong1xx' }))).json.code,
  ).toBe(100);
  expect((await within(talk('Redis 不在时发的'))).json.code).toBe(0);
  const onB = await join(b, u.token);
  onB.send({ type: 'message', content: '只在本进程', content_type: 'text' });
  await onB.next('message', (f) => f.content === '只在本进程');

  redis = await startRedis(redis.port);
  await until(() => a.client.redisNow() !== null && b.client.redisNow() !== null, 'both back on Redis');
  // Pages are kept again, and a write on a drops them on b.
  await until(async () => (await b.page()).cache === 'hit', 'b caching again');
  expect((await talk('Redis 回来后发的')).json.code).toBe(0);
  await until(async () => (await b.page()).cache === 'miss', "b's page dropped");
  // The chat is shared again: b's user (written again after the restart) is on a's list, a's
  // messages reach b.
  await until(async () => (await a.hub.online()).some((e) => e.user_id === u.id), "b's user on a's list");
  const v = await a.user();
  const onA = await join(a, v.token);
  onA.send({ type: 'message', content: '又连上了', content_type: 'text' });
  await onB.next('message', (f) => f.content === '又连上了');
});

it('Redis hangs (connections open, no answers): taken for down, requests answer, then shared again', async () => {
  const u = await a.user();
  await until(async () => (await b.page()).cache === 'hit', 'b caching');
  proxy.hold(true);
  await until(() => a.client.redisNow() === null && b.client.redisNow() === null, 'both see Redis hung');
  expect((await within(b.page())).cache).toBe('miss');
  const wrong = await within(
    a.call('POST', '/api/user/login', { ...ADMIN, password: 'wrong2xx' }, undefined, '192.0.2.7'),
  );
  expect(wrong.json.code).toBe(100);
  const onA = await join(a, u.token);
  onA.send({ type: 'message', content: '挂起时', content_type: 'text' });
  await onA.next('message', (f) => f.content === '挂起时');
  proxy.hold(false);
  await until(() => a.client.redisNow() !== null && b.client.redisNow() !== null, 'both back');
  const v = await b.user();
  const onB = await join(b, v.token);
  onA.send({ type: 'message', content: '恢复后', content_type: 'text' });
  await onB.next('message', (f) => f.content === '恢复后');
});
