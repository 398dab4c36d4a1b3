import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The guest guard (docs/owner-guide.md#访客与评论):
 * - `config.guest_captcha` (1 on, the default): a guest's guestbook message carries a solved ALTCHA
 *   proof of work; `config.ip_region` and `config.ua_summary` (0 off, the default): a comment or
 *   message stores and shows the writer's IP 属地 and browser · system.
 * - `altcha_used`: the challenges already spent, each until it expires, in the database so every
 *   process of the site refuses the same solution a second time.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('config')
    .addColumn('guest_captcha', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('config')
    .addColumn('ip_region', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('config')
    .addColumn('ua_summary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('altcha_used')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('altcha_used_expires').on('altcha_used').column('expires_at').execute();
}

/** Back to before the guard (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('altcha_used').execute();
  for (const column of ['ua_summary', 'ip_region', 'guest_captcha'])
    await db.schema.alterTable('config').dropColumn(column).execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0029_guest_guard'`.execute(db);
}
