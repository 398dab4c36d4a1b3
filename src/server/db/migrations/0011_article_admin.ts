import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The owner's console for articles:
 * - `article.deleted_at`: when a delete moved the article to status 3 (the recycle bin). Drafts are
 *   status 3 too but have none, so the console tells them apart, and only binned articles expire
 *   (30 days after deleted_at, services/articles/trash.ts).
 * - `article.version`: moves on by one with every write of the article; the editor sends the version it
 *   loaded and a save over a newer one is refused (optimistic concurrency).
 * - `article_autosave`: the editor's unsaved state, one row per author and article (article_id 0 for an
 *   article not created yet), kept apart from the article until it is saved.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('article').addColumn('deleted_at', 'text').execute();
  await db.schema
    .alterTable('article')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('article_deleted').on('article').column('deleted_at').execute();
  await db.schema
    .createTable('article_autosave')
    .addColumn('id', ctx.id.type, ctx.id.build)
    .addColumn('author_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer')
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_autosave_key')
    .on('article_autosave')
    .columns(['author_id', 'article_id'])
    .unique()
    .execute();
}

/** Undoes `up`: the tests that rebuild an older database go back past it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('article_autosave').execute();
  await db.schema.dropIndex('article_deleted').execute();
  await db.schema.alterTable('article').dropColumn('version').execute();
  await db.schema.alterTable('article').dropColumn('deleted_at').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0011_article_admin'`.execute(db);
}
