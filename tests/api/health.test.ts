import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/local-services/redis.ts';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { initConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import {
  answerProbe,
  healthProbe,
  pingDatabase,
  type ReadyChecks,
  readyChecksFor,
} from '../../src/server/health.ts';
import { startRedis as connectRedis, stopRedis as disconnectRedis } from '../../src/server/redis/client.ts';
import { newPgDatabase } from './processes.ts';

/**
 * /healthz and /readyz on a real socket, against a real SQLite file and the run's
 * PostgreSQL; the browser phase checks the same paths on the built server (tests/e2e/ops.spec.ts).
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-health-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
  await closeDatabase();
});

/** A server answering the probes the way the HTTP front does (root/front.ts; 404 for anything else). */
async function probeServer(checks: ReadyChecks): Promise<string> {
  server = http.createServer((req, res) => {
    const probe = healthProbe(req.url);
    if (probe) return void answerProbe(probe, req, res, checks);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function get(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const text = await res.text();
  return {
    status: res.status,
    cache: res.headers.get('cache-control'),
    body: text ? JSON.parse(text) : null,
  };
}

describe('health probes', () => {
  it('SQLite: ready while the database answers, 503 naming it once it does not; alive throughout', async () => {
    await prepareDatabase(
      initConfig({
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'Admin12345',
        LOG_LEVEL: 'silent',
      }),
    );
    const base = await probeServer({ required: { database: pingDatabase } });
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    expect(await get(`${base}/readyz?probe=1`)).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'ok', checks: { database: 'ok' } },
    });
    await closeDatabase();
    const down = await get(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('unavailable');
    expect(down.body.checks.database).not.toBe('ok');
    expect((await get(`${base}/healthz`)).status).toBe(200);
  });

  it('PostgreSQL: ready on a database that answers, 503 with its error on one that does not', {
    tags: ['services'],
  }, async () => {
    const url = await newPgDatabase('health');
    await openDatabase({ dataDir, databaseUrl: url });
    const base = await probeServer({ required: { database: pingDatabase } });
    expect((await get(`${base}/readyz`)).body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    await closeDatabase();
    await openDatabase({ dataDir, databaseUrl: url.replace(/\/[^/]+$/, '/no_such_database') });
    const down = await get(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(down.body.checks.database).toContain('no_such_database');
  });

  it('another dependency is one more line: a failing or hanging one makes the process not ready', async () => {
    await prepareDatabase(initConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }));
    const base = await probeServer({
      required: {
        database: pingDatabase,
        queue: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
        slow: () => new Promise(() => {}),
      },
    });
    const r = await get(`${base}/readyz`);
    expect(r.status).toBe(503);
    expect(r.body.checks).toEqual({
      database: 'ok',
      queue: 'connect ECONNREFUSED 127.0.0.1:6379',
      slow: 'no answer within 2000 ms',
    });
    const head = await fetch(`${base}/readyz`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([503, '']);
    expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(405);
  });

  it('with REDIS_URL, /readyz asks Redis too: ready while it answers, 200 degraded once it is gone', {
    tags: ['services'],
  }, async () => {
    await prepareDatabase(initConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }));
    expect(readyChecksFor({ redisUrl: undefined }).optional).toEqual({});
    const redis = await startRedis();
    try {
      await connectRedis(redis.url, 'health-test:');
      const base = await probeServer(readyChecksFor({ redisUrl: redis.url }));
      expect(await get(`${base}/readyz`)).toMatchObject({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
      });
      await redis.stop();
      // The process serves without Redis, so a readiness-gated balancer must keep it.
      expect(await get(`${base}/readyz`)).toMatchObject({
        status: 200,
        body: { status: 'degraded', checks: { database: 'ok', redis: 'degraded' } },
      });
      // Without the database it is not ready, whatever Redis says.
      await closeDatabase();
      const down = await get(`${base}/readyz`);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'unavailable', checks: { redis: 'degraded' } });
      expect(down.body.checks.database).not.toBe('ok');
    } finally {
      await disconnectRedis();
      await redis.stop();
    }
  });
});
