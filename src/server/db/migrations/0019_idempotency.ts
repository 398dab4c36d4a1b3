import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * docs/decisions/0008-idempotency-keys.md: the answers of writes sent with an `Idempotency-Key` header, so
 * that a retry of a write whose answer was lost (a process that died after its commit, a proxy's 502) gets
 * the first answer instead of making a second row. In the database, so every process of the site sees the
 * same keys (api/idempotency.ts, services/idempotency.ts).
 *
 * `scope` is a SHA-256 over (user id, method, path, key): the unique constraint that decides the race
 * between two processes, of a fixed size whatever the path (a long path in a btree index would break
 * PostgreSQL's row size limit). The parts stay in their own columns for a reader. `state` is
 * 'pending' while the first request runs, 'done' once its answer (`status`, `headers` as JSON, `body`)
 * is stored. `createdAt` (an ISO instant) dates the claim: a pending row older than the lease belongs
 * to a process that died, and every row goes a day after it.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('idempotency_key')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('headers', 'text')
    .addColumn('body', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_key_created').on('idempotency_key').column('createdAt').execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0019_idempotency'`.execute(db);
}
