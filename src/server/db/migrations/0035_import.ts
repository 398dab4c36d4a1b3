import { type Kysely, sql } from 'kysely';

/**
 * Imports (docs/owner-guide.md#导入与导出, services/import): `import_source` keeps, for every row an
 * import wrote, where it came from — the source (a WordPress site, a Markdown folder, the original
 * project's database, an archive), the kind of thing and its id there — and the row it became. An
 * item already listed is skipped, so running an import twice creates nothing new, and a run that
 * stopped half way goes on where it stopped. A copied picture is kept by its content's SHA-256 with
 * the address of its copy (`target_url`), so it is copied once whatever the run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_source')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('target_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_source_pk', ['source', 'kind', 'source_id'])
    .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_source').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0035_import'`.execute(db);
}
