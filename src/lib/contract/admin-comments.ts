import { z } from 'zod';
import { COMMENT_MAX } from '../community.ts';
import { REVIEW_STATES, type ReviewState } from '../review.ts';
import { choiceFilter, id, num, pageFields, textFilter, timeFilter } from './fields.ts';

/** The admin lists' `review_status` filter: one state, or absent (blank) for every one. */
export const reviewStatusFilter = choiceFilter(
  z.enum(REVIEW_STATES, 'review_status 只能是 published、pending 或 spam'),
);

/**
 * PUT /api/comment/review and PUT /api/message/review: the owner's verdict on items of the queue.
 * `published` makes them live (and announces them as new ones); `spam` takes them down.
 */
export const ReviewBody = z.object({
  idList: z.array(id(), '请选择要审核的内容').min(1, '请选择要审核的内容').max(100, '一次最多审核100条'),
  status: z.enum(['published', 'spam'], 'status 只能是 published 或 spam'),
});

/** GET /api/comment/reviewCounts: how many comments and messages there are in all, waiting, spam. */
export type ReviewCounts = { all: number; pending: number; spam: number };

/**
 * A comment as the owner's moderation list shows it (POST /api/comment/backGetCommentList): names and
 * avatars as the users have them now, the place of the address (ipAddress), never the raw address.
 */
export type AdminCommentRow = {
  id: number;
  parent_id: number | null;
  type: number;
  for_id: number;
  from_id: number;
  from_name: string;
  from_avatar: string;
  to_id: number | null;
  to_name: string | null;
  to_avatar: string | null;
  content: string;
  thumbs_up: number;
  ipAddress: string;
  createdAt: string;
  updatedAt: string;
  /** Ours: published, pending or spam (docs/owner-guide.md#评论审核). */
  review_status: ReviewState;
};

/**
 * One row of the console's 评论与留言 list (POST /api/comment/getModerationList): a comment (type 1 under
 * an article, 2 under a talk, 3 under a guestbook message) or a guestbook message itself (type 4).
 */
export type ModerationRow = {
  kind: 'comment' | 'message';
  id: number;
  type: 1 | 2 | 3 | 4;
  /** What the comment is under (article, talk or message id); a message's own id. */
  for_id: number;
  /** A reply's top-level comment (null for a top-level comment or a message). */
  parent_id: number | null;
  /** The author's user id; null for a guest's message. */
  from_id: number | null;
  /** The author's current nick name (a guest's message: the name they gave). */
  from_name: string;
  from_avatar: string;
  content: string;
  createdAt: string;
  review_status: ReviewState;
  /**
   * Why a rule or the review mode held it when it was written (or last edited): 含敏感词「…」,
   * 含 3 个链接（上限 2 个）, 首次评论或留言需审核, 全部需审核; '' when nothing held it.
   */
  review_reason: string;
  /** What it is under, named: the article's title, the start of the talk or message; null when gone. */
  subject: string | null;
};

/**
 * POST /api/comment/getModerationList: type 1 article comments, 2 talk comments, 3 comments
 * under messages, 4 guestbook messages; from_id one author's history, from_name a substring of the
 * author's nick name (a guest's message: the name given); time `[start, end]` China days, end included.
 */
export const ModerationList = z.object({
  ...pageFields,
  type: choiceFilter(num(z.literal([1, 2, 3, 4], 'type 只能是 1、2、3 或 4'))),
  content: textFilter(COMMENT_MAX),
  from_id: choiceFilter(id()),
  from_name: textFilter(50),
  time: timeFilter,
  // The queue's tabs: 全部 (absent) / 待审核 (pending) / 垃圾 (spam).
  review_status: reviewStatusFilter,
});
