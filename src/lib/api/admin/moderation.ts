import type { z } from 'zod';
import type { ModerationList, ModerationRow, ReviewCounts } from '../../contract/admin-comments.ts';
import type { Page } from '../../contract/page.ts';
import { del, get, post, put } from '../client.ts';

/**
 * The console's 评论与留言 calls (deletes are the original admin app's backDelete routes; the queue:
 * docs/owner-guide.md#评论审核).
 */

export type ModerationFilter = z.input<typeof ModerationList>;

export const listModeration = (filter: ModerationFilter) =>
  post<Page<ModerationRow>>('/api/comment/getModerationList', filter);

/** A comment (its replies go too when it is a top-level one). */
export const deleteComment = (id: number, parentId: number | null) =>
  del<number>(`/api/comment/backDelete/${id}/${parentId ?? 0}`);

export const deleteMessages = (ids: number[]) => put<number>('/api/message/backDelete', { idList: ids });

/** The queue's tabs: how many comments and messages in all, waiting, spam. */
export const getReviewCounts = () => get<ReviewCounts>('/api/comment/reviewCounts');

export type Verdict = 'published' | 'spam';

/** The owner's verdict on comments; answers how many changed. */
export const reviewComments = (ids: number[], status: Verdict) =>
  put<number>('/api/comment/review', { idList: ids, status });

/** The owner's verdict on guestbook messages; answers how many changed. */
export const reviewMessages = (ids: number[], status: Verdict) =>
  put<number>('/api/message/review', { idList: ids, status });

/**
 * The blogger's answer to a row, as an ordinary comment of the admin account: under a comment, a reply
 * to its author in that thread; under a guestbook message, a comment on it.
 */
export function replyTo(row: ModerationRow, content: string) {
  if (row.kind === 'message') return post<unknown>('/api/comment/add', { type: 3, for_id: row.id, content });
  return post<unknown>('/api/comment/apply', {
    type: row.type,
    for_id: row.for_id,
    parent_id: row.parent_id ?? row.id,
    to_id: row.from_id,
    content,
  });
}
