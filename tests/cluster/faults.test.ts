import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  type ClusterNode,
  startCluster,
  startNode,
  stopNode,
} from '../../scripts/local-services/cluster.ts';
import { freePort } from '../../scripts/local-services/common.ts';
import { type LocalRedis, startRedis } from '../../scripts/local-services/redis.ts';
import { type TcpProxy, tcpProxy } from '../../scripts/local-services/tcp-proxy.ts';
import { type Answer, adminToken, call, eventually, freshIp } from './client.ts';

/**
 * An operator's bad day (docs/decisions/0006-database-outage.md), on a cluster of its own (two built
 * processes on PostgreSQL and Redis behind nginx, process 1's Redis link through a TCP proxy this test can
 * cut): PostgreSQL restarted under load, its idle connections terminated, a process started while it is
 * down, one process cut off from Redis, Redis stopped for all. No process may exit, nothing acknowledged
 * may be lost, nothing hidden may be shown, and everything heals without a restart.
 */

let cluster: Cluster;
let link: TcpProxy;
/** A Redis started again by a test (the cluster's stop knows only the first). */
let laterRedis: LocalRedis | undefined;
const tokens: string[] = [];
const base = (i: number) => cluster.nodes[i].url;
const ADDRESSES = [freshIp(), freshIp()];

beforeAll(async () => {
  link = await tcpProxy();
  cluster = await startCluster({
    nodeEnv: (i, shared): Record<string, string> => {
      if (i !== 0) return {};
      link.target = Number(new URL(shared.redisUrl).port);
      return { REDIS_URL: `redis://127.0.0.1:${link.port}` };
    },
  });
  for (const i of [0, 1]) tokens[i] = await adminToken(base(i));
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await laterRedis?.stop();
  await link?.close();
});

const alive = () => cluster.nodes.every((n) => n.child.exitCode === null && n.child.signalCode === null);

const asAdmin = (i: number, method: string, url: string, body?: unknown) =>
  call(base(i), method, url, body, { token: tokens[i], ip: ADDRESSES[i] });

async function addArticle(i: number, title: string): Promise<number> {
  const add = await asAdmin(i, 'POST', '/api/article/add', { article_title: title, article_content: '正文' });
  expect(add.json.code, JSON.stringify(add.json)).toBe(0);
  return add.json.result.id;
}

/** A page's status and whether it came from the process's page cache. */
async function page(
  url: string,
): Promise<{ status: number; cache: string | null; retryAfter: string | null }> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return {
    status: res.status,
    cache: res.headers.get('x-page-cache'),
    retryAfter: res.headers.get('retry-after'),
  };
}

/** Views `url` on process `i` until it is answered from that process's page cache. */
const cached = (i: number, url: string) =>
  eventually(
    () => page(base(i) + url),
    (p) => p.cache === 'hit',
    10_000,
  );

async function readyz(i: number): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base(i)}/readyz`);
  return { status: res.status, body: await res.json() };
}

const publishTalk = (i: number, content: string) =>
  asAdmin(i, 'POST', '/api/talk/publishTalk', { content, talkImgList: [], status: 1, is_top: 2 });

async function rowsIn(table: string, ids: number[]): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const r = await client.query(`select count(*)::int as n from ${table} where id = any($1)`, [ids]);
    return r.rows[0].n;
  } finally {
    await client.end();
  }
}

describe('Redis', () => {
  it('one process cut off from Redis: its write still takes the private article off the other within 10 s', async () => {
    const id = await addArticle(0, `分区文章 ${Date.now()}`);
    const url = `/article?id=${id}`;
    expect((await cached(1, url)).cache).toBe('hit');
    const before = cluster.nodes[0].output().length;
    link.cut();
    // Process 1 has found its link down: the write below cannot be published.
    const said = await eventually(
      async () => cluster.nodes[0].output().slice(before),
      (out) => out.includes('redis: connection lost'),
      10_000,
    );
    expect(said).toContain('redis: connection lost');
    const hide = await asAdmin(0, 'PUT', '/api/article/update', { id, status: 2 });
    expect(hide.json.code).toBe(0);
    // Through the database mark every process reads every 5 s (it once took 24–30 minutes).
    expect(
      (
        await eventually(
          () => page(base(1) + url),
          (p) => p.status === 404,
          10_000,
        )
      ).status,
    ).toBe(404);
    expect((await page(base(0) + url)).status).toBe(404);
    link.heal();
    expect(
      (
        await eventually(
          () => readyz(0),
          (r) => r.body.checks?.redis === 'ok',
          15_000,
        )
      ).body.status,
    ).toBe('ok');
    expect(alive()).toBe(true);
  }, 60_000);

  it('Redis stopped for all: both stay ready (degraded, logged), serve pages and writes, and share again once it is back', async () => {
    const port = cluster.redis.port;
    await cluster.redis.stop();
    for (const i of [0, 1]) {
      const r = await eventually(
        () => readyz(i),
        (x) => x.body.checks?.redis === 'degraded',
        10_000,
      );
      expect(r).toEqual({
        status: 200,
        body: { status: 'degraded', checks: { database: 'ok', redis: 'degraded' } },
      });
      expect((await page(`${base(i)}/home`)).status).toBe(200);
      expect((await publishTalk(i, `Redis 停了 ${i}`)).json.code).toBe(0);
    }
    await eventually(
      async () => cluster.nodes.map((n) => n.output()).join(''),
      (out) => out.includes('readyz: serving degraded'),
      5_000,
    );
    for (const n of cluster.nodes) expect(n.output()).toContain('readyz: serving degraded');
    laterRedis = await startRedis(port);
    for (const i of [0, 1])
      expect(
        (
          await eventually(
            () => readyz(i),
            (x) => x.body.status === 'ok',
            15_000,
          )
        ).status,
      ).toBe(200);
    expect(alive()).toBe(true);
  }, 60_000);
});

describe('PostgreSQL', () => {
  it('its idle connections terminated (pg_terminate_backend, idle_session_timeout, a pooler): no process exits, the next writes succeed', async () => {
    // Both pools hold idle connections now.
    for (const i of [0, 1]) expect((await publishTalk(i, `空闲连接 ${i}`)).json.code).toBe(0);
    const admin = new pg.Client({ connectionString: cluster.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    for (const i of [0, 1]) {
      const write = await eventually(
        () => publishTalk(i, `重连 ${i}`),
        (a) => a.json.code === 0,
        10_000,
      );
      expect(write.json.code).toBe(0);
    }
    expect(alive()).toBe(true);
  }, 60_000);

  it('restarted under a read/write load: no process exits, cached pages answer, the rest 503 then succeed, nothing acknowledged is lost', async () => {
    const shown = `/article?id=${await addArticle(0, `缓存文章 ${Date.now()}`)}`;
    const unseen = `/article?id=${await addArticle(1, `未缓存文章 ${Date.now()}`)}`;
    for (const i of [0, 1]) expect((await cached(i, shown)).cache).toBe('hit');

    // The load: each process takes a write every 50 ms, the proxy a view of the cached page.
    const acknowledged: number[] = [];
    const writeStatuses: number[] = [];
    const viewStatuses: number[] = [];
    let running = true;
    let n = 0;
    const writer = async (i: number) => {
      while (running) {
        const a: Answer = await publishTalk(i, `负载 ${i}-${++n}`);
        writeStatuses.push(a.status);
        if (a.json.code === 0) acknowledged.push(a.json.result.id);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const viewer = async () => {
      while (running) {
        viewStatuses.push((await page(cluster.proxy + shown)).status);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all([writer(0), writer(1), viewer()]);
    await eventually(
      async () => acknowledged.length,
      (k) => k >= 5,
      10_000,
    );

    await cluster.postgres.halt();
    try {
      for (const i of [0, 1]) {
        // Cached pages are still answered.
        expect(await page(base(i) + shown)).toMatchObject({ status: 200, cache: 'hit' });
        // A page that needs the database says so.
        const miss = await page(base(i) + unseen);
        expect(miss).toMatchObject({ status: 503, retryAfter: '5' });
        const text = await (await fetch(base(i) + unseen)).text();
        expect(text).toContain('数据库暂时不可用，请稍后再试');
        // A read that needs it, and a write: the envelope, with Retry-After.
        for (const answer of [
          await call(base(i), 'GET', '/api/article/getHotArticle'),
          await publishTalk(i, '数据库不在时的写入'),
        ]) {
          expect(answer.status).toBe(503);
          expect(answer.json).toEqual({ code: 503, message: '数据库暂时不可用，请稍后再试' });
          expect(answer.headers.get('retry-after')).toBe('5');
        }
        expect((await readyz(i)).status).toBe(503);
      }
      expect(alive()).toBe(true);
    } finally {
      await cluster.postgres.resume();
    }

    // Back by itself: a write succeeds and readiness returns on both, with no restart.
    for (const i of [0, 1]) {
      expect(
        (
          await eventually(
            () => publishTalk(i, `恢复 ${i}`),
            (a) => a.json.code === 0,
            15_000,
          )
        ).json.code,
      ).toBe(0);
      expect(
        (
          await eventually(
            () => readyz(i),
            (r) => r.status === 200,
            15_000,
          )
        ).status,
      ).toBe(200);
      expect((await page(base(i) + unseen)).status).toBe(200);
    }
    running = false;
    await load;
    expect(alive()).toBe(true);
    // Every write answered code 0 is in the database; no answer was a 502 (no process went away).
    expect(await rowsIn('talk', acknowledged)).toBe(acknowledged.length);
    expect(writeStatuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(writeStatuses).toContain(503);
    expect(viewStatuses.every((s) => s === 200)).toBe(true);
  }, 90_000);

  it('a process started while PostgreSQL is down waits for it, saying so, and serves once it is back', async () => {
    await cluster.postgres.halt();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-node-'));
    let output = '';
    let late: ClusterNode | undefined;
    try {
      const port = await freePort();
      const starting = startNode(
        { ...cluster.envOf(1), PORT: String(port), DATA_DIR: dataDir, SITE_ALIASES: `127.0.0.1:${port}` },
        {
          onOutput: (out) => {
            output = out;
          },
        },
      );
      starting.catch(() => {});
      await eventually(
        async () => output,
        (o) => o.includes('database: not reachable yet; waiting for it'),
        15_000,
      );
      expect(output).toContain('database: not reachable yet; waiting for it');
      await cluster.postgres.resume();
      late = await starting;
      expect(
        (
          await eventually(
            () => fetch(`${late?.url}/readyz`),
            (r) => r.status === 200,
            10_000,
          )
        ).status,
      ).toBe(200);
      expect((await fetch(`${late.url}/home`)).status).toBe(200);
    } finally {
      await cluster.postgres.resume();
      if (late) await stopNode(late);
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(alive()).toBe(true);
  }, 90_000);
});
