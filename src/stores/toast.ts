import { atom } from 'nanostores';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; kind: ToastKind; title?: string; message: string; duration: number };

/** Toasts on screen, newest last. One Toaster island renders them for every island. */
export const $toasts = atom<Toast[]>([]);

let seq = 0;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shows a toast; SPEC §9: 3 s unless the caller says otherwise (music toasts pass 1000). */
export function toast(message: string, kind: ToastKind = 'info', title?: string, duration = 3000): number {
  const id = ++seq;
  $toasts.set([...$toasts.get().slice(-4), { id, kind, title, message, duration }]);
  if (typeof window !== 'undefined') setTimeout(() => dismissToast(id), duration);
  return id;
}
