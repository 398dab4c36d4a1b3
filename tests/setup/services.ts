/**
 * Vitest's global setup: one throw-away PostgreSQL and one Redis for the whole run (started before
 * the first test file, stopped after the last; scripts/local-services). Test files reach them with
 * `serviceUrl('pgUrl')` (a superuser URL: a file makes its own database) and `serviceUrl('redisUrl')`
 * (a file keeps to its own key prefix or database number; tests/setup/database.ts). Each project of
 * vitest.config.ts runs this setup; they share the one pair of services (kept on globalThis, stopped
 * with the last project).
 *
 * With TEST_SERVICES=none (`npm run test:unit`, which also leaves out the tests tagged `services`)
 * it starts nothing and provides no URL.
 */
import type { TestProject } from 'vitest/node';
import { type LocalPostgres, startPostgres } from '../../scripts/local-services/postgres.ts';
import { type LocalRedis, startRedis } from '../../scripts/local-services/redis.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** Undefined with TEST_SERVICES=none: read them through serviceUrl (tests/setup/database.ts). */
    pgUrl?: string;
    redisUrl?: string;
    /** The project's database: 'sqlite' (a file per test file) or 'postgres' (a database per test file). */
    database: 'sqlite' | 'postgres';
  }
}

type Shared = { services: Promise<[LocalPostgres, LocalRedis]>; users: number };
const key = Symbol.for('blog.test.services');
const holder = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject) {
  if (process.env.TEST_SERVICES === 'none') return;
  let shared = holder[key];
  if (!shared) {
    shared = { services: Promise.all([startPostgres(), startRedis()]), users: 0 };
    holder[key] = shared;
  }
  shared.users++;
  const [pg, redis] = await shared.services;
  project.provide('pgUrl', pg.url);
  project.provide('redisUrl', redis.url);
  return async () => {
    const s = holder[key];
    if (!s || --s.users > 0) return;
    holder[key] = undefined;
    await Promise.all([pg.stop(), redis.stop()]);
  };
}
