import { sql } from 'kysely';
import { escapeLike } from '../../../lib/search.ts';
import { conflict, invalid, notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db, dialect } from '../../db/connection.ts';
import { countRows, type Page, paginate } from '../paginate.ts';
import type { Db } from './db.ts';
import { trackArticles } from './page-changes.ts';

/**
 * The owner's category and tag lists, bulk deletes and merges
 * (docs/api/admin.md#articles-categories-and-tags). A term in use is never deleted from under its articles:
 * the delete is refused, or the articles move to `moveTo` first. A merge moves every article of one term to
 * another.
 */

export type Term = 'category' | 'tag';

const COLUMN = { category: 'category_name', tag: 'tag_name' } as const;

const usage = (term: Term) =>
  term === 'category'
    ? sql<number>`(select count(*) from article where article.category_id = category.id)`
    : sql<number>`(select count(*) from article_tag where article_tag.tag_id = tag.id)`;

/**
 * One page of terms in insertion order (those whose name contains `name` when it is given):
 * `{id, category_name | tag_name, createdAt, updatedAt, articleCount}`, counting articles of every status.
 */
export async function listTerms(
  term: Term,
  current: number,
  size: number,
  name?: string,
): Promise<Page<Record<string, unknown>>> {
  const column = COLUMN[term];
  let base = db.selectFrom(term as 'category').select(['id', 'createdAt', 'updatedAt']);
  if (name) {
    const op = dialect === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
    base = base.where(sql<boolean>`${sql.ref(column)} ${op} ${`%${escapeLike(name)}%`} ESCAPE '\\'`);
  }
  return paginate(
    { current, size },
    async (limit, offset) => {
      const rows = await base
        .select([sql.ref<string>(column).as(column), usage(term).as('articleCount')])
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({ ...r, articleCount: Number(r.articleCount) }));
    },
    () => countRows(base),
  );
}

async function exists(d: Db, term: Term, id: number): Promise<boolean> {
  return Boolean(
    await d
      .selectFrom(term as 'category')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

/** The articles using any of the terms. */
export async function articlesOf(d: Db, term: Term, ids: number[]): Promise<number[]> {
  const rows =
    term === 'category'
      ? await d.selectFrom('article').select('id as article_id').where('category_id', 'in', ids).execute()
      : await d.selectFrom('article_tag').select('article_id').where('tag_id', 'in', ids).execute();
  return [...new Set(rows.map((r) => r.article_id))];
}

/** Moves every article of the terms `ids` to the term `to` (a tag link is not doubled). */
async function moveArticles(d: Db, term: Term, ids: number[], to: number, articles: number[]): Promise<void> {
  if (!articles.length) return;
  // An editor open on one of them must not save the old term back over the move.
  await d
    .updateTable('article')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', 'in', articles)
    .execute();
  if (term === 'category') {
    await d.updateTable('article').set({ category_id: to }).where('category_id', 'in', ids).execute();
    return;
  }
  const have = await d
    .selectFrom('article_tag')
    .select('article_id')
    .where('tag_id', '=', to)
    .where('article_id', 'in', articles)
    .execute();
  const already = new Set(have.map((r) => r.article_id));
  const missing = articles.filter((a) => !already.has(a));
  if (missing.length)
    await d
      .insertInto('article_tag')
      .values(missing.map((article_id) => ({ article_id, tag_id: to })))
      .execute();
  await d.deleteFrom('article_tag').where('tag_id', 'in', ids).execute();
}

const missing = (term: Term) => notFound(term === 'category' ? MSG.category : MSG.tag);

/**
 * POST /category/delete {categoryIdList}, POST /tag/delete {tagIdList}: refused while an article uses
 * one of them, unless `moveTo` names another term to move those articles to first. Ids that do not
 * exist are skipped; answers how many were deleted.
 */
export async function deleteTerms(term: Term, ids: number[], moveTo?: number): Promise<number> {
  const unique = [...new Set(ids)];
  return trackArticles(await articlesOf(db, term, unique), () => deleteTermsOf(term, unique, moveTo));
}

async function deleteTermsOf(term: Term, unique: number[], moveTo?: number): Promise<number> {
  if (moveTo !== undefined && unique.includes(moveTo)) throw invalid(MSG.moveIntoDeleted);
  return db.transaction().execute(async (trx) => {
    if (moveTo !== undefined && !(await exists(trx, term, moveTo))) throw missing(term);
    const articles = await articlesOf(trx, term, unique);
    if (articles.length) {
      if (moveTo === undefined) throw conflict(term === 'category' ? MSG.categoryInUse : MSG.tagInUse);
      await moveArticles(trx, term, unique, moveTo, articles);
    }
    const res = await trx
      .deleteFrom(term as 'category')
      .where('id', 'in', unique)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

/** PUT /category/merge, /tag/merge {from, to}: the articles of `from` go to `to`, and `from` goes. */
export async function mergeTerms(term: Term, from: number, to: number): Promise<number> {
  if (from === to) throw invalid(MSG.mergeIntoItself);
  return trackArticles(await articlesOf(db, term, [from]), () => mergeInto(term, from, to));
}

async function mergeInto(term: Term, from: number, to: number): Promise<number> {
  const articles = await db.transaction().execute(async (trx) => {
    if (!(await exists(trx, term, from)) || !(await exists(trx, term, to))) throw missing(term);
    const articles = await articlesOf(trx, term, [from]);
    await moveArticles(trx, term, [from], to, articles);
    await trx
      .deleteFrom(term as 'category')
      .where('id', '=', from)
      .execute();
    return articles;
  });
  return articles.length;
}
