import type { ChatMessage, OnlineEntry } from '../../chat.ts';
import type { Page } from '../../contract/page.ts';
import { del, get, post, put } from '../client.ts';

/** The console's calls for the chat room (README "Owner API"); messages themselves go over the socket. */

export type ChatFilter = { current: number; size: number; content?: string; nick_name?: string };

/** The history, newest first, searched by text and sender. */
export const searchChat = (filter: ChatFilter) =>
  post<Page<ChatMessage>>('/api/chat/backGetChatList', filter);

export const deleteChatMessage = (id: number) => del<null>(`/api/chat/deleteOne/${id}`);

export const clearChatHistory = () => post<null>('/api/chat/delete');

export const onlineUsers = () => get<OnlineEntry[]>('/api/chat/getOnlineList');

export const forceOffline = (userId: number) => put<true>(`/api/chat/forceOffline/${userId}`);
