import type { SelectQueryBuilder } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import { shows } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import {
  type ArticleLink,
  type ArticleSummary,
  listAllArticles,
  type Page,
  showsLikesOf,
} from './articles.ts';

/**
 * What /category, /tag and a bare /articleList show beyond the dictionaries: the newest public
 * articles of each category or tag, and every public article newest first. Public means status 1,
 * the rule every visitor-facing list of articles.ts applies; private articles and drafts never show.
 */

/** A term's newest articles, keyed by the term's id. */
type RecentByTerm = Map<number, ArticleLink[]>;

function group(rows: (ArticleLink & { term: number | null })[]): RecentByTerm {
  const out: RecentByTerm = new Map();
  for (const { term, ...link } of rows) {
    if (term == null) continue;
    const list = out.get(term);
    if (list) list.push(link);
    else out.set(term, [link]);
  }
  return out;
}

/** A ranked article: its id and time, the term it is ranked under, and its place among that term's articles. */
type RankedRow = { id: number; createdAt: string; term: number | null; rank: number };

/**
 * The rows ranked within the first `perTerm` of their term, newest first, grouped by term. The rank
 * reads only ids, times and terms (from indexes, migration 0018); the links' titles and covers are
 * read for the articles kept, never for every public article (an article row carries its Markdown).
 */
async function topOfEachTerm<TB extends keyof DB>(
  ranked: SelectQueryBuilder<DB, TB, RankedRow>,
  perTerm: number,
): Promise<RecentByTerm> {
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .innerJoin('article', 'article.id', 'ranked.id')
    .select([
      'article.id',
      'article.article_title',
      'article.article_cover',
      'article.createdAt',
      'ranked.term',
    ])
    .where('ranked.rank', '<=', perTerm)
    .orderBy('article.createdAt', 'desc')
    .orderBy('article.id', 'desc')
    .execute();
  return group(rows);
}

/** The `perTerm` newest public articles of every category, newest first, in one query (a window rank). */
export async function recentByCategory(perTerm: number): Promise<RecentByTerm> {
  shows('articles');
  const ranked = db
    .selectFrom('article')
    .select(['id', 'createdAt', 'category_id as term'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('category_id').orderBy('createdAt', 'desc').orderBy('id', 'desc'))
        .as('rank'),
    )
    .where('status', '=', ARTICLE_STATUS.public)
    .where('category_id', 'is not', null);
  return topOfEachTerm(ranked, perTerm);
}

/** The `perTerm` newest public articles of each of the tags `tagIds`, newest first, in one query. */
export async function recentByTag(tagIds: number[], perTerm: number): Promise<RecentByTerm> {
  shows('articles');
  if (!tagIds.length) return new Map();
  const ranked = db
    .selectFrom('article_tag')
    .innerJoin('article', 'article.id', 'article_tag.article_id')
    .select(['article.id', 'article.createdAt', 'article_tag.tag_id as term'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) =>
          ob
            .partitionBy('article_tag.tag_id')
            .orderBy('article.createdAt', 'desc')
            .orderBy('article.id', 'desc'),
        )
        .as('rank'),
    )
    .where('article.status', '=', ARTICLE_STATUS.public)
    .where('article_tag.tag_id', 'in', tagIds);
  return topOfEachTerm(ranked, perTerm);
}

/** Every public article, newest first (pinned ones take no precedence here), a page at a time. */
export async function listPublicNewest(current: number, size: number): Promise<Page<ArticleSummary>> {
  shows('articles');
  const page = await listAllArticles(current, size, ARTICLE_STATUS.public);
  showsLikesOf(page.list);
  return page;
}
