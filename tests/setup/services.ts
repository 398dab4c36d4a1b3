/**
 * Vitest's global setup: one throw-away PostgreSQL and one Redis for the whole run (started before
 * the first test file, stopped after the last; scripts/local-services). Test files reach them with
 * `inject('pgUrl')` (a superuser URL: a file makes its own database) and `inject('redisUrl')` (a
 * file keeps to its own key prefix or database number).
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/local-services/postgres.ts';
import { startRedis } from '../../scripts/local-services/redis.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgUrl: string;
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  project.provide('pgUrl', pg.url);
  project.provide('redisUrl', redis.url);
  return async () => {
    await Promise.all([pg.stop(), redis.stop()]);
  };
}
