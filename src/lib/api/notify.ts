import type { NotifyPage } from '../contract/notify.ts';
import { post, put, type RequestOptions } from './client.ts';

/** 我的消息 (docs/api/public.md#notifications-and-chat-history): always the signed-in user's own. */

export const notifyList = (current: number, size: number, opts?: RequestOptions) =>
  post<NotifyPage>('/api/notify/getNotifyList', { current, size }, opts);

export const markNotifyRead = (id: number) => put<null>(`/api/notify/update/${id}`);

export const deleteNotify = (id: number, opts?: RequestOptions) =>
  put<null>(`/api/notify/delete/${id}`, undefined, opts);
