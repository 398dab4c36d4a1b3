import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import { charLength, escapeLike, MAX_RESULTS, MIN_INDEXED } from '../../lib/search.ts';
import { db } from '../db/connection.ts';

/**
 * Site search on PostgreSQL: the steps and order of search.ts (title hits first, then body-only
 * hits, each most read first; a walk of the most-read articles before an index), over
 * `article_search` (migration 0017: each article's title and text lower-cased by triggers, with GIN
 * indexes). A text matches when its lower-cased copy contains the lower-cased query (PostgreSQL's
 * lower(), what ILIKE folds with), so LIKE on the copies is ILIKE on the articles without lower-casing
 * every text read.
 *
 * The index asked: pg_trgm for a query with a run of three letters or digits; else `search_grams`
 * (the one- and two-character pieces of a text), exact for a query of one or two characters, and for
 * a longer one without such a run (`c++`, `%%%`) the candidates that LIKE then checks.
 */

type Column = 'title' | 'body';
type Where = ReturnType<typeof sql<boolean>>;

/** Most-read articles looked at before an index is asked: as on SQLite (search.ts). */
const WALK: Record<Column, number> = { title: 200, body: 40 };

/** A run of three letters or digits: pg_trgm has a trigram to look up (C.UTF-8: Chinese counts). */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

const contains = (column: Column, needle: string) =>
  sql<boolean>`s.${sql.raw(column)} LIKE lower(${`%${escapeLike(needle)}%`}) ESCAPE '\\'`;

/** `contains`, said so that an index of 0017 answers it. */
function indexed(column: Column, needle: string): Where {
  if (TRIGRAM_RUN.test(needle)) return contains(column, needle);
  const grams = sql`search_grams(s.${sql.raw(column)})`;
  if (charLength(needle) < MIN_INDEXED) return sql<boolean>`${grams} @> ARRAY[lower(${needle})]`;
  // `|| ''`: not pg_trgm's index expression, so the planner does not add its whole-index read.
  return sql<boolean>`${grams} @> search_grams(${needle})
    AND (s.${sql.raw(column)} || '') LIKE lower(${`%${escapeLike(needle)}%`}) ESCAPE '\\'`;
}

/** Body-only: the title does not hold it. */
const onlyIn = (column: Column, needle: string, match: Where) =>
  column === 'title' ? match : sql<boolean>`${match} AND NOT (${contains('title', needle)})`;

/**
 * The `limit` most-read matches when all are among the WALK most-read public articles, else null. A
 * walk: the texts are looked at one article at a time, most read first (a subquery per article, which
 * the planner cannot turn into a join over the index), and it stops at `limit` matches.
 */
async function fromTop(column: Column, needle: string, limit: number): Promise<number[] | null> {
  const { rows } = await sql<{ id: number }>`
    SELECT t.id FROM (
      SELECT id, view_times FROM article WHERE status = ${ARTICLE_STATUS.public}
      ORDER BY view_times DESC, id DESC LIMIT ${WALK[column]}
    ) AS t
    WHERE (SELECT ${onlyIn(column, needle, contains(column, needle))} FROM article_search AS s WHERE s.id = t.id)
    ORDER BY t.view_times DESC, t.id DESC LIMIT ${limit}`.execute(db);
  return rows.length === limit ? rows.map((r) => Number(r.id)) : null;
}

/**
 * The most-read public matches through the index. The matches are read whole first (a materialized
 * CTE), so the planner never trades the index for the views index plus every text. It does not know
 * what reading a text costs (long ones sit out of line, compressed): for a small table it would read
 * them all rather than the index, so within this query a sequential scan is its last resort.
 */
function fromIndex(column: Column, needle: string, limit: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ id: number }>`
      WITH hit AS MATERIALIZED (
        SELECT s.id FROM article_search AS s WHERE ${onlyIn(column, needle, indexed(column, needle))}
      )
      SELECT a.id FROM article AS a JOIN hit ON hit.id = a.id
      WHERE a.status = ${ARTICLE_STATUS.public}
      ORDER BY a.view_times DESC, a.id DESC LIMIT ${limit}`.execute(trx);
    return rows.map((r) => Number(r.id));
  });
}

/** Ids of up to 8 public articles holding `needle`: title hits, then body-only hits. */
export async function searchIdsPg(needle: string): Promise<number[]> {
  const titled =
    (await fromTop('title', needle, MAX_RESULTS)) ?? (await fromIndex('title', needle, MAX_RESULTS));
  const left = MAX_RESULTS - titled.length;
  if (left <= 0) return titled;
  const rest = (await fromTop('body', needle, left)) ?? (await fromIndex('body', needle, left));
  return [...titled, ...rest];
}
