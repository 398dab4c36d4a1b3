import { test as base, expect, type Page } from '@playwright/test';
import { recordToasts } from './toast-log.ts';

/** Waits until the header's script has wired it up (it marks itself with data-hydrated). */
export async function headerReady(page: Page) {
  await page.locator('#site-header[data-hydrated]').waitFor();
}

/**
 * Waits until the header's script has run (it marks itself), so a test's first click on the header
 * is not lost on a busy machine. Pages without the header (errors, feeds) just continue.
 */
async function afterLoad(page: Page) {
  // The owner console has no site header (src/admin/AdminLayout.astro): its tests wait for its screens.
  // Nor have the API's own pages (the reference, the mail links' pages): drawn whole by the server.
  const { pathname } = new URL(page.url());
  if (pathname.startsWith('/admin') || pathname.startsWith('/api/')) return;
  await page
    .locator('#site-header[data-hydrated]')
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => {});
}

/**
 * Until the page's event loop has been idle twice: every task queued before (an event, a timer that
 * was due) and every idle callback asked for before (the first-load step, say) has run. A state to
 * wait for instead of a fixed time.
 */
export const pageIdle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r))));

/** Every browser test runs against the server global-setup started (an ephemeral port). */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_URL);
  },
  // The toasts of its pages are written down as they appear (toast-log.ts: expectToast).
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const res = await goto(url, options);
      if ((res?.headers()['content-type'] ?? '').startsWith('text/html')) await afterLoad(page);
      return res;
    };
    page.reload = async (options) => {
      const res = await reload(options);
      await afterLoad(page);
      return res;
    };
    await use(page);
  },
});

export { expectToast, recordToasts, shownToasts } from './toast-log.ts';
export { expect };
