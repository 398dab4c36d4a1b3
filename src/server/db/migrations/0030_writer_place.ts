import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Where a comment or guestbook message was written from, kept at write time when the owner turned it
 * on (docs/owner-guide.md#访客与评论): `comment.user_agent` beside the existing `comment.ip_address`
 * (the IP 属地), and both on `message`. Short text (浙江, Chrome · Windows), never the raw address;
 * empty on every row from before, and while the settings are off.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('comment')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('message')
    .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('message')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** Back to before the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message').dropColumn('user_agent').execute();
  await db.schema.alterTable('message').dropColumn('ip_address').execute();
  await db.schema.alterTable('comment').dropColumn('user_agent').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0030_writer_place'`.execute(db);
}
