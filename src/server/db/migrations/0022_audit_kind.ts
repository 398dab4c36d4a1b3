import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `audit_log.kind`: what sort of row it is, in Chinese like the actions: 管理操作 (an admin
 * write, every row before this), 登录失败, 两步验证, 越权访问, and whatever later events name (the
 * console's 类型 filter lists the kinds the log holds). Rows without a signed-in actor (a failed
 * sign-in, a visitor refused an admin route) have `user_id` 0.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('管理操作'))
    .execute();
  await db.schema.createIndex('audit_log_kind').on('audit_log').columns(['kind', 'createdAt']).execute();
}

/** Back to before the column (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_kind').execute();
  await db.schema.alterTable('audit_log').dropColumn('kind').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0022_audit_kind'`.execute(db);
}
