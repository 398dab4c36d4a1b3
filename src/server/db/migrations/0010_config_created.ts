import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `config.createdAt`: the day the site started, which `GET /api/config` gives for the client's 运行时间
 * (the original's config row carried its own createdAt). A new database gets it when the config row
 * is written on the first start. An existing one wrote that row on its first start too, right after
 * its first migration ran, so the oldest migration's time is when that site started.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('config')
    .addColumn('createdAt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    UPDATE config SET "createdAt" = COALESCE((SELECT MIN("timestamp") FROM kysely_migration), "updatedAt")
  `.execute(db);
}
