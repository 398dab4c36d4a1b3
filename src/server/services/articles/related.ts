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
  const [previous, next, byTags] = await Promise.all([
    publicLinks()
      .where((eb) =>
        eb.or([
          eb('article.createdAt', '<', me.createdAt),
          eb.and([eb('article.createdAt', '=', me.createdAt), eb('article.id', '<', id)]),
        ]),
      )
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    publicLinks()
      .where((eb) =>
        eb.or([
          eb('article.createdAt', '>', me.createdAt),
          eb.and([eb('article.createdAt', '=', me.createdAt), eb('article.id', '>', id)]),
        ]),
      )
      .orderBy('article.createdAt')
      .orderBy('article.id')
      .limit(1)
      .executeTakeFirst(),
    publicLinks()
      .innerJoin('article_tag as t', 't.article_id', 'article.id')
      .where('t.tag_id', 'in', (eb) =>
        eb.selectFrom('article_tag').select('article_tag.tag_id').where('article_tag.article_id', '=', id),
      )
      .where('article.id', '!=', id)
      .groupBy(LINK_COLUMNS)
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('article.createdAt', 'desc')
      .limit(6)
      .execute(),
  ]);
  const recommend: ArticleLink[] = [...byTags];
  if (recommend.length < 6 && me.category_id !== null) {
    const more = await publicLinks()
      .where('article.category_id', '=', me.category_id)
      .where('article.id', 'not in', [id, ...recommend.map((r) => r.id)])
      .orderBy('article.createdAt', 'desc')
      .limit(6 - recommend.length)
      .execute();
    recommend.push(...more);
  }
  // The article's own link: its LINK_COLUMNS, without what was read only to find the others.
  const { category_id: _category, status: _status, ...current } = me;
  return { current, previous: previous ?? null, next: next ?? null, recommend };
}
