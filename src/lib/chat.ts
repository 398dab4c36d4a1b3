/**
 * Chat rules shared by the browser and the server (docs/product.md#chat-connection and
 * docs/product.md#chat-rules) and the frames of the /ws contract (docs/api/websocket.md). Pure: no
 * DOM, no sockets.
 */

export const CHAT_TEXT_MAX = 555;
export const CHAT_PAGE_SIZE = 10;
export const CHAT_HEALTH_CHECK_MS = 30_000;
export const CHAT_RETRY_DELAY_MS = 5_000;
export const CHAT_MAX_RETRIES = 5;

export const CHAT_TEXTS = {
  login: '请先登录',
  empty: '请输入消息再发送',
  tooLong: `消息不能超过${CHAT_TEXT_MAX}个字`,
  reverted: '撤回成功',
  cleared: '聊天记录已清空',
  reconnecting: '聊天室连接失败 正在重新连接',
  confirmClear: '确认清空吗',
  empty_state: '还等什么 赶快聊起来吧',
  kicked: '你已被管理员强制下线',
  notConnected: '聊天室未连接，请稍后再试',
} as const;

export const confirmOfflineText = (nickName: string) => `确认强制下线${nickName}吗`;

export type ChatContentType = 'text' | 'image';

export type ChatMessage = {
  id: number;
  user_id: number;
  nick_name: string;
  avatar: string;
  content: string;
  content_type: ChatContentType;
  createdAt: string;
};

export type OnlineEntry = { user_id: number; nick_name: string; avatar: string };

/** Server → client frames. */
export type ServerFrame =
  | { type: 'tips'; content: string }
  | ({ type: 'message' } & ChatMessage)
  | { type: 'onlineList'; list: OnlineEntry[] }
  | { type: 'revert'; message_id: number }
  | { type: 'clear' }
  | { type: 'error'; content: string }
  | { type: 'offline' };

/** Client → server frames (a user_id in any of them is ignored by the server). */
export type ClientFrame =
  | { type: 'init'; token?: string }
  | { type: 'message'; content: string; content_type: ChatContentType }
  | { type: 'revert'; message_id: number }
  | { type: 'offline'; user_id: number };

/** Characters as a reader counts them (an emoji is one), not UTF-16 units. */
export const charCount = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/**
 * The error a text message gets (docs/product.md#chat-rules: empty → 请输入消息再发送; over 555 characters), or null.
 */
export function checkChatText(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return CHAT_TEXTS.empty;
  if (charCount(text) > CHAT_TEXT_MAX) return CHAT_TEXTS.tooLong;
  return null;
}

/** Parses a frame from the other side; anything that is not a JSON object with a string type is null. */
export function parseFrame<T extends { type: string }>(data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as T;
    }
  } catch {
    /* not JSON */
  }
  return null;
}

/** The socket address on the page's own host (wss behind https). */
export const chatSocketUrl = (loc: { protocol: string; host: string }) =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;

/**
 * After a failed connect (or a dropped connection) retry every 5 s, at most 5 times in a
 * row, each time with the 聊天室连接失败 toast. `failures` is how many retries were already made since
 * the last successful open.
 */
export function afterConnectFailure(failures: number): { retryInMs: number | null; failures: number } {
  if (failures >= CHAT_MAX_RETRIES) return { retryInMs: null, failures };
  return { retryInMs: CHAT_RETRY_DELAY_MS, failures: failures + 1 };
}

export type ChatStatus = 'connecting' | 'open' | 'closed';

/**
 * The 30 s check reconnects when the socket is not open, unless a retry is already
 * scheduled or the admin forced this visitor offline (then only a manual reconnect or another user
 * brings the chat back).
 */
export const healthCheckReconnects = (status: ChatStatus, retryPending: boolean, kicked: boolean) =>
  status === 'closed' && !retryPending && !kicked;

/**
 * The unread counter rises for messages from others while the chat is not on screen, and
 * is cleared when the panel is opened or clicked (resetting is the caller's job) or history cleared.
 */
export function nextUnread(
  count: number,
  frame: ServerFrame,
  ctx: { myId: number | null | undefined; visible: boolean },
): number {
  if (frame.type === 'clear') return 0;
  if (frame.type !== 'message' || ctx.visible) return count;
  return frame.user_id === ctx.myId ? count : count + 1;
}

/** The badge text: the count up to 99, then 99+. */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

/** "More" shows only when a full page came back. */
export const historyHasMore = (pageLength: number, size = CHAT_PAGE_SIZE) => pageLength >= size;

/** Messages merged by id, oldest first, each once (history pages and live frames overlap). */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The page before the oldest message shown (`last_id` of getChatList), or undefined for the newest. */
export const oldestId = (list: readonly ChatMessage[]) => (list.length ? list[0].id : undefined);

/** Recall is for the author and the admin (docs/product.md#permissions). */
export const canRecall = (
  message: { user_id: number },
  me: { id: number; role: number } | null | undefined,
) => Boolean(me && (me.role === 1 || me.id === message.user_id));

/** Forcing offline is for the admin, never on oneself. */
export const canForceOffline = (
  target: { user_id: number },
  me: { id: number; role: number } | null | undefined,
) => Boolean(me && me.role === 1 && me.id !== target.user_id);
