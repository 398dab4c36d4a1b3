/** A guestbook message (docs/api/public.md#guestbook-comments-and-likes). */
export type Message = {
  id: number;
  message: string;
  tag: string;
  color: string;
  font_size: number;
  font_weight: number;
  bg_color: string;
  bg_url: string;
  like_times: number;
  nick_name: string;
  avatar: string;
  user_id: number | null;
  is_like: boolean;
  comment_total: number;
  /** The writer's IP 属地 and browser · system when the owner shows them, else '' (ours). */
  ipAddress: string;
  userAgent: string;
  createdAt: string;
  updatedAt: string;
  /**
   * Ours: `pending` (shown as 审核中) on the viewer's own message that waits for review; the admin sees
   * every message with its real state (`spam` too).
   */
  review_status: 'published' | 'pending' | 'spam';
};

/** How a guestbook message looks, as its author writes it (add and update). */
export type MessageInput = Pick<
  Message,
  'message' | 'tag' | 'color' | 'font_size' | 'font_weight' | 'bg_color' | 'bg_url'
>;
