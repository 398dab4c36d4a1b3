import { atom } from 'nanostores';
import { raise, type Toast, type ToastKind, toastKey } from '../lib/toasts.ts';

export type { Toast, ToastKind };

/** Toasts on screen, newest last. One Toaster island renders them for every island. */
export const $toasts = atom<Toast[]>([]);

let seq = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/**
 * Shows a toast; 3 s unless the caller says otherwise (music toasts pass 1000). The same
 * text raised again while on screen is one toast with a count and a fresh timer; `key` makes
 * different texts one toast too (the newest wins), e.g. the welcome of a login replacing the
 * first visit's. Returns the toast's id.
 */
export function toast(
  message: string,
  kind: ToastKind = 'info',
  title?: string,
  duration = 3000,
  key = toastKey(kind, title, message),
): number {
  const list = raise($toasts.get(), { id: ++seq, kind, title, message, duration, count: 1, key });
  $toasts.set(list);
  const shown = list[list.length - 1];
  // Timers of toasts pushed out by the cap are no longer needed.
  for (const [id, timer] of timers) {
    if (list.some((t) => t.id === id)) continue;
    clearTimeout(timer);
    timers.delete(id);
  }
  if (typeof window !== 'undefined') {
    clearTimeout(timers.get(shown.id));
    timers.set(
      shown.id,
      setTimeout(() => dismissToast(shown.id), duration),
    );
  }
  return shown.id;
}
