import { describe, expect, it } from 'vitest';
import {
  afterConnectFailure,
  CHAT_MAX_RETRIES,
  CHAT_RETRY_DELAY_MS,
  type ChatMessage,
  canForceOffline,
  canRecall,
  charCount,
  chatSocketUrl,
  checkChatText,
  confirmOfflineText,
  healthCheckReconnects,
  historyHasMore,
  mergeMessages,
  nextUnread,
  oldestId,
  parseFrame,
  unreadBadge,
} from '../../src/lib/chat.ts';

const msg = (id: number, user_id = 1): ChatMessage => ({
  id,
  user_id,
  nick_name: `u${user_id}`,
  avatar: '',
  content: `m${id}`,
  content_type: 'text',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('chat message validation', () => {
  it('refuses empty or blank input with 请输入消息再发送', () => {
    expect(checkChatText('')).toBe('请输入消息再发送');
    expect(checkChatText('  \n\t ')).toBe('请输入消息再发送');
    expect(checkChatText(undefined)).toBe('请输入消息再发送');
    expect(checkChatText(42)).toBe('请输入消息再发送');
  });

  it('allows up to 555 characters, counting an emoji as one', () => {
    expect(checkChatText('你'.repeat(555))).toBeNull();
    expect(checkChatText('你'.repeat(556))).toBe('消息不能超过555个字');
    expect(charCount('😀'.repeat(3))).toBe(3);
    expect(checkChatText('😀'.repeat(555))).toBeNull();
    expect(checkChatText('😀'.repeat(556))).toBe('消息不能超过555个字');
  });

  it('parses only JSON objects with a type', () => {
    expect(parseFrame('{"type":"tips","content":"x"}')).toEqual({ type: 'tips', content: 'x' });
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('[1,2]')).toBeNull();
    expect(parseFrame('{"content":"no type"}')).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('builds the socket address on the page’s own host', () => {
    expect(chatSocketUrl({ protocol: 'http:', host: '127.0.0.1:4321' })).toBe('ws://127.0.0.1:4321/ws');
    expect(chatSocketUrl({ protocol: 'https:', host: 'blog.example' })).toBe('wss://blog.example/ws');
  });
});

describe('reconnect policy', () => {
  it('retries every 5 s, at most 5 times in a row', () => {
    let failures = 0;
    const delays: (number | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const step = afterConnectFailure(failures);
      failures = step.failures;
      delays.push(step.retryInMs);
    }
    expect(CHAT_MAX_RETRIES).toBe(5);
    expect(delays).toEqual([...Array(5).fill(CHAT_RETRY_DELAY_MS), null, null]);
    expect(CHAT_RETRY_DELAY_MS).toBe(5000);
  });

  it('the 30 s health check reconnects a closed socket, unless a retry is pending or forced offline', () => {
    expect(healthCheckReconnects('closed', false, false)).toBe(true);
    expect(healthCheckReconnects('open', false, false)).toBe(false);
    expect(healthCheckReconnects('connecting', false, false)).toBe(false);
    expect(healthCheckReconnects('closed', true, false)).toBe(false);
    expect(healthCheckReconnects('closed', false, true)).toBe(false);
  });
});

describe('unread counter', () => {
  const from = (user_id: number) => ({ type: 'message' as const, ...msg(1, user_id) });

  it('rises for messages from others while the chat is not on screen', () => {
    expect(nextUnread(0, from(2), { myId: 1, visible: false })).toBe(1);
    expect(nextUnread(3, from(2), { myId: null, visible: false })).toBe(4);
  });

  it('does not rise for one’s own messages, other frames, or while the chat is visible', () => {
    expect(nextUnread(2, from(1), { myId: 1, visible: false })).toBe(2);
    expect(nextUnread(2, from(2), { myId: 1, visible: true })).toBe(2);
    expect(nextUnread(2, { type: 'tips', content: 'hi' }, { myId: 1, visible: false })).toBe(2);
    expect(nextUnread(2, { type: 'revert', message_id: 1 }, { myId: 1, visible: false })).toBe(2);
  });

  it('is cleared with the history and shows 99+ past 99', () => {
    expect(nextUnread(7, { type: 'clear' }, { myId: 1, visible: false })).toBe(0);
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});

describe('history paging and permissions', () => {
  it('shows "more" only when a full page of 10 came back', () => {
    expect(historyHasMore(10)).toBe(true);
    expect(historyHasMore(9)).toBe(false);
    expect(historyHasMore(0)).toBe(false);
  });

  it('merges history pages and live messages by id, oldest first, each once', () => {
    const merged = mergeMessages([msg(5), msg(7)], [msg(3), msg(5), msg(6)]);
    expect(merged.map((m) => m.id)).toEqual([3, 5, 6, 7]);
    expect(oldestId(merged)).toBe(3);
    expect(oldestId([])).toBeUndefined();
  });

  it('lets the author and the admin recall; the admin forces others (not self) offline', () => {
    const author = { id: 2, role: 2 };
    const other = { id: 3, role: 2 };
    const admin = { id: 1, role: 1 };
    expect(canRecall({ user_id: 2 }, author)).toBe(true);
    expect(canRecall({ user_id: 2 }, other)).toBe(false);
    expect(canRecall({ user_id: 2 }, admin)).toBe(true);
    expect(canRecall({ user_id: 2 }, null)).toBe(false);
    expect(canForceOffline({ user_id: 2 }, admin)).toBe(true);
    expect(canForceOffline({ user_id: 1 }, admin)).toBe(false);
    expect(canForceOffline({ user_id: 3 }, author)).toBe(false);
    expect(confirmOfflineText('小明')).toBe('确认强制下线小明吗');
  });
});
