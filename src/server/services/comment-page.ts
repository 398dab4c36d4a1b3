import type { ParentComment } from '../../lib/contract/comments.ts';
import { commentLikesTag, commentsTag, shows } from '../core/page-tags.ts';
import { prepared } from '../db/prepared.ts';
import { type CommentType, selectComments, shownTo, withReplies } from './comments.ts';
import type { Page } from './paginate.ts';
import { thingVisible } from './visibility.ts';

// What a page shows of a thing's comments (a visitor's view: published only, newest first) and
// its two counts in one read, compiled once (db/prepared.ts): every article page's cache miss reads them.
const pageParents = prepared((d, type: number, forId: number, limit: number) =>
  selectComments(d)
    .where('comment.type', '=', type)
    .where('comment.for_id', '=', forId)
    .where('comment.parent_id', 'is', null)
    .where(shownTo(null))
    .orderBy('comment.createdAt', 'desc')
    .orderBy('comment.id', 'desc')
    .limit(limit),
);
const pageCounts = prepared((d, type: number, forId: number) =>
  d
    .selectFrom('comment')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('parent_id', 'is', null).as('parents'),
    ])
    .where('type', '=', type)
    .where('for_id', '=', forId)
    .where(shownTo(null)),
);

/**
 * The comments a page's HTML carries, shared by every visitor: the first page of top-level ones
 * (as listParents answers a visitor, newest first), how many top-level ones there are, and every
 * published comment of the thing (commentTotal).
 */
export async function pageComments(
  type: CommentType,
  forId: number,
  size: number,
): Promise<{ page: Page<ParentComment>; total: number }> {
  shows(commentsTag(type, forId), commentLikesTag(type, forId));
  if (!(await thingVisible(type, forId, false)))
    return { page: { current: 1, size, list: [], total: 0 }, total: 0 };
  const [rows, counts] = await Promise.all([
    pageParents.all(type, forId, size),
    pageCounts.first(type, forId),
  ]);
  const list = await withReplies(rows, null);
  return {
    page: { current: 1, size, list, total: Number(counts?.parents ?? 0) },
    total: Number(counts?.total ?? 0),
  };
}
