import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Article revisions (docs/api/admin.md#revisions, services/articles/revisions.ts): `article_revision`
 * keeps each saved state of an article's title and text, who saved it and whether the article was
 * public then. Read newest first per article, hence the index.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('article_revision')
    .addColumn('id', ctx.id.type, ctx.id.build)
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('article_title', 'text', (c) => c.notNull())
    .addColumn('article_content', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_revision_article')
    .on('article_revision')
    .columns(['article_id', 'id'])
    .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('article_revision').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0037_revisions'`.execute(db);
}
