import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Album photos get a caption and an order of their own (docs/api/admin.md#talks-albums-and-photos):
 * - `photo.caption`: shown under the photo on the album page and as its alt text; "" for none.
 * - `photo.position`: the album's order, ascending, set by the console's drag and drop; photos never
 *   reordered keep 0 and their upload order after it.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('photo')
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('photo')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photo').dropColumn('position').execute();
  await db.schema.alterTable('photo').dropColumn('caption').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0043_photo_caption'`.execute(db);
}
