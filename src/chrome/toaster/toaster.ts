import { $, fromTemplate } from '../../browser/dom.ts';
import { $toasts, dismissToast, type Toast } from '../../stores/toast.ts';

/**
 * Renders the toasts of every island and script into the layout's persisted [data-toaster] stack
 * (Toaster.astro beside it), without React: it is on every page from the first paint. A toast
 * raised again keeps its element: its text and count are refreshed and it moves to the newest end.
 */
const stack = document.querySelector<HTMLElement>('[data-toaster]');
const template = stack?.querySelector('template');
if (stack && template) {
  const fill = (el: HTMLElement, t: Toast): void => {
    el.setAttribute('role', t.kind === 'error' ? 'alert' : 'status');
    el.dataset.toast = t.kind;
    const title = $(el, 'strong');
    title.hidden = !t.title;
    title.textContent = t.title ?? '';
    $(el, '[data-message]').textContent = t.message;
    const count = $(el, '[data-count]');
    count.hidden = t.count < 2;
    count.textContent = `×${t.count}`;
  };
  const shown = new Map<number, { el: HTMLElement; toast: Toast }>();
  $toasts.subscribe((list) => {
    const ids = new Set(list.map((t) => t.id));
    for (const [id, { el }] of shown) {
      if (ids.has(id)) continue;
      el.remove();
      shown.delete(id);
    }
    let previous: Element = template;
    for (const t of list) {
      let entry = shown.get(t.id);
      if (!entry) {
        const el = fromTemplate(template);
        $(el, 'button').addEventListener('click', () => dismissToast(t.id));
        entry = { el, toast: t };
        shown.set(t.id, entry);
        fill(el, t);
      } else if (entry.toast !== t) {
        entry.toast = t;
        fill(entry.el, t);
      }
      // Newest last, as the list is ordered; only a moved toast is touched.
      if (entry.el.previousElementSibling !== previous) previous.after(entry.el);
      previous = entry.el;
    }
  });
}
