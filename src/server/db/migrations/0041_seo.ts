import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Search-engine text (docs/owner-guide.md#seo):
 * - `article.meta_description`, `article.meta_keywords`: the article page's `<meta name="description">`
 *   and `<meta name="keywords">`; "" falls back to the article's summary and its tags.
 * - `config.seo_title_suffix`, `config.seo_keywords`, `config.seo_description`: the site's; "" falls
 *   back to the blog's name (the suffix) and its 个性签名 (the description), as before them.
 */
const ARTICLE = ['meta_description', 'meta_keywords'] as const;
const CONFIG = ['seo_title_suffix', 'seo_keywords', 'seo_description'] as const;

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const column of ARTICLE)
    await db.schema
      .alterTable('article')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  for (const column of CONFIG)
    await db.schema
      .alterTable('config')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...CONFIG].reverse())
    await db.schema.alterTable('config').dropColumn(column).execute();
  for (const column of [...ARTICLE].reverse())
    await db.schema.alterTable('article').dropColumn(column).execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0041_seo'`.execute(db);
}
