import { $toasts, dismissToast, type Toast } from '../../stores/toast.ts';

/**
 * Renders the toasts of every island and script into the layout's persisted [data-toaster] stack
 * (src/components/Toaster.astro), without React: it is on every page from the first paint.
 */
const stack = document.querySelector<HTMLElement>('[data-toaster]');
const template = stack?.querySelector('template');
if (stack && template) {
  const toastElement = (t: Toast): HTMLElement => {
    const el = template.content.firstElementChild?.cloneNode(true) as HTMLElement;
    el.setAttribute('role', t.kind === 'error' ? 'alert' : 'status');
    el.dataset.toast = t.kind;
    const title = el.querySelector('strong') as HTMLElement;
    if (t.title) title.textContent = t.title;
    else title.remove();
    (el.querySelector('span') as HTMLElement).textContent = t.message;
    el.querySelector('button')?.addEventListener('click', () => dismissToast(t.id));
    return el;
  };
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
