import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The addresses imported articles had on the old blog (docs/owner-guide.md#导入与导出): Hexo's
 * `/2023/05/14/常见算法/`, Hugo's `/posts/xxx/` and `aliases`, WordPress's `?p=123` and permalink,
 * Typecho's `/archives/123/`. `path` is the address in one spelling (src/lib/old-url.ts, `oldUrlKey`);
 * the site answers it with a 301 to the article, and the comment importers find a comment's article by
 * it (Waline, Twikoo, Artalk and Disqus key comments by the page's path). The first import to claim a
 * path keeps it; the rows go with their article.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('old_url')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull().references('article.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('old_url_article').on('old_url').column('article_id').execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('old_url').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0045_old_url'`.execute(db);
}
