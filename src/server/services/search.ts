import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import type { SearchHit } from '../../lib/contract/articles.ts';
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
import { searchIdsPg } from './search-pg.ts';

/**
 * Site search over public articles (docs/api/public.md#articles-and-taxonomy, getArticleListByContent).
 *
 * Order: articles whose title contains the text first, then those with it only in the body; within
 * each, the most read first (index article_views: status, view_times, id).
 *
 * Matching on SQLite: the trigram FTS5 indexes of migration 0008 (one for titles, one for bodies),
 * kept in step by triggers. A query of three characters or more is one quoted phrase. A shorter one
 * has no trigram of its own: the index's vocabulary lists the trigrams that start with it (every
 * occurrence starts one, thanks to the two line breaks indexed after each text), and those are
 * matched instead. Before asking an index, each step looks at the most-read articles with LIKE: a
 * common word fills its places there at once, cheaper than merging long index lists; only rarer
 * words go to the index.
 *
 * Matching on PostgreSQL: the same steps and order over migration 0017's GIN indexes (search-pg.ts).
 *
 * The input is only ever a bound parameter or a quoted FTS phrase, never FTS syntax, a wildcard or SQL.
 */

export type { SearchHit };

type Where = ReturnType<typeof sql<boolean>>;
type Column = 'title' | 'body';

/** Most-read articles looked at with LIKE before an index is asked (titles are cheap, bodies not). */
const WALK: Record<Column, number> = { title: 200, body: 40 };
/** Vocabulary entries read at most for a short query; a text with more variants is scanned instead. */
const MAX_TERMS = 300;

const INDEX: Record<Column, { fts: string; terms: string }> = {
  title: { fts: 'article_title_fts', terms: 'article_title_fts_terms' },
  body: { fts: 'article_body_fts', terms: 'article_body_fts_terms' },
};

/** Ids of public articles matching `where`, most read first, at most `limit`. */
async function mostRead(where: Where, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('article')
    .select('id')
    .where('status', '=', ARTICLE_STATUS.public)
    .where(where)
    .orderBy('view_times', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * The `limit` most-read matches when all of them are among the `top` most-read public articles (then
 * they are the answer), else null. Reads at most `top` rows.
 */
async function fromTop(where: Where, limit: number, column: Column): Promise<number[] | null> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('article')
        // The body only when needed: titles sit at the start of a row, bodies in its overflow pages.
        .select(column === 'body' ? ['id', 'article_title', 'article_content'] : ['id', 'article_title'])
        .where('status', '=', ARTICLE_STATUS.public)
        .orderBy('view_times', 'desc')
        .orderBy('id', 'desc')
        .limit(WALK[column])
        .as('top'),
    )
    .select('id')
    .where(where)
    .limit(limit)
    .execute();
  return rows.length === limit ? rows.map((r) => Number(r.id)) : null;
}

function like(needle: string) {
  const pattern = `%${escapeLike(needle)}%`;
  const inTitle = sql<boolean>`article_title LIKE ${pattern} ESCAPE '\\'`;
  return {
    title: inTitle,
    body: sql<boolean>`article_content LIKE ${pattern} ESCAPE '\\' AND NOT (${inTitle})`,
  };
}

/** Title hits, then body-only hits, by LIKE alone (SQLite's fallback). */
async function scanned(needle: string): Promise<number[]> {
  const scan = like(needle);
  const titled = await mostRead(scan.title, MAX_RESULTS);
  return [...titled, ...(await mostRead(scan.body, MAX_RESULTS - titled.length))];
}

/**
 * The FTS5 query for `needle` in one index: one quoted phrase, or for a short needle the quoted
 * trigrams of the vocabulary that start with it joined by OR; '' when nothing can match, null when
 * the variants are too many.
 */
async function ftsQuery(needle: string, column: Column): Promise<string | null> {
  if (charLength(needle) >= MIN_INDEXED) return ftsPhrase(needle);
  const folded = needle.toLowerCase();
  const { rows } = await sql<{ term: string }>`
    SELECT term FROM ${sql.table(INDEX[column].terms)}
    WHERE term >= ${folded} AND term < ${`${folded}\u{10FFFF}`}
    LIMIT ${MAX_TERMS + 1}`.execute(db);
  if (rows.length > MAX_TERMS) return null;
  return rows.map((r) => ftsPhrase(r.term)).join(' OR ');
}

const inIndex = (column: Column, query: string) =>
  sql<boolean>`id IN (SELECT rowid FROM ${sql.table(INDEX[column].fts)} WHERE ${sql.table(INDEX[column].fts)} MATCH ${query})`;

/**
 * LIKE folds the case of ASCII letters only, the index more: the walk is used when that makes no
 * difference (ASCII, and characters without case such as Chinese, digits, punctuation).
 */
const walkable = (text: string) =>
  [...text].every((ch) => ch <= '\x7f' || ch.toLowerCase() === ch.toUpperCase());

async function indexed(needle: string): Promise<number[]> {
  const scan = like(needle);
  const walk = walkable(needle);

  let titled = walk ? await fromTop(scan.title, MAX_RESULTS, 'title') : null;
  let titleQuery: string | null = '';
  if (!titled) {
    titleQuery = await ftsQuery(needle, 'title');
    if (titleQuery === null) return scanned(needle);
    titled = titleQuery ? await mostRead(inIndex('title', titleQuery), MAX_RESULTS) : [];
  }
  const left = MAX_RESULTS - titled.length;
  if (left <= 0) return titled;

  let rest = walk ? await fromTop(scan.body, left, 'body') : null;
  if (!rest) {
    const bodyQuery = await ftsQuery(needle, 'body');
    if (bodyQuery === null) rest = await mostRead(scan.body, left);
    else if (!bodyQuery) rest = [];
    else {
      // Body-only: not a title hit. Without the walk, the title query above was built (maybe empty).
      const notTitled = walk
        ? sql<boolean>`NOT (${scan.title})`
        : titleQuery
          ? sql<boolean>`NOT (${inIndex('title', titleQuery)})`
          : sql<boolean>`1 = 1`;
      rest = await mostRead(sql<boolean>`${inIndex('body', bodyQuery)} AND ${notTitled}`, left);
    }
  }
  return [...titled, ...rest];
}

/** Up to 8 public articles containing `text` in the title or body, each with an excerpt around the hit. */
export async function searchArticles(text: string): Promise<SearchHit[]> {
  const needle = normalizeQuery(text);
  if (!needle) return [];
  // The index folds case like toLowerCase; the few letters whose lower case changes length are scanned.
  const ids =
    dialect === 'postgres'
      ? await searchIdsPg(needle)
      : needle.toLowerCase().length === needle.length
        ? await indexed(needle)
        : await scanned(needle);
  if (!ids.length) return [];
  // The texts only for the few winners.
  const rows = await db
    .selectFrom('article')
    .select(['id', 'article_title', 'article_content'])
    .where('id', 'in', ids)
    // A password-protected article is never a hit: its excerpt is its text, and a hit on a word would
    // tell that its text holds it (docs/api/public.md#password-protected-articles).
    .where('password', '=', '')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            article_title: row.article_title,
            article_content: searchExcerpt(row.article_content, needle),
          },
        ]
      : [];
  });
}
