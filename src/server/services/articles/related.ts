import { ARTICLE_STATUS } from '../../../lib/article.ts';
import type { ArticleLink, Recommendations } from '../../../lib/contract/articles.ts';
import { shows } from '../../core/page-tags.ts';
import { db } from '../../db/connection.ts';

const LINK_COLUMNS = [
  'article.id',
  'article.article_title',
  'article.article_cover',
  'article.createdAt',
] as const;

export type { Recommendations };

/** Previous (older) and next (newer) public article, and up to 6 related ones (shared tags, then category). */
export async function getRecommendations(id: number): Promise<Recommendations | null> {
  shows('articles');
  const me = await db
    .selectFrom('article')
    .select([...LINK_COLUMNS, 'article.category_id', 'article.status'])
    .where('article.id', '=', id)
    .executeTakeFirst();
  if (me?.status !== ARTICLE_STATUS.public) return null;
  const publicLinks = () =>
    db.selectFrom('article').select(LINK_COLUMNS).where('article.status', '=', ARTICLE_STATUS.public);
  // Previous and next by (createdAt, id), each as two seeks of the article_newest index (0018): an
  // article of the same time on that side (by id), else the nearest time past it. One comparison of
  // both columns with OR would read every article of the same time (SQLite bounds such a range by
  // createdAt alone).
  const sameTime = (op: '<' | '>') =>
    publicLinks()
      .where('article.createdAt', '=', me.createdAt)
      .where('article.id', op, id)
      .orderBy('article.id', op === '<' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const pastTime = (op: '<' | '>') => {
    const dir = op === '<' ? 'desc' : 'asc';
    return publicLinks()
      .where('article.createdAt', op, me.createdAt)
      .orderBy('article.createdAt', dir)
      .orderBy('article.id', dir)
      .limit(1)
      .executeTakeFirst();
  };
  const [previousSame, previousPast, nextSame, nextPast, byTags] = await Promise.all([
    sameTime('<'),
    pastTime('<'),
    sameTime('>'),
    pastTime('>'),
    // From the article's tags to the articles that have them (SQLite's CROSS JOIN keeps that order:
    // it reads only the articles sharing a tag, never every public one).
    db
      .selectFrom('article_tag as t')
      .crossJoin('article')
      .select(LINK_COLUMNS)
      .whereRef('article.id', '=', 't.article_id')
      .where('article.status', '=', ARTICLE_STATUS.public)
      .where('t.tag_id', 'in', (eb) =>
        eb.selectFrom('article_tag').select('article_tag.tag_id').where('article_tag.article_id', '=', id),
      )
      .where('article.id', '!=', id)
      .groupBy(LINK_COLUMNS)
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(6)
      .execute(),
  ]);
  const previous = previousSame ?? previousPast;
  const next = nextSame ?? nextPast;
  const recommend: ArticleLink[] = [...byTags];
  if (recommend.length < 6 && me.category_id !== null) {
    const more = await publicLinks()
      .where('article.category_id', '=', me.category_id)
      .where('article.id', 'not in', [id, ...recommend.map((r) => r.id)])
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(6 - recommend.length)
      .execute();
    recommend.push(...more);
  }
  // The article's own link: its LINK_COLUMNS, without what was read only to find the others.
  const { category_id: _category, status: _status, ...current } = me;
  return { current, previous: previous ?? null, next: next ?? null, recommend };
}
