import { type CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, dialect } from '../../src/server/db/connection.ts';
import {
  categoryDictionary,
  getArticle,
  getCategory,
  getHotArticles,
  getRecommendations,
  getTag,
  listArticlesByCategory,
  listArticlesByTag,
  listHomeArticles,
  listTimeline,
  tagDictionary,
} from '../../src/server/services/articles.ts';
import { getStatistic } from '../../src/server/services/site.ts';
import { listPublicNewest, recentByCategory, recentByTag } from '../../src/server/services/term-overview.ts';
import { onPostgres } from '../setup/database.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Migration 0018: the queries of the article page and of the article lists (home,
 * archives, category, tag, article list) read the article table through an index, never row by row:
 * an article's row holds its whole Markdown, so a scan reads every article's text (≈ 20 ms a page at
 * 10,000 articles). The queries are the ones the services really send (recorded as they run), each
 * explained by the database: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN with sequential scans
 * and sorts priced out (on a table this small it would rightly scan: the question is whether an
 * index could answer). The article page's and the lists' newest-first pages also read in the index's
 * order (no sort of the matching rows before the LIMIT).
 */

const api = setupTestApi({ seed: true });

type Recorded = { page: string; query: CompiledQuery };
const recorded: Recorded[] = [];

/** Records every query the services send while `run` runs, under `page`. */
async function record(page: string, run: () => Promise<unknown>) {
  const executor = db.getExecutor() as unknown as { executeQuery: (q: CompiledQuery) => Promise<unknown> };
  const original = executor.executeQuery;
  executor.executeQuery = function (this: unknown, q: CompiledQuery) {
    recorded.push({ page, query: q });
    return original.call(this, q);
  };
  try {
    await run();
  } finally {
    executor.executeQuery = original;
  }
}

/** The database's plan of `q`, one line per step (on PostgreSQL, on the connection `conn`). */
async function explain(conn: typeof db, q: CompiledQuery): Promise<string[]> {
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const result = await conn.executeQuery<Record<string, string>>({ ...q, sql: `${prefix}${q.sql}` });
  return result.rows.map((r) => r.detail ?? r['QUERY PLAN']);
}

const plans: { page: string; sql: string; plan: string[] }[] = [];

beforeAll(async () => {
  const article = await db
    .selectFrom('article')
    .select(['id', 'category_id'])
    .where('status', '=', 1)
    .where('category_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tag = await db.selectFrom('article_tag').select('tag_id').orderBy('tag_id').executeTakeFirstOrThrow();
  await record('/article', async () => {
    await getArticle(article.id);
    await getRecommendations(article.id);
  });
  await record('/home', async () => {
    await getStatistic();
    await listHomeArticles(1, 8);
    await getHotArticles();
    await categoryDictionary();
    await tagDictionary();
  });
  await record('/archives', () => listTimeline(1, 10));
  await record('/articleList', async () => {
    await getCategory(article.category_id as number);
    await listArticlesByCategory(article.category_id as number, 1, 8);
    await getTag(tag.tag_id);
    await listArticlesByTag(tag.tag_id, 1, 8);
    await listPublicNewest(1, 8);
  });
  await record('/category', () => recentByCategory(5));
  await record('/tag', () => recentByTag([tag.tag_id], 5));
  await db.connection().execute(async (conn) => {
    if (dialect === 'postgres') {
      await sql`SET enable_seqscan = off`.execute(conn);
      await sql`SET enable_sort = off`.execute(conn);
    }
    for (const { page, query } of recorded)
      plans.push({ page, sql: query.sql, plan: await explain(conn, query) });
    if (dialect === 'postgres') await sql`RESET ALL`.execute(conn);
  });
  if (process.env.SHOW_PLANS)
    for (const p of plans) console.log(`${p.page}\n  ${p.sql}\n    ${p.plan.join('\n    ')}`);
});

/** The steps of a plan that read the article table (PostgreSQL: a step names it, its lines below do not). */
const articleSteps = (plan: string[]) =>
  plan.filter((line) => (dialect === 'sqlite' ? /\barticle\b/ : /\bon article\b/).test(line));

/** Whether a plan reads every article row by row, not through an index. */
const scansTable = (plan: string[]) =>
  dialect === 'sqlite'
    ? plan.some((line) => /^SCAN article\b/.test(line) && !/COVERING INDEX/.test(line))
    : plan.some((line) => /Seq Scan on article\b/.test(line));

/** Whether a plan sorts the rows it reads (rather than reading them in an index's order). */
const sorts = (plan: string[]) =>
  dialect === 'sqlite'
    ? plan.some((line) => /TEMP B-TREE FOR .*ORDER BY/.test(line))
    : plan.some((line) => /\bSort\b/.test(line));

/** SQLite: the article rows of the step are all the public ones (only status bounds the index). */
const everyPublicRow = (plan: string[]) =>
  dialect === 'sqlite' && plan.some((line) => /^SEARCH article USING INDEX \w+ \(status=\?\)$/.test(line));

const show = (p: (typeof plans)[number]) => `${p.page}: ${p.sql}\n  ${p.plan.join('\n  ')}`;

describe('the article page and the lists read articles through indexes (migration 0018)', () => {
  it('records the queries of every page', () => {
    for (const page of ['/article', '/home', '/archives', '/articleList', '/category', '/tag'])
      expect(plans.filter((p) => p.page === page).length, page).toBeGreaterThan(0);
    expect(api.adminId).toBeGreaterThan(0);
  });

  it('no query reads the article table row by row', () => {
    for (const p of plans) expect(scansTable(p.plan), show(p)).toBe(false);
  });

  it('a page of a list (LIMIT, no grouping) reads its articles in an index order, never sorting them', () => {
    const limited = plans.filter((p) => / limit /i.test(p.sql) && !/ group by /i.test(p.sql));
    expect(limited.length).toBeGreaterThan(7);
    for (const p of limited.filter((p) => articleSteps(p.plan).length))
      expect(sorts(p.plan), show(p)).toBe(false);
  });

  // SQLite's plans say whether a step reads the row or only the index; PostgreSQL's index-only scans
  // depend on its visibility map, not on the query.
  it.skipIf(onPostgres)(
    "the lists' counts and the category page's ranking read indexes only, never an article row",
    () => {
      const indexOnly = plans.filter(
        (p) => /^select count\(\*\) as "n" from "article"/.test(p.sql) || p.page === '/category',
      );
      expect(indexOnly.length).toBeGreaterThan(3);
      // The category page's newest articles: their rows are read once kept, by their id.
      for (const p of indexOnly)
        for (const step of articleSteps(p.plan).filter((l) => !/article_tag/.test(l)))
          expect(/COVERING INDEX|PRIMARY KEY/.test(step), show(p)).toBe(true);
    },
  );

  it('the article page reads no more articles than it shows: each by its id or an index bounded past status', () => {
    for (const p of plans.filter((p) => p.page === '/article')) {
      expect(scansTable(p.plan), show(p)).toBe(false);
      expect(everyPublicRow(p.plan), show(p)).toBe(false);
    }
  });
});
