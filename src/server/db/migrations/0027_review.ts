import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The moderation queue (docs/owner-guide.md#评论审核):
 * - `comment.review_status` and `message.review_status`: published, pending or spam; every item
 *   before this is published, so nothing a visitor saw disappears.
 * - `message.ip`: the writer's address, so `first` mode can tell a returning guest (name and address)
 *   from a new one; empty for every message before this.
 * - the owner's settings on `config`: the mode (off keeps today's behaviour), the blocked words and the
 *   link limit with where each sends an item, the blocked addresses.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const table of ['comment', 'message']) {
    await db.schema
      .alterTable(table)
      .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('published'))
      .execute();
  }
  await db.schema
    .alterTable('message')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const text = (name: string, value: string) =>
    db.schema
      .alterTable('config')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(value))
      .execute();
  await text('comment_review', 'off');
  await text('blocked_words', '');
  await text('blocked_words_action', 'pending');
  await db.schema
    .alterTable('config')
    .addColumn('max_links_per_comment', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await text('links_action', 'pending');
  await text('blocked_ips', '');
}

/** Back to before the columns (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'comment_review',
    'blocked_words',
    'blocked_words_action',
    'max_links_per_comment',
    'links_action',
    'blocked_ips',
  ])
    await db.schema.alterTable('config').dropColumn(column).execute();
  await db.schema.alterTable('message').dropColumn('ip').execute();
  await db.schema.alterTable('message').dropColumn('review_status').execute();
  await db.schema.alterTable('comment').dropColumn('review_status').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0027_review'`.execute(db);
}
