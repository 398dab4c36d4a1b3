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
