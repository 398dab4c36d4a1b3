import { $toasts, dismissToast, type Toast } from '../../stores/toast.ts';
import styles from './toaster.module.css';

/**
 * Renders the toasts of every island and script (SPEC §9: offset 60 from the top) into the layout's
 * persisted [data-toaster] stack, without React: it is on every page from the first paint.
 */
function toastElement(t: Toast): HTMLElement {
  const el = document.createElement('div');
  el.className = `${styles.toast} ${styles[t.kind]}`;
  el.setAttribute('role', t.kind === 'error' ? 'alert' : 'status');
  el.dataset.toast = t.kind;
  if (t.title) {
    const title = document.createElement('strong');
    title.className = styles.title;
    title.textContent = t.title;
    el.append(title);
  }
  const message = document.createElement('span');
  message.className = styles.message;
  message.textContent = t.message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = styles.close;
  close.setAttribute('aria-label', '关闭');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(t.id));
  el.append(message, close);
  return el;
}

const stack = document.querySelector<HTMLElement>('[data-toaster]');
if (stack) {
  const shown = new Map<number, HTMLElement>();
  $toasts.subscribe((list) => {
    const ids = new Set(list.map((t) => t.id));
    for (const [id, el] of shown) {
      if (ids.has(id)) continue;
      el.remove();
      shown.delete(id);
    }
    for (const t of list) {
      if (shown.has(t.id)) continue;
      const el = toastElement(t);
      shown.set(t.id, el);
      stack.append(el); // newest last, as the list is ordered
    }
  });
}
