import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The friend links' health: the background check's last run on a link (`checkedAt`), the
 * last time its site answered (`okAt`) and since when it has not (`downAt`, "unreachable since"; null
 * while it answers). ISO instants as text like every date of the schema, null until the first check;
 * the names end in `At` so the wire writes them as China-time dates like every other date.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const column of ['checkedAt', 'okAt', 'downAt'])
    await db.schema.alterTable('link').addColumn(column, 'text').execute();
}

/** Back to before the columns (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['checkedAt', 'okAt', 'downAt'])
    await db.schema.alterTable('link').dropColumn(column).execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0016_link_health'`.execute(db);
}
