/**
 * The database of the test project (vitest.config.ts): the API suite runs once on SQLite (a file in
 * the test's DATA_DIR, as today) and once on the run's real PostgreSQL, where every call of
 * `databaseEnv` makes a new empty database on the cluster of tests/setup/services.ts.
 */
import pg from 'pg';
import { inject } from 'vitest';

export const onPostgres = inject('database') === 'postgres';

let made = 0;

/**
 * The URL of the run's PostgreSQL or Redis (tests/setup/services.ts). `npm run test:unit` starts
 * neither and leaves out the tests tagged `services`: a test that reaches here there lacks the tag.
 */
export function serviceUrl(name: 'pgUrl' | 'redisUrl'): string {
  const url = inject(name);
  if (!url)
    throw new Error(
      `This test needs the run's ${name === 'pgUrl' ? 'PostgreSQL' : 'Redis'}, which this run (TEST_SERVICES=none) does not start: tag it \`services\` (vitest.config.ts)`,
    );
  return url;
}

/** A new empty database's URL on the run's PostgreSQL. */
export async function createTestDatabase(): Promise<string> {
  const admin = serviceUrl('pgUrl');
  const name = `t_${process.pid}_${Date.now().toString(36)}_${made++}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * The environment that points the blog at this project's database: nothing on SQLite (the file in
 * DATA_DIR), `DATABASE_URL` of a new database on PostgreSQL.
 */
export async function databaseEnv(): Promise<Record<string, string>> {
  return onPostgres ? { DATABASE_URL: await createTestDatabase() } : {};
}
