import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * A toast lasts 3 s (music toasts 1 s) and then is gone: a test that waits to see one on screen fails
 * when a loaded machine looks too late. So every toast a page shows is written down as it appears
 * (both toasters mark theirs [data-toast], with the text in [data-message] and the repeat count in
 * [data-count]), a toast raised again while on screen once more per raise, and a test asserts it was
 * shown with `expectToast`, however long ago. Tests that are about the toast on screen itself
 * (toasts.spec.ts, toast-place.spec.ts) still look at the screen.
 */
export type ShownToast = { title: string; message: string };

const logs = new WeakMap<Page, { toast: ShownToast; taken: boolean }[]>();
const logOf = (page: Page) => {
  const log = logs.get(page) ?? [];
  logs.set(page, log);
  return log;
};

/** Every page of `context`, from its next document on, writes its toasts down. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__toastShown', ({ page }, toast: ShownToast) => {
    logOf(page).push({ toast, taken: false });
  });
  await context.addInitScript(() => {
    const counted = new WeakMap<Element, number>();
    const report = (t: ShownToast) =>
      (window as unknown as { __toastShown?: (t: ShownToast) => void }).__toastShown?.(t);
    const look = () => {
      for (const el of document.querySelectorAll('[data-toast]')) {
        const message = el.querySelector('[data-message]')?.textContent ?? '';
        const count = Number(/\d+/.exec(el.querySelector('[data-count]')?.textContent ?? '')?.[0] ?? 1);
        const title = el.querySelector('strong, [data-title]')?.textContent ?? '';
        for (let n = counted.get(el) ?? 0; n < count; n++) report({ title, message });
        counted.set(el, Math.max(count, counted.get(el) ?? 0));
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Every toast `page` has shown so far, oldest first. */
export const shownToasts = (page: Page): ShownToast[] => logOf(page).map((e) => e.toast);

/**
 * Waits until `page` has shown a toast saying `message` (the whole text, or matching it) and titled
 * `title`, when given, that no earlier call took: two saves that each say 修改成功 need two toasts.
 */
export async function expectToast(page: Page, message: string | RegExp, title?: string): Promise<void> {
  const says = (text: string) => (typeof message === 'string' ? text === message : message.test(text));
  await expect
    .poll(
      () => {
        const entry = logOf(page).find(
          (e) => !e.taken && says(e.toast.message) && (title === undefined || e.toast.title === title),
        );
        if (entry) entry.taken = true;
        return entry ? 'shown' : logOf(page).map((e) => `${e.toast.title}: ${e.toast.message}`);
      },
      { message: `a toast saying ${message}` },
    )
    .toBe('shown');
}
