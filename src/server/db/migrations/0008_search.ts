import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Site search (SQLite): an FTS5 index over article titles and Markdown with the trigram tokenizer,
 * so any Chinese substring of three or more characters is found through the index.
 *
 * It is an external-content table (the text stays only in `article`) kept in step by triggers
 * rather than by the services' onArticleChange hook: triggers run inside the writing transaction,
 * so every write is covered — the API, the CLI import in its own process, the demo seed, a manual
 * fix in the sqlite shell — and the index can never lag behind a committed article. The update
 * trigger fires only when the title or the text changes, so view and like counters cost nothing.
 *
 * PostgreSQL gets no index here: the search service falls back to an escaped ILIKE scan there.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql`
    CREATE VIRTUAL TABLE article_fts USING fts5(
      article_title, article_content,
      content='article', content_rowid='id', tokenize='trigram'
    )`.execute(db);
  await sql`
    CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN
      INSERT INTO article_fts(rowid, article_title, article_content)
      VALUES (new.id, new.article_title, new.article_content);
    END`.execute(db);
  await sql`
    CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN
      INSERT INTO article_fts(article_fts, rowid, article_title, article_content)
      VALUES ('delete', old.id, old.article_title, old.article_content);
    END`.execute(db);
  await sql`
    CREATE TRIGGER article_fts_update AFTER UPDATE OF article_title, article_content ON article BEGIN
      INSERT INTO article_fts(article_fts, rowid, article_title, article_content)
      VALUES ('delete', old.id, old.article_title, old.article_content);
      INSERT INTO article_fts(rowid, article_title, article_content)
      VALUES (new.id, new.article_title, new.article_content);
    END`.execute(db);
  // Articles written before this migration.
  await sql`INSERT INTO article_fts(article_fts) VALUES ('rebuild')`.execute(db);
}
