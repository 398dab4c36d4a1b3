import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The audit log of the owner's console (docs/decisions/0011-audit-log.md): one row per successful admin
 * write, written off the request path by api/audit.ts. `label` keeps what a delete removed (the names read
 * before it ran), so the row still says what went when the thing itself is gone. Rows older than 180 days
 * are purged daily (services/audit.ts).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', ctx.id.type, ctx.id.build)
    // No foreign key: the log outlives the account that wrote it (its name is kept in user_name).
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('thing_type', 'text', (c) => c.notNull())
    .addColumn('thing_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('createdAt').execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'createdAt']).execute();
}

/** Undoes `up`: the tests that rebuild an older database go back past it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0015_audit_log'`.execute(db);
}
