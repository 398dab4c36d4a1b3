import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Articles rendered when they are written (docs/decisions/0005-render-pool-and-budget.md): one row per
 * article with what its body became, so no reader's request renders Markdown.
 * - `renderer`: the pipeline's version it was rendered with (services/markdown.ts RENDERER_VERSION); a
 *   row of an older one is still served while the upkeep job renders it again (services/articles/
 *   rendering.ts).
 * - `source`: a digest of the Markdown it was rendered from: a body changed outside the services (SQL
 *   by hand) no longer matches, and is rendered again the same way.
 * - `html` and `toc` (JSON): the sanitized, highlighted body and its table of contents; `plain`: 'consent'
 *   when the owner chose to show a body the renderer could not finish as plain text, else ''.
 * - `excerpt`: the start of the body's text (the page's description, the feed's summary);
 *   `images` (JSON): the uploads the body shows, whose sizes the page looks up.
 *
 * The rows of articles that exist at this migration are made by the boot before the server listens
 * (services/articles/rendering.ts renderMissing), once.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('article_render')
    .addColumn('article_id', 'integer', (c) => c.primaryKey())
    .addColumn('renderer', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('toc', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('plain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rendered_at', 'text', (c) => c.notNull())
    .execute();
  // The upkeep job reads the oldest renderings first.
  await db.schema.createIndex('article_render_age').on('article_render').columns(['rendered_at']).execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('article_render').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0047_article_render'`.execute(db);
}
