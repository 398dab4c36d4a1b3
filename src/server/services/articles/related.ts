import { type Kysely, sql } from 'kysely';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import type { ArticleLink, Recommendations } from '../../../lib/contract/articles.ts';
import { shows } from '../../core/page-tags.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';

const LINK_COLUMNS = [
  'article.id',
  'article.article_title',
  'article.article_cover',
  'article.createdAt',
] as const;

/** How many related articles an article shows. */
const RELATED = 6;

export type { Recommendations };

/**
 * The queries of an article's neighbours and relatives, each a seek of an ordered index (0018),
 * compiled once (db/prepared.ts): every article page's cache miss runs them all.
 */
const publicLinks = (d: Kysely<DB>) =>
  d.selectFrom('article').select(LINK_COLUMNS).where('article.status', '=', ARTICLE_STATUS.public);

const own = prepared((d, id: number) =>
  d
    .selectFrom('article')
    .select([...LINK_COLUMNS, 'article.category_id', 'article.status'])
    .where('article.id', '=', id),
);

// Previous and next by (createdAt, id), in one statement of four seeks of the article_newest index:
// on each side an article of the same time (by id), and the nearest time past it; the first found
// on a side is its neighbour. One comparison of both columns with OR would read every article of the
// same time (SQLite bounds such a range by createdAt alone).
const neighbours = prepared((d, createdAt: string, id: number) => {
  const sameTime = (op: '<' | '>') =>
    publicLinks(d)
      .where('article.createdAt', '=', createdAt)
      .where('article.id', op, id)
      .orderBy('article.id', op === '<' ? 'desc' : 'asc')
      .limit(1);
  const pastTime = (op: '<' | '>') => {
    const dir = op === '<' ? 'desc' : 'asc';
    return publicLinks(d)
      .where('article.createdAt', op, createdAt)
      .orderBy('article.createdAt', dir)
      .orderBy('article.id', dir)
      .limit(1);
  };
  // Each seek a subquery of its own (a compound SELECT takes one ORDER BY and LIMIT), marked with
  // its place: 0 the same time before, 1 earlier, 2 the same time after, 3 later.
  const at = (place: number, q: ReturnType<typeof pastTime>) =>
    d
      .selectFrom(q.as(`n${place}`))
      .selectAll()
      .select(sql.lit(place).as('place'));
  return at(0, sameTime('<'))
    .unionAll(at(1, pastTime('<')))
    .unionAll(at(2, sameTime('>')))
    .unionAll(at(3, pastTime('>')));
});

// From the article's tags to the articles that have them (SQLite's CROSS JOIN keeps that order: it
// reads only the articles sharing a tag, never every public one).
const byTags = prepared((d, id: number) =>
  d
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
    .limit(RELATED),
);

// The newest of the category but the article itself: the first RELATED hold enough that are not
// among the tags' ones (at most RELATED - 1 of them are).
const byCategory = prepared((d, category: number, id: number) =>
  publicLinks(d)
    .where('article.category_id', '=', category)
    .where('article.id', '!=', id)
    .orderBy('article.createdAt', 'desc')
    .orderBy('article.id', 'desc')
    .limit(RELATED),
);

/** Previous (older) and next (newer) public article, and up to 6 related ones (shared tags, then category). */
export async function getRecommendations(
  id: number,
  known?: ArticleLink & { category_id: number | null; status: number },
): Promise<Recommendations | null> {
  shows('articles');
  // The article page has read the article already; the API reads it here.
  const me = known?.id === id ? known : await own.first(id);
  if (me?.status !== ARTICLE_STATUS.public) return null;
  const [around, tagged] = await Promise.all([neighbours.all(me.createdAt, id), byTags.all(id)]);
  const side = (places: number[]) => {
    const found = places.map((p) => around.find((r) => Number(r.place) === p)).find(Boolean);
    if (!found) return null;
    const { place: _place, ...link } = found;
    return link;
  };
  const previous = side([0, 1]);
  const next = side([2, 3]);
  const recommend: ArticleLink[] = [...tagged];
  if (recommend.length < RELATED && me.category_id !== null) {
    const taken = new Set(recommend.map((r) => r.id));
    const more = (await byCategory.all(me.category_id, id)).filter((r) => !taken.has(r.id));
    recommend.push(...more.slice(0, RELATED - recommend.length));
  }
  // The article's own link: its LINK_COLUMNS, without what was read only to find the others.
  const current = {
    id: me.id,
    article_title: me.article_title,
    article_cover: me.article_cover,
    createdAt: me.createdAt,
  };
  return { current, previous, next, recommend };
}
