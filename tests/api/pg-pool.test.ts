import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { serviceUrl } from '../setup/database.ts';
import { setupTestApi } from './helpers.ts';

/** PG_POOL_MAX (config.ts): the PostgreSQL connections one process keeps at most (PostgreSQL run only). */
const api = setupTestApi({ env: { PG_POOL_MAX: '2' } });

describe('PG_POOL_MAX', () => {
  it('keeps at most that many connections: a third query waits for one to come back', async () => {
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0].name;
    // Another client (on the same database: advisory locks are per database) holds an advisory lock;
    // two of the blog's queries wait for it on both connections.
    const holder = new pg.Client({ connectionString: serviceUrl('pgUrl').replace(/[^/]*$/, name) });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(4242)');
      const done: string[] = [];
      const blocked = [1, 2].map((i) =>
        sql`SELECT pg_advisory_lock_shared(4242), pg_advisory_unlock_shared(4242)`
          .execute(db)
          .then(() => done.push(`waiting ${i}`)),
      );
      const third = sql`SELECT 1`.execute(db).then(() => done.push('third'));
      const backends = async () =>
        (
          await holder.query<{ all: number; waiting: number }>(
            `SELECT count(*)::int AS all, count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting
             FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [name],
          )
        ).rows[0];
      await expect.poll(async () => (await backends()).waiting).toBe(2);
      // Two connections in all: the third query waits in the pool, not on a third connection.
      expect(await backends()).toEqual({ all: 2, waiting: 2 });
      expect(done).toEqual([]);
      await holder.query('SELECT pg_advisory_unlock(4242)');
      await Promise.all([...blocked, third]);
      expect(done.indexOf('third')).toBeGreaterThan(0);
    } finally {
      await holder.end();
    }
    expect(api.adminId).toBeGreaterThan(0);
  });
});
