import { z } from 'zod';
import { CHAT_TEXT_MAX, type ChatMessage } from '../chat.ts';
import { choiceFilter, id, pageFields, textFilter } from './fields.ts';

/** POST /api/chat/getChatList: one page of history, oldest first, and the count of all messages. */
export type ChatHistory = { list: ChatMessage[]; total: number };

/**
 * POST /api/chat/backGetChatList, the owner's history search (ours): a substring of a text
 * message or of the sender's current nick name, or one sender; "" / null filters are absent.
 */
export const ChatSearch = z.object({
  ...pageFields,
  content: textFilter(CHAT_TEXT_MAX),
  nick_name: textFilter(50),
  user_id: choiceFilter(id()),
});
