import { atom } from 'nanostores';
import {
  afterConnectFailure,
  CHAT_HEALTH_CHECK_MS,
  CHAT_TEXTS,
  type ChatMessage,
  type ChatStatus,
  type ClientFrame,
  chatSocketUrl,
  healthCheckReconnects,
  mergeMessages,
  nextUnread,
  type OnlineEntry,
  parseFrame,
  type ServerFrame,
} from '../lib/chat.ts';
import { $token, $userInfo } from './session.ts';
import { toast } from './toast.ts';

/**
 * The chat room's state and its one socket (docs/product.md#chat-connection). Loaded with the chat button
 * on every page and kept across client-router navigation, so the connection and the unread count survive.
 */
export const $chatStatus = atom<ChatStatus>('closed');
export const $chatMessages = atom<ChatMessage[]>([]);
export const $onlineList = atom<OnlineEntry[]>([]);
export const $unread = atom(0);
/** The popover is open. */
export const $chatOpen = atom(false);
/** The latest join notice, shown for a moment. */
export const $chatTip = atom<{ id: number; content: string } | null>(null);
export const $history = atom<{ loaded: boolean; loading: boolean; hasMore: boolean }>({
  loaded: false,
  loading: false,
  hasMore: false,
});

/** The full page /message/chat is on screen (its messages are seen, so they are not unread). */
let pageVisible = false;
let socket: WebSocket | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let kicked = false;
let leaving = false;
let started = false;
const pendingReverts = new Set<number>();
let tipSeq = 0;
/** What the room (stores/chat-room.ts, loaded with it) does when the socket opens again. */
let onOpen: (() => void) | undefined;

const send = (frame: ClientFrame) => socket?.send(JSON.stringify(frame));

/**
 * For the room's actions (stores/chat-room.ts): the button and its counter need only the connection,
 * so sending, recalling and the history load with the room, not with every page.
 */
export const chatSocket = {
  send,
  isOpen: (): boolean => socket?.readyState === WebSocket.OPEN,
  /** A recall of ours on its way: its `revert` frame says 撤回成功. */
  expectRevert: (id: number): void => void pendingReverts.add(id),
  onOpen: (fn: () => void): void => {
    onOpen = fn;
  },
};

function handle(frame: ServerFrame): void {
  $unread.set(
    nextUnread($unread.get(), frame, {
      myId: $userInfo.get()?.id,
      visible: $chatOpen.get() || pageVisible,
    }),
  );
  switch (frame.type) {
    case 'message': {
      const { type: _type, ...message } = frame;
      $chatMessages.set(mergeMessages($chatMessages.get(), [message]));
      break;
    }
    case 'revert':
      $chatMessages.set($chatMessages.get().filter((m) => m.id !== frame.message_id));
      if (pendingReverts.delete(frame.message_id)) toast(CHAT_TEXTS.reverted, 'success', '提示');
      break;
    case 'clear':
      $chatMessages.set([]);
      $history.set({ ...$history.get(), hasMore: false });
      break;
    case 'onlineList':
      $onlineList.set(frame.list);
      break;
    case 'tips':
      $chatTip.set({ id: ++tipSeq, content: frame.content });
      break;
    case 'error':
      toast(frame.content, 'warning', '温馨提示');
      break;
    case 'offline':
      // Forced off by the admin: no automatic reconnect until asked (button) or another user signs in.
      kicked = true;
      toast(CHAT_TEXTS.kicked, 'warning', '温馨提示');
      break;
  }
}

function scheduleRetry(): void {
  const step = afterConnectFailure(failures);
  failures = step.failures;
  if (step.retryInMs === null) return;
  toast(CHAT_TEXTS.reconnecting, 'warning', '温馨提示');
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    connect();
  }, step.retryInMs);
}

function connect(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const previous = socket;
  socket = null;
  previous?.close();
  const ws = new WebSocket(chatSocketUrl(location));
  socket = ws;
  $chatStatus.set('connecting');
  ws.onopen = () => {
    if (socket !== ws) return;
    failures = 0;
    $chatStatus.set('open');
    // On open, init; the server takes the identity from the token only.
    const token = $token.get();
    send(token ? { type: 'init', token } : { type: 'init' });
    onOpen?.();
  };
  ws.onmessage = (e) => {
    if (socket !== ws) return;
    const frame = parseFrame<ServerFrame>(e.data);
    if (frame) handle(frame);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    $chatStatus.set('closed');
    if (!kicked && !leaving) scheduleRetry();
  };
}

/** Starts the chat connection once per page load (idempotent). */
export function startChat(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  connect();
  setInterval(() => {
    if (healthCheckReconnects($chatStatus.get(), retryTimer !== undefined, kicked)) connect();
  }, CHAT_HEALTH_CHECK_MS);
  // The chat reconnects when the user changes (login, logout, another account).
  let identity = $userInfo.get()?.id ?? null;
  $userInfo.listen((user) => {
    const next = user?.id ?? null;
    if (next === identity) return;
    identity = next;
    reconnectChat();
  });
  // Leaving the page closes the socket on purpose: no retry, no toast.
  window.addEventListener('pagehide', () => {
    leaving = true;
    socket?.close();
  });
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    leaving = false;
    reconnectChat();
  });
}

/** The manual reconnect button (and a change of user): a fresh socket and a fresh retry budget. */
export function reconnectChat(): void {
  failures = 0;
  kicked = false;
  connect();
}

export function openChat(): void {
  $chatOpen.set(true);
  $unread.set(0);
}

export function closeChat(): void {
  $chatOpen.set(false);
}

/** The counter resets when the panel is clicked. */
export const markRead = () => $unread.get() && $unread.set(0);

export function setChatPageVisible(visible: boolean): void {
  pageVisible = visible;
  if (visible) $unread.set(0);
}
