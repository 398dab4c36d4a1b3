import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `config.icp_number`: the site's ICP filing number (备案号), which the footer links to the
 * MIIT's register. Every site in mainland China shows its own, so it is a setting; the footer used to
 * hard-code a placeholder. Empty (every site before this, and a new one) hides it: a placeholder number
 * would be a false statement, and a site hosted outside mainland China has none.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('config')
    .addColumn('icp_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** Back to before the column (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('config').dropColumn('icp_number').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0023_icp_number'`.execute(db);
}
