import type { APIRequestContext, Page } from '@playwright/test';
import { createUser } from './accounts.ts';
import { postAs, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 31.1: the reading place survives Back, Forward and the menu's return to a kept-alive page, for a
 * reader who only scrolls with the wheel (so no deferred island ever hydrates), on desktop and phone.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls with the mouse wheel, as a reader does, and waits until the page has come to rest at `y`. */
async function wheelTo(page: Page, y: number) {
  const { width, height } = page.viewportSize() ?? { width: 375, height: 740 };
  await page.mouse.move(Math.round(width / 2), Math.round(height / 2));
  await page.mouse.wheel(0, y - (await scrollY(page)));
  await expect.poll(() => scrollY(page), { timeout: 10_000 }).toBe(y);
}

/** Polls until the position is within a few pixels of `y` (the page may still grow after the swap). */
async function settlesAt(page: Page, y: number) {
  await expect
    .poll(async () => Math.abs((await scrollY(page)) - y), {
      timeout: 10_000,
      message: `${page.url()} at ${y}`,
    })
    .toBeLessThanOrEqual(3);
}

/**
 * A mouse click, as a reader's, on the first matching link inside the viewport (Playwright's own click
 * could scroll first). A press inside a deferred island wakes it: the click is replayed once it hydrated.
 */
async function clickVisibleLink(page: Page, selector: string) {
  const at = await page.evaluate((sel) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>(sel)].find((a) => {
      const r = a.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
      return r.top > 80 && r.bottom < innerHeight - 20 && a.contains(hit);
    });
    if (!link) throw new Error(`no ${sel} in view`);
    const r = link.getBoundingClientRect();
    return { x: r.left + Math.min(r.width / 2, 20), y: r.top + r.height / 2 };
  }, selector);
  await page.mouse.click(at.x, at.y);
}

/**
 * Follows a header menu entry: the desktop bar, or on a phone the drawer. The header slides away while
 * the reader scrolls down: a click on the entry where it is.
 */
async function byMenu(page: Page, label: string) {
  const bar = page.locator('#site-header nav[aria-label="主菜单"]');
  if (await bar.isVisible()) await bar.getByRole('link', { name: label }).dispatchEvent('click');
  else {
    await page.getByRole('button', { name: '打开菜单' }).dispatchEvent('click');
    await page.locator('[data-drawer]').getByRole('link', { name: label }).click();
  }
}

/** A board longer than the server's first page: at least 12 messages. */
async function enoughMessages(request: APIRequestContext) {
  const res = await request.post('/api/message/getMessageList', { data: { current: 1, size: 1, tag: '' } });
  let missing = 12 - ((await res.json()).result.total as number);
  while (missing > 0) {
    // Five messages a minute per writer: a new writer for each five.
    const user = await createUser();
    for (let i = 0; i < 5 && missing > 0; i++, missing--)
      await postAs(request, user, '/api/message/add', { message: unique('阅读位置'), tag: '留言' });
  }
}

const PHONE = {
  viewport: { width: 375, height: 740 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

for (const [device, options] of [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', PHONE],
] as const) {
  test.describe(device, () => {
    test.use(options);

    test('the menu leaves /message/list at 700 px and comes back to 700 px, the board never touched', async ({
      page,
      request,
    }) => {
      await enoughMessages(request);
      await page.goto('/message/list');
      await wheelTo(page, 700);
      await byMenu(page, '首页');
      await expect(page).toHaveURL(/\/home$/);
      await settlesAt(page, 0);
      await byMenu(page, '留言');
      await expect(page).toHaveURL(/\/message\/list$/);
      await settlesAt(page, 700);
      // The board is still waiting for the reader: the place was kept without its code.
      await expect(page.locator('astro-island[client="interaction"][ssr]')).toHaveCount(1);
    });

    test('Back from a guestbook message lands on /message/list at 700 px, Forward on the message', async ({
      page,
      request,
    }) => {
      await enoughMessages(request);
      await page.goto('/message/list');
      await wheelTo(page, 700);
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

    test('Back from an article lands on /home at 1200 px', async ({ page }) => {
      await page.goto('/home');
      await wheelTo(page, 1200);
      await clickVisibleLink(page, 'main a[href^="/article?id="]');
      await expect(page).toHaveURL(/\/article\?id=\d+/);
      await settlesAt(page, 0);
      await page.goBack();
      await expect(page).toHaveURL(/\/home$/);
      await settlesAt(page, 1200);
    });
  });
}
