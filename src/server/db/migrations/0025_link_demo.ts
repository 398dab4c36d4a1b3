import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `link.demo` (issue 33): 1 on the friend links the demo content wrote (src/server/seed), which point
 * at real third-party sites. The background health check leaves them out, so starting the demo sends
 * those sites no request; a demo link the blogger moves to another address is theirs (0 again) and
 * checked from then on (services/link-health.ts). Every link before this counts as the blogger's.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('link')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Back to before the column (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('link').dropColumn('demo').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0025_link_demo'`.execute(db);
}
