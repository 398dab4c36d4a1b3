/** A notification as getNotifyList sends it (isView 1 unread, 2 read). */
export type NotifyItem = {
  id: number;
  message: string;
  isView: number;
  type: number;
  to_id: number;
  createdAt: string;
};

/** getNotifyList's page: the usual page plus the receiver's unread count. */
export type NotifyPage = { current: number; size: number; list: NotifyItem[]; total: number; unread: number };
