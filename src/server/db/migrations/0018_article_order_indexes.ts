import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The article page and the article lists read the article table through indexes, in the
 * order they show it. An article's row holds its whole Markdown (and every column after it is read
 * past that text), so a query that filters or sorts by reading rows reads every article's text: at
 * 10,000 articles ≈ 20 ms a page render. Each index is named after what it answers:
 * - `article_newest` (status, createdAt, id, category_id): the article page's previous and next
 *   article, the archive and the plain article list (newest first); with category_id, the counts of
 *   the lists (which join the category) and the category page's ranking read no article row.
 * - `article_listing` (status, is_top, order, createdAt desc, id desc): the home list's order itself
 *   (pinned first, by order, then newest); it was (status, is_top, order, createdAt), which left every
 *   public article to sort by createdAt desc before the page's eight.
 * - `article_category_listing`: the same order within a category (the category's article list).
 * - `article_category_newest` (category_id, status, createdAt, id): the article page's same-category
 *   recommendations, the categories in use with their counts, the category page's newest articles.
 *   It replaces `article_category` (category_id), which it starts with.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('article_newest')
    .on('article')
    .columns(['status', 'createdAt', 'id', 'category_id'])
    .execute();
  await db.schema.dropIndex('article_listing').execute();
  await db.schema
    .createIndex('article_listing')
    .on('article')
    .columns(['status', 'is_top', 'order', 'createdAt desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('article_category_listing')
    .on('article')
    .columns(['category_id', 'status', 'is_top', 'order', 'createdAt desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('article_category_newest')
    .on('article')
    .columns(['category_id', 'status', 'createdAt', 'id'])
    .execute();
  await db.schema.dropIndex('article_category').execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('article_category').on('article').column('category_id').execute();
  for (const name of [
    'article_newest',
    'article_listing',
    'article_category_listing',
    'article_category_newest',
  ])
    await db.schema.dropIndex(name).execute();
  await db.schema
    .createIndex('article_listing')
    .on('article')
    .columns(['status', 'is_top', 'order', 'createdAt'])
    .execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0018_article_order_indexes'`.execute(db);
}
