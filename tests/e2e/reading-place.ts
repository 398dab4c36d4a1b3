import type { APIRequestContext, Page } from '@playwright/test';
import { createUser } from './accounts.ts';
import { postAs, unique } from './community.ts';
import { expect } from './fixtures.ts';

/** What the reading-place tests share: a reader's wheel, clicks and menu, and a busy page. */

export const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls with the mouse wheel in steps, as a reader does, each one waited for until the page rests. */
export async function wheelTo(page: Page, y: number) {
  const { width, height } = page.viewportSize() ?? { width: 375, height: 667 };
  await page.mouse.move(Math.round(width / 2), Math.round(height / 2));
  for (let at = await scrollY(page); at !== y; ) {
    const next = at + Math.sign(y - at) * Math.min(Math.abs(y - at), 300);
    await page.mouse.wheel(0, next - at);
    await expect.poll(() => scrollY(page), { timeout: 10_000 }).toBe(next);
    at = next;
  }
}

/** Polls until the position is within a few pixels of `y` (the page may still grow after the swap). */
export async function settlesAt(page: Page, y: number) {
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
export async function clickVisibleLink(page: Page, selector: string) {
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
export async function byMenu(page: Page, label: string) {
  const bar = page.locator('#site-header nav[aria-label="主菜单"]');
  if (await bar.isVisible()) await bar.getByRole('link', { name: label }).dispatchEvent('click');
  else {
    await page.getByRole('button', { name: '打开菜单' }).dispatchEvent('click');
    await page.locator('[data-drawer]').getByRole('link', { name: label }).click();
  }
}

/** A board longer than the server's first page: at least 12 messages. */
export async function enoughMessages(request: APIRequestContext) {
  const res = await request.post('/api/message/getMessageList', { data: { current: 1, size: 1, tag: '' } });
  let missing = 12 - ((await res.json()).result.total as number);
  while (missing > 0) {
    // Five messages a minute per writer: a new writer for each five.
    const user = await createUser();
    for (let i = 0; i < 5 && missing > 0; i++, missing--)
      await postAs(request, user, '/api/message/add', { message: unique('阅读位置'), tag: '留言' });
  }
}

export const PHONE = {
  viewport: { width: 375, height: 667 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/** The two readers every reading-place test runs as. */
export const DEVICES = [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', PHONE],
] as const;

/** The same number for the same address: which images are slow or broken stays the same run to run. */
const spread = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/**
 * A reader's conditions rather than a quiet test's: a CPU four times slower, every
 * image arriving after 100–800 ms and one in eight never, and shortly after each swap the page's content
 * re-rendered: gone for two frames, then back (what an island emptying and refilling its list, or content
 * settling late above the place, does). A place reached once and then let go is lost to any of these.
 */
export async function busyPage(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route(
    (url) => /\.(avif|gif|jpe?g|png|svg|webp)$/i.test(url.pathname),
    async (route) => {
      const h = spread(route.request().url());
      await new Promise((done) => setTimeout(done, 100 + (h % 700)));
      await (h % 8 === 0 ? route.abort() : route.fallback());
    },
  );
  await page.addInitScript(() => {
    document.addEventListener('astro:after-swap', () => {
      setTimeout(() => {
        const main = document.getElementById('main');
        if (!main) return;
        main.style.display = 'none';
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            main.style.removeProperty('display');
            main.dataset.rerendered = location.pathname;
          }),
        );
      }, 200);
    });
  });
}

/**
 * Where a busy page (above) comes to rest: after the late re-render of the page now shown (not of the one
 * still there before the swap), so that a place reached once and then let go shows.
 */
export async function restsAt(page: Page, y: number) {
  const path = new URL(page.url()).pathname;
  await expect(page.locator(`main[data-rerendered="${path}"]`)).toBeAttached({ timeout: 10_000 });
  await settlesAt(page, y);
}
