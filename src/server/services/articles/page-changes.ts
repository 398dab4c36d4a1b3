import { ARTICLE_STATUS, readingMinutes } from '../../../lib/article.ts';
import { articleTag, changes, changesNothingShown } from '../../core/page-tags.ts';
import { db } from '../../db/connection.ts';

/**
 * What an article write changed on the public pages (core/page-tags.ts), found by comparing what
 * the pages show of the articles before and after it: their own page always (`article:<id>`); the
 * feeds when one is public before or after (any edit moves its update time); the lists and the
 * neighbour blocks (`articles`) only when one became or stopped being public, or a public one changed
 * what a list shows of it. So an edit of a public article's body drops its page and the feeds and
 * keeps every list, unless the reading time the lists show moved.
 */

/** What a list shows of one article, or null when it is not public (no list shows it). */
type ListState = string | null;

async function listStates(ids: number[]): Promise<Map<number, ListState>> {
  const out = new Map<number, ListState>();
  if (!ids.length) return out;
  const [rows, tags] = await Promise.all([
    db
      .selectFrom('article')
      .leftJoin('category', 'category.id', 'article.category_id')
      .select([
        'article.id',
        'article.status',
        'article.article_title',
        'article.article_cover',
        'article.article_description',
        'article.is_top',
        'article.order',
        'article.type',
        'article.createdAt',
        'category.id as categoryId',
        'category.category_name',
        (eb) => eb.fn<number>('length', ['article.article_content']).as('length'),
      ])
      .where('article.id', 'in', ids)
      .execute(),
    db
      .selectFrom('article_tag')
      .innerJoin('tag', 'tag.id', 'article_tag.tag_id')
      .select(['article_tag.article_id', 'tag.id', 'tag.tag_name'])
      .where('article_tag.article_id', 'in', ids)
      .orderBy('tag.id')
      .execute(),
  ]);
  for (const { status, length, ...row } of rows) {
    if (status !== ARTICLE_STATUS.public) {
      out.set(row.id, null);
      continue;
    }
    const own = tags.filter((t) => t.article_id === row.id).map((t) => [t.id, t.tag_name]);
    out.set(row.id, JSON.stringify([row, readingMinutes(Number(length)), own]));
  }
  return out;
}

function record(ids: number[], before: Map<number, ListState>, after: Map<number, ListState>) {
  if (!ids.length) changesNothingShown();
  for (const id of ids) {
    const was = before.get(id) ?? null;
    const is = after.get(id) ?? null;
    changes(articleTag(id));
    if (was !== null || is !== null) changes('article-feeds');
    if (was !== is) changes('articles');
  }
}

/**
 * Runs a write of the articles `ids` and records what it changed for the page cache. The two looks
 * cost two small queries: article writes are the admin's.
 */
export async function trackArticles<T>(ids: number[], write: () => Promise<T>): Promise<T> {
  const before = await listStates(ids);
  const result = await write();
  record(ids, before, await listStates(ids));
  return result;
}

/** Runs the write that creates an article (it answers the new id) and records what it changed. */
export async function trackNewArticle(write: () => Promise<number>): Promise<number> {
  const id = await write();
  record([id], new Map(), await listStates([id]));
  return id;
}
