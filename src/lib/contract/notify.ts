/** A notification as getNotifyList sends it (isView 1 unread, 2 read). */
export type NotifyItem = {
  id: number;
  message: string;
  isView: number;
  type: number;
  to_id: number;
  createdAt: string;
  /**
   * What it is about (an addition to the original contract): the article's title, the start of the talk or
   * the guestbook message, the friend link's site name; null when gone or not the receiver's to see.
   */
  subject: string | null;
};

/** getNotifyList's page: the usual page plus the receiver's unread count. */
export type NotifyPage = { current: number; size: number; list: NotifyItem[]; total: number; unread: number };
