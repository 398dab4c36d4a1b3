import { atom } from 'nanostores';
import { readJson, remove, writeJson } from '../browser/storage.ts';
import type { Message } from '../lib/contract/messages.ts';
import { KEEP_ALIVE_MS } from '../lib/nav.ts';

export type { Message };

/** What /message/list keeps when the visitor leaves it (docs/product.md#layout: kept alive). */
export type MessageListState = {
  tag: string;
  list: Message[];
  current: number;
  size: number;
  total: number;
  scrollY: number;
  savedAt: number;
};

const KEY = 'messageList';

/** Restored from session storage only when the browser comes back to the page (back/forward). */
function initial(): MessageListState | null {
  if (typeof window === 'undefined') return null;
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav?.type !== 'back_forward') {
    remove(KEY, 'session');
    return null;
  }
  return readJson<MessageListState>(KEY, 'session') ?? null;
}

export const $messageList = atom<MessageListState | null>(initial());
$messageList.listen((v) => (v ? writeJson(KEY, v, 'session') : remove(KEY, 'session')));

export function keepMessageList(state: Omit<MessageListState, 'savedAt'>): void {
  $messageList.set({ ...state, savedAt: Date.now() });
}

/** The kept list, if there is one young enough to restore. */
export function keptMessageList(now = Date.now()): MessageListState | null {
  const kept = $messageList.get();
  return kept && now - kept.savedAt < KEEP_ALIVE_MS && kept.list.length > 0 ? kept : null;
}

/** Publishing, editing or deleting changes the list: the next visit loads it afresh. */
export function dropMessageList(): void {
  $messageList.set(null);
}

/** A like or a comment elsewhere (the detail page) also updates the kept copy. */
export function patchKeptMessage(id: number, change: Partial<Message>): void {
  const kept = $messageList.get();
  if (!kept?.list.some((m) => m.id === id)) return;
  $messageList.set({ ...kept, list: kept.list.map((m) => (m.id === id ? { ...m, ...change } : m)) });
}
