import type { z } from 'zod';
import type { ChatMessage, OnlineEntry } from '../../chat.ts';
import type { ChatSearch } from '../../contract/chat.ts';
import type { Page } from '../../contract/page.ts';
import { del, get, post, put, type RequestOptions } from '../client.ts';

/**
 * The console's calls for the chat room (docs/api/admin.md#users-and-chat); messages themselves go over the
 * socket.
 */

export type ChatFilter = z.input<typeof ChatSearch>;

/** The history, newest first, searched by text and sender. */
export const searchChat = (filter: ChatFilter) =>
  post<Page<ChatMessage>>('/api/chat/backGetChatList', filter);

export const deleteChatMessage = (id: number) => del<null>(`/api/chat/deleteOne/${id}`);

export const clearChatHistory = () => post<null>('/api/chat/delete');

/** Who is in the chat now; `quiet` for the screen's own refresh, which shows nothing when it fails. */
export const onlineUsers = (opts?: RequestOptions) => get<OnlineEntry[]>('/api/chat/getOnlineList', opts);

export const forceOffline = (userId: number) => put<true>(`/api/chat/forceOffline/${userId}`);
