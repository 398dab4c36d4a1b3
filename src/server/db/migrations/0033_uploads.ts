import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Uploaded pictures and their variants (docs/architecture.md#image-variants, services/images): one
 * row per upload with what a page and the media library need (name, bytes, type, size, date), the
 * placeholder, and the variants' state. `status` is pending → working → done (or failed after the
 * last attempt); `lease_until` is how long a process holds a row it took, so the variants of one
 * upload are made by one process of several, and a process that died leaves a lease that runs out.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', ctx.id.type, ctx.id.build)
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('animated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbhash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('placeholder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('variant_widths', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_status').on('upload').columns(['status', 'id']).execute();
  await db.schema.createIndex('upload_created').on('upload').column('createdAt').execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0033_uploads'`.execute(db);
}
