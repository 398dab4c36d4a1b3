import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The recycle bins of talks and photos (docs/api/admin.md#status-values): a first delete moves the thing to
 * its bin, a second removes it for good, revert restores it.
 *
 * - `talk.status` gains the value 3 (recycle bin) beside 1 public and 2 private. It is a plain integer
 *   column on both dialects, so no DDL changes; every visitor read already keeps `status = 1` only.
 * - `photo.status`: 1 normal, 2 recycle bin. Existing photos are normal (the default fills them on
 *   SQLite and PostgreSQL alike). The index serves the album pages (`album_id`, `status`).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('photo')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('photo_album_status').on('photo').columns(['album_id', 'status']).execute();
}
