import type { Message } from '../contract/messages.ts';
import type { Page } from '../contract/page.ts';
import { post, put, type RequestOptions } from './client.ts';

/** The guestbook (docs/api/public.md#guestbook-comments-and-likes). */

export const messageList = (current: number, size: number, tag: string, opts?: RequestOptions) =>
  post<Page<Message>>('/api/message/getMessageList', { current, size, tag }, opts);

/** The new message's id and state: `pending` when it waits for the owner's review. */
export const addMessage = (body: Record<string, unknown>) =>
  post<{ id: number; review_status: Message['review_status'] }>('/api/message/add', body);

export const updateMessage = (body: Record<string, unknown> & { id: number }) =>
  post<null>('/api/message/update', body);

export const deleteMessages = (idList: number[]) => put<null>('/api/message/delete', { idList });
