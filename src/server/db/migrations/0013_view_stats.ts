import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's view counts (docs/decisions/0013-page-views-off-the-request-path.md), aggregated per
 * China-time day and written in batches off the request path (services/views/flush.ts):
 * - `view_day`: page views and unique visitors of the whole site per day (`YYYY-MM-DD`).
 * - `article_view_day`: the views each article's page reported per day (the most-read articles).
 * No address, hash or anything else about a visitor is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('view_day')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('article_view_day')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_view_day_pk', ['day', 'article_id'])
    .execute();
}

/** Undoes `up`: the tests that rebuild an older database go back past it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('article_view_day').execute();
  await db.schema.dropTable('view_day').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0013_view_stats'`.execute(db);
}
