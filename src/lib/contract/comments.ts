/** A comment or reply as the comment lists send it (docs/api/public.md#guestbook-comments-and-likes). */
export type CommentItem = {
  id: number;
  type: number;
  for_id: number;
  parent_id: number | null;
  from_id: number;
  from_name: string;
  from_avatar: string;
  to_id: number | null;
  to_name: string | null;
  content: string;
  thumbs_up: number;
  is_like: boolean;
  /** The writer's IP 属地 (a province, or a country) when the owner shows it, else ''. */
  ipAddress: string;
  /** The writer's browser · system (`Chrome · Windows`) when the owner shows it, else '' (ours). */
  userAgent: string;
  createdAt: string;
  /**
   * Ours: `pending` (shown as 审核中) only on the viewer's own comment that waits for the owner's
   * review; everyone else sees published comments only.
   */
  review_status: 'published' | 'pending';
};

/** A top-level comment with the first page of its replies. */
export type ParentComment = CommentItem & { childrenTotal: number; childrenList: CommentItem[] };
