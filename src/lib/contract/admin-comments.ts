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
  /** What it is under, named: the article's title, the start of the talk or message; null when gone. */
  subject: string | null;
};
