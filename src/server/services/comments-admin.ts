import { sql } from 'kysely';
import type { AdminCommentRow } from '../../lib/contract/admin-comments.ts';
import type { TimeRange } from '../../lib/contract/fields.ts';
import type { ReviewState } from '../../lib/review.ts';
import { db } from '../db/connection.ts';
import { contains, within } from './admin-filters.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/**
 * Every comment and reply for moderation (POST /api/comment/backGetCommentList), newest first: a
 * substring of the text, of the author's or the addressee's current nick name, a creation window.
 * Comments of private things are listed too (the caller is an admin).
 */
export async function listCommentsAdmin(input: {
  current: number;
  size: number;
  content?: string;
  from_name?: string;
  to_name?: string;
  time?: TimeRange;
  from_id?: number;
  review_status?: ReviewState;
}): Promise<Page<AdminCommentRow>> {
  let q = db
    .selectFrom('comment')
    .innerJoin('user as f', 'f.id', 'comment.from_id')
    .leftJoin('user as t', 't.id', 'comment.to_id');
  if (input.content) q = q.where(contains('comment.content', input.content));
  if (input.from_name) q = q.where(contains('f.nick_name', input.from_name));
  if (input.to_name) q = q.where(contains('t.nick_name', input.to_name));
  if (input.time) q = q.where(within('comment.createdAt', input.time));
  if (input.from_id) q = q.where('comment.from_id', '=', input.from_id);
  if (input.review_status) q = q.where('comment.review_status', '=', input.review_status);
  return paginate(
    input,
    (limit, offset) =>
      q
        .select([
          'comment.id',
          'comment.parent_id',
          'comment.type',
          'comment.for_id',
          'comment.from_id',
          'f.nick_name as from_name',
          'f.avatar as from_avatar',
          'comment.to_id',
          't.nick_name as to_name',
          't.avatar as to_avatar',
          'comment.content',
          'comment.thumbs_up',
          'comment.ip_address as ipAddress',
          'comment.createdAt',
          'comment.updatedAt',
          sql<ReviewState>`comment.review_status`.as('review_status'),
        ])
        .orderBy('comment.createdAt', 'desc')
        .orderBy('comment.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(q),
  );
}
