import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalRedis, startRedis } from '../../scripts/local-services/redis.ts';
import { type Instance, startInstance, until } from './scale-instance.ts';
import { ChatClient } from './ws-client.ts';

/**
 * Issue 21: the Redis of two instances goes away and comes back (its own Redis, stopped and started
 * again on the same port). Meanwhile pages and the API keep answering without waiting on it, and no
 * instance serves a page it might have missed the invalidation of; afterwards they share again.
 */

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
  const env = {
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
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
