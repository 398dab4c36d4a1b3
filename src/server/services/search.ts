import { sql } from 'kysely';
import {
  charLength,
  escapeLike,
  ftsPhrase,
  MAX_RESULTS,
  MIN_INDEXED,
  normalizeQuery,
  searchExcerpt,
} from '../../lib/search.ts';
import { db, dialect } from '../db/connection.ts';

/**
 * Site search over public articles (API.md getArticleListByContent).
 *
 * SQLite: the trigram FTS5 index of migration 0008 (kept in step by triggers) for queries of three
 * characters or more; shorter queries cannot use trigrams and scan instead. PostgreSQL: the scan
 * (ILIKE). The input is only ever a bound parameter: a quoted FTS phrase or an escaped LIKE pattern.
 * Order: title hits first, then relevance (FTS), then views.
 */

export type SearchHit = { id: number; article_title: string; article_content: string };

/** Ids of the best public matches through the FTS index. */
async function indexedIds(needle: string): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT a.id
    FROM article_fts
    JOIN article a ON a.id = article_fts.rowid
    WHERE article_fts MATCH ${ftsPhrase(needle)} AND a.status = 1
    ORDER BY instr(lower(a.article_title), lower(${needle})) > 0 DESC,
             bm25(article_fts, 10.0, 1.0), a.view_times DESC, a.id DESC
    LIMIT ${MAX_RESULTS}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/** Ids of the best public matches by a plain scan (short queries, PostgreSQL). */
async function scannedIds(needle: string): Promise<number[]> {
  const pattern = `%${escapeLike(needle)}%`;
  const like = dialect === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
  const inTitle = sql<boolean>`article_title ${like} ${pattern} ESCAPE '\\'`;
  const rows = await db
    .selectFrom('article')
    .select('id')
    .where('status', '=', 1)
    .where(sql<boolean>`(${inTitle} OR article_content ${like} ${pattern} ESCAPE '\\')`)
    .orderBy(sql`CASE WHEN ${inTitle} THEN 0 ELSE 1 END`)
    .orderBy('view_times', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_RESULTS)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Up to 8 public articles containing `text` in the title or body, each with an excerpt around the hit. */
export async function searchArticles(text: string): Promise<SearchHit[]> {
  const needle = normalizeQuery(text);
  if (!needle) return [];
  const ids =
    dialect === 'sqlite' && charLength(needle) >= MIN_INDEXED
      ? await indexedIds(needle)
      : await scannedIds(needle);
  if (!ids.length) return [];
  // The texts only for the few winners: ranking never carries whole articles around.
  const rows = await db
    .selectFrom('article')
    .select(['id', 'article_title', 'article_content'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        article_title: row.article_title,
        article_content: searchExcerpt(row.article_content, needle),
      },
    ];
  });
}
