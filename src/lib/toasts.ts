export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export type Toast = {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
  duration: number;
  /** How many times this toast was raised while on screen (shown as ×n from 2). */
  count: number;
  /** Toasts with the same key are one toast: the newest message replaces the older one. */
  key: string;
};

/** At most this many toasts at once; the oldest leaves first. */
export const MAX_TOASTS = 5;

/** Repeats of the same text (kind, title and message) are one toast, counted. */
export const toastKey = (kind: ToastKind, title: string | undefined, message: string): string =>
  `${kind}\u0000${title ?? ''}\u0000${message}`;

/**
 * The list after raising `next`. A toast on screen with the same key is taken out and `next` comes
 * last in its place, keeping the older id (so its element and timer are reused) and counting the
 * repeat when the message is the same; otherwise `next` is appended and the oldest beyond
 * MAX_TOASTS leave.
 */
export function raise(list: readonly Toast[], next: Toast): Toast[] {
  const old = list.find((t) => t.key === next.key);
  if (!old) return [...list.slice(-(MAX_TOASTS - 1)), next];
  const count = old.message === next.message ? old.count + 1 : 1;
  return [...list.filter((t) => t !== old), { ...next, id: old.id, count }];
}
