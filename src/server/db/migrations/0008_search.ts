import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Site search.
 *
 * Both dialects: an index of articles by status and views. Search walks it most-read first and stops
 * at 8 hits (as does the hot list) instead of reading every match's row.
 *
 * SQLite: FTS5 indexes of article titles and of their Markdown with the trigram tokenizer, so any
 * Chinese substring of three or more characters is found through an index. They are contentless (the
 * text stays only in `article`) with contentless_delete, and kept in step by triggers rather than by a hook in the
 * article services: triggers run inside the writing transaction, so every write is
 * covered — the API, the CLI import in its own process, the demo seed, a fix in the sqlite shell —
 * and the indexes never lag behind a committed article. The update triggers fire only when the title
 * or the text changes, so view and like counters cost nothing.
 *
 * Each column is indexed with two line breaks after it, so every occurrence of one or
 * two characters starts some trigram — also at the very end of a title — and short queries can be
 * answered from the indexes' vocabularies (…_terms) as well.
 *
 * PostgreSQL gets no text index: the search service scans with an escaped ILIKE there.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('article_views')
    .on('article')
    .columns(['status', 'view_times', 'id'])
    .execute();
  if (ctx.dialect !== 'sqlite') return;
  // One index per column: a title query then reads title lists only, which are short.
  for (const [table, column] of [
    ['article_title_fts', 'article_title'],
    ['article_body_fts', 'article_content'],
  ] as const) {
    await sql`
      CREATE VIRTUAL TABLE ${sql.raw(table)} USING fts5(
        ${sql.raw(column)}, content='', contentless_delete=1, tokenize='trigram'
      )`.execute(db);
    await sql`CREATE VIRTUAL TABLE ${sql.raw(`${table}_terms`)} USING fts5vocab(${sql.raw(table)}, row)`.execute(
      db,
    );
  }
  // char(10, 10): the two line breaks described above.
  await sql`
    CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN
      INSERT INTO article_title_fts(rowid, article_title) VALUES (new.id, new.article_title || char(10, 10));
      INSERT INTO article_body_fts(rowid, article_content) VALUES (new.id, new.article_content || char(10, 10));
    END`.execute(db);
  await sql`
    CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN
      DELETE FROM article_title_fts WHERE rowid = old.id;
      DELETE FROM article_body_fts WHERE rowid = old.id;
    END`.execute(db);
  await sql`
    CREATE TRIGGER article_fts_title AFTER UPDATE OF article_title ON article BEGIN
      DELETE FROM article_title_fts WHERE rowid = old.id;
      INSERT INTO article_title_fts(rowid, article_title) VALUES (new.id, new.article_title || char(10, 10));
    END`.execute(db);
  await sql`
    CREATE TRIGGER article_fts_body AFTER UPDATE OF article_content ON article BEGIN
      DELETE FROM article_body_fts WHERE rowid = old.id;
      INSERT INTO article_body_fts(rowid, article_content) VALUES (new.id, new.article_content || char(10, 10));
    END`.execute(db);
  // Articles written before this migration.
  await sql`
    INSERT INTO article_title_fts(rowid, article_title) SELECT id, article_title || char(10, 10) FROM article`.execute(
    db,
  );
  await sql`
    INSERT INTO article_body_fts(rowid, article_content) SELECT id, article_content || char(10, 10) FROM article`.execute(
    db,
  );
}
