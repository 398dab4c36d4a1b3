import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Why an item waits (docs/owner-guide.md#评论审核): `comment.review_reason` and `message.review_reason`,
 * stored when a rule or the review mode holds it (含敏感词「…」, 含 3 个链接（上限 2 个）, 全部需审核),
 * shown in the console's queue; "" for an item that went live, and for every item before this.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const table of ['comment', 'message'])
    await db.schema
      .alterTable(table)
      .addColumn('review_reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['comment', 'message'])
    await db.schema.alterTable(table).dropColumn('review_reason').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0048_review_reason'`.execute(db);
}
