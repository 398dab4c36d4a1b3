import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `link.category`: the friend link's group, which /link/list shows one section each. Empty
 * (every link before this, and an application) is no group: those come last, under 其他.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('link')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** Back to before the column (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('link').dropColumn('category').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0024_link_group'`.execute(db);
}
