import type { ChatMessage } from '../chat.ts';

/** POST /api/chat/getChatList: one page of history, oldest first, and the count of all messages. */
export type ChatHistory = { list: ChatMessage[]; total: number };
