import type { APIRequestContext, Page } from '@playwright/test';
import { createUser } from './accounts.ts';
import { hydrated, postAs, unique } from './community.ts';
import { expect, test } from './fixtures.ts';
import { wheelTo } from './reading-place.ts';

/**
 * Back and forward restore the reading position, as a browser does without the client router
 * (docs/decisions/0009-reading-place-hold.md): the smooth scroll-to-top of new navigations must not run on
 * them, and content that renders after the swap (islands, kept-alive lists) must not leave the page too
 * short for the saved place.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls instantly and waits for the scroll to end (when a reader's position is recorded). */
async function scrollToY(page: Page, top: number) {
  await page.evaluate(
    (y) =>
      new Promise<void>((resolve) => {
        addEventListener('scrollend', () => resolve(), { once: true });
        window.scrollTo({ top: y, behavior: 'instant' });
      }),
    top,
  );
  expect(await scrollY(page)).toBe(top);
}

/** A DOM click on the first matching link inside the viewport (Playwright's click could scroll first). */
async function clickVisibleLink(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>(sel)].find((a) => {
      const r = a.getBoundingClientRect();
      return r.top > 80 && r.bottom < innerHeight;
    });
    if (!link) throw new Error(`no ${sel} in view`);
    link.click();
  }, selector);
}

/** Polls until the position is within a few pixels of `y` (the page may still grow after the swap). */
async function settlesAt(page: Page, y: number) {
  const where = new URL(page.url()).pathname;
  await expect
    .poll(async () => Math.abs((await scrollY(page)) - y), { timeout: 10_000, message: `${where} at ${y}` })
    .toBeLessThanOrEqual(3);
}

test('back to /home from an article restores 1200 px; forward lands on the article top, then its own place', async ({
  page,
}) => {
  await page.goto('/home');
  await scrollToY(page, 1200);
  await clickVisibleLink(page, 'main a[href^="/article?id="]');
  await expect(page).toHaveURL(/\/article\?id=\d+/);
  // A new navigation goes to the top of the article…
  await settlesAt(page, 0);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await settlesAt(page, 1200);

  // …also when the reader goes back at once, while the page still scrolls smoothly to the top.
  await clickVisibleLink(page, 'main a[href^="/article?id="]');
  await expect(page).toHaveURL(/\/article\?id=\d+/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await settlesAt(page, 1200);

  await page.goForward();
  await expect(page).toHaveURL(/\/article\?id=\d+/);
  await settlesAt(page, 0);

  // Read part of the article, go back and forward again: each page keeps its own place. The reader's wheel,
  // not a script: a place being restored is held against scrolls nobody made.
  await wheelTo(page, 500);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await settlesAt(page, 1200);
  await page.goForward();
  await expect(page).toHaveURL(/\/article\?id=\d+/);
  await settlesAt(page, 500);
});

/** More guestbook messages than the server's first page (12), so the board can load a second page. */
async function enoughMessages(request: APIRequestContext) {
  const res = await request.post('/api/message/getMessageList', { data: { current: 1, size: 1, tag: '' } });
  let missing = 16 - ((await res.json()).result.total as number);
  while (missing > 0) {
    // Five messages a minute per writer: a new writer for each five.
    const user = await createUser();
    for (let i = 0; i < 5 && missing > 0; i++, missing--)
      await postAs(request, user, '/api/message/add', { message: unique('滚动位置'), tag: '留言' });
  }
}

/**
 * /message/list with its second page loaded: more than the server's first page, so the kept list is
 * longer than the HTML the router swaps in.
 */
async function openLongBoard(page: Page, request: APIRequestContext) {
  await enoughMessages(request);
  await page.goto('/message/list');
  await hydrated(page, '[data-layout]');
  await page.getByRole('button', { name: '点击加载更多～' }).click();
  await expect.poll(() => page.locator('[data-message-id]').count()).toBeGreaterThan(12);
}

test('back from a message detail restores /message/list (kept alive) at 700 px', async ({
  page,
  request,
}) => {
  await openLongBoard(page, request);
  await scrollToY(page, 700);
  await clickVisibleLink(page, 'a[href^="/message/detail?id="]');
  await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/);
  await settlesAt(page, 0);

  await page.goBack();
  await expect(page).toHaveURL(/\/message\/list$/);
  await settlesAt(page, 700);
  await page.goForward();
  await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/);
  await settlesAt(page, 0);
  await page.goBack();
  await settlesAt(page, 700);
});

test('back to a later part of /message/list (its second page) restores that place too', async ({
  page,
  request,
}) => {
  await openLongBoard(page, request);
  // Beyond the height of the server's first page.
  const y = await page.evaluate(() => Math.round(document.documentElement.scrollHeight - innerHeight - 100));
  await scrollToY(page, y);
  await clickVisibleLink(page, 'a[href^="/message/detail?id="]');
  await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/message\/list$/);
  await settlesAt(page, y);
});
