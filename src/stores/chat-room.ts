import { chatHistory, clearChat } from '../lib/api/chat.ts';
import {
  CHAT_PAGE_SIZE,
  CHAT_TEXTS,
  type ChatContentType,
  checkChatText,
  historyHasMore,
  mergeMessages,
  oldestId,
} from '../lib/chat.ts';
import { $chatMessages, $history, chatSocket } from './chat.ts';
import { $token } from './session.ts';
import { toast } from './toast.ts';

/**
 * What the chat room does (send, recall, force offline, clear, the history), apart from the
 * connection in stores/chat.ts: this loads with the room when it first opens, not on every page.
 */

const { send } = chatSocket;
/** The room has been shown, so its history is wanted. */
let historyWanted = false;
// Back after a drop: fetch what was said meanwhile (or the first page, if that failed).
chatSocket.onOpen(() => {
  if (historyWanted) void loadHistory();
});

/**
 * Checks login and the connection; shows the toast of docs/product.md#chat-rules when sending is not
 * possible.
 */
function canSend(): boolean {
  if (!$token.get()) {
    toast(CHAT_TEXTS.login, 'warning', '温馨提示');
    return false;
  }
  if (!chatSocket.isOpen()) {
    toast(CHAT_TEXTS.notConnected, 'warning', '温馨提示');
    return false;
  }
  return true;
}

/** Sends a text message; false (with a toast) when it cannot be sent, so the input keeps its text. */
export function sendText(text: string): boolean {
  if (!$token.get()) {
    toast(CHAT_TEXTS.login, 'warning', '温馨提示');
    return false;
  }
  const error = checkChatText(text);
  if (error) {
    toast(error, 'warning', '温馨提示');
    return false;
  }
  if (!canSend()) return false;
  send({ type: 'message', content: text.trim(), content_type: 'text' as ChatContentType });
  return true;
}

export function sendImage(url: string): boolean {
  if (!canSend()) return false;
  send({ type: 'message', content: url, content_type: 'image' });
  return true;
}

export function recallMessage(id: number): void {
  if (!canSend()) return;
  chatSocket.expectRevert(id);
  send({ type: 'revert', message_id: id });
}

export function forceOffline(userId: number): void {
  if (!canSend()) return;
  send({ type: 'offline', user_id: userId });
}

/** Admin: clears every message (the server tells every socket). */
export async function clearHistory(): Promise<void> {
  await clearChat();
  $chatMessages.set([]);
  $history.set({ ...$history.get(), hasMore: false });
  toast(CHAT_TEXTS.cleared, 'success', '提示');
}

/** The newest page (first open) or the page before the oldest message shown. */
export async function loadHistory(older = false): Promise<void> {
  historyWanted = true;
  const state = $history.get();
  if (state.loading) return;
  $history.set({ ...state, loading: true });
  try {
    const last_id = older ? oldestId($chatMessages.get()) : undefined;
    const page = await chatHistory(CHAT_PAGE_SIZE, last_id);
    $chatMessages.set(mergeMessages($chatMessages.get(), page.list));
    // "More" only when a full page came back. A refresh of the newest page (after a
    // reconnect) leaves what is known about older pages alone.
    const hasMore = older || !state.loaded ? historyHasMore(page.list.length) : state.hasMore;
    $history.set({ loaded: true, loading: false, hasMore });
  } catch {
    $history.set({ ...$history.get(), loading: false });
  }
}
