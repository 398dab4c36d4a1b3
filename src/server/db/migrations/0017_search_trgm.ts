import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Site search on PostgreSQL (SQLite has its FTS5 indexes since 0008 and gains nothing here).
 *
 * `article_search` holds each article's title and Markdown lower-cased (lower(), what ILIKE folds
 * with: search then matches with LIKE and never lower-cases a text while it searches), kept in step by
 * triggers that fire only when the title or the text changes (as 0008's do on SQLite): every write is
 * covered, whoever makes it, and counting a view never touches the search indexes (an index on
 * `article` itself would get new entries at every view, since `view_times` is in the article_views
 * index and so no update of it is a HOT one).
 *
 * Two kinds of GIN index on each column:
 * - pg_trgm (`gin_trgm_ops`): answers LIKE '%…%' for a query with a run of three letters or digits.
 *   pg_trgm reads words as runs of letters and digits of the database's locale: under a UTF-8 locale
 *   (C.UTF-8, zh_CN.UTF-8, en_US.UTF-8…) Chinese characters are letters, so a Chinese sentence is one
 *   word and every three characters of it one trigram. Under the plain C locale they are not, and
 *   Chinese queries fall back to reading the whole index (right answers, slowly).
 * - `search_grams`: the one- and two-character pieces of the lower-cased text (repeated pieces left
 *   in: GIN keeps each key once). pg_trgm has no trigram in a query of one or two characters;
 *   `search_grams(column) @> ARRAY[lower(query)]` finds exactly the texts containing it, through the
 *   index.
 *
 * pg_trgm is a trusted extension: the database's owner may create it without being a superuser.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE TABLE article_search (
      id integer PRIMARY KEY REFERENCES article (id) ON DELETE CASCADE,
      title text NOT NULL,
      body text NOT NULL
    )`.execute(db);
  // Linear in the text: its characters once (string_to_array with a null separator), then each with
  // the next (unnest of two arrays walks them side by side).
  await sql`
    CREATE FUNCTION search_grams(t text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT c || ARRAY(SELECT a || b FROM unnest(c[1:cardinality(c) - 1], c[2:]) AS u (a, b))
      FROM (SELECT string_to_array(lower(t), NULL) AS c) AS s
    $$`.execute(db);
  await sql`
    CREATE FUNCTION article_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO article_search (id, title, body)
      VALUES (NEW.id, lower(NEW.article_title), lower(NEW.article_content))
      ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER article_search_insert AFTER INSERT ON article
    FOR EACH ROW EXECUTE FUNCTION article_search_sync()`.execute(db);
  await sql`
    CREATE TRIGGER article_search_update AFTER UPDATE OF article_title, article_content ON article
    FOR EACH ROW
    WHEN (OLD.article_title IS DISTINCT FROM NEW.article_title
      OR OLD.article_content IS DISTINCT FROM NEW.article_content)
    EXECUTE FUNCTION article_search_sync()`.execute(db);
  // Articles written before this migration; the indexes after, in one pass each.
  await sql`
    INSERT INTO article_search (id, title, body)
    SELECT id, lower(article_title), lower(article_content) FROM article`.execute(db);
  // New entries wait in a pending list until it holds 256 kB (PostgreSQL's default: 4 MB), which
  // every search reads through: an article's write folds it in soon, a search stays quick after one.
  const pending = sql.raw('WITH (gin_pending_list_limit = 256)');
  for (const column of ['title', 'body']) {
    await sql`CREATE INDEX ${sql.raw(`article_search_${column}_trgm`)} ON article_search
      USING gin (${sql.raw(column)} gin_trgm_ops) ${pending}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`article_search_${column}_grams`)} ON article_search
      USING gin (search_grams(${sql.raw(column)})) ${pending}`.execute(db);
  }
}

/** Back to before it (the tests that rebuild an older database go back past it); pg_trgm stays. */
export async function down(db: Kysely<unknown>, dialect: MigrationContext['dialect']): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP TABLE article_search`.execute(db);
    await sql`DROP TRIGGER article_search_insert ON article`.execute(db);
    await sql`DROP TRIGGER article_search_update ON article`.execute(db);
    await sql`DROP FUNCTION article_search_sync()`.execute(db);
    await sql`DROP FUNCTION search_grams(text)`.execute(db);
  }
  await sql`DELETE FROM kysely_migration WHERE name = '0017_search_trgm'`.execute(db);
}
