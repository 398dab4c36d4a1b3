import type { ChatHistory } from '../contract/chat.ts';
import { post } from './client.ts';

/** The chat room's HTTP calls (the messages themselves go over the socket). */

/** One page of history before `lastId` (the newest page without it). */
export const chatHistory = (size: number, lastId?: number) =>
  post<ChatHistory>('/api/chat/getChatList', { size, ...(lastId ? { last_id: lastId } : {}) });

/** Admin: clears every message. */
export const clearChat = () => post<null>('/api/chat/delete');
