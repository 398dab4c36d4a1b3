import type { Page } from '@playwright/test';
import { expect, pageIdle, test } from './fixtures.ts';
import {
  byMenu,
  clickVisibleLink,
  DEVICES,
  enoughMessages,
  scrollY,
  settlesAt,
  wheelTo,
} from './reading-place.ts';

/**
 * Back and Forward put a reader who scrolls with the wheel where they were, on every page a reader
 * scrolls through (docs/decisions/0009-reading-place-hold.md): within 50 px once the page has
 * settled, not only for a moment, the first time (nothing of the site's JavaScript loaded yet) and
 * again on the same trip (its modules and stores warm), on desktop and phone.
 */

type Trip = {
  name: string;
  from: (page: Page) => Promise<string>;
  y: number;
  leave: string | { menu: string };
};

const ARTICLE_LINK = 'main a[href^="/article?id="]';

const TRIPS: Trip[] = [
  { name: '/home', from: async () => '/home', y: 1200, leave: ARTICLE_LINK },
  { name: '/articleList', from: async () => '/articleList', y: 900, leave: ARTICLE_LINK },
  { name: '/archives', from: async () => '/archives', y: 500, leave: ARTICLE_LINK },
  { name: '/talk', from: async () => '/talk', y: 900, leave: { menu: '首页' } },
  {
    name: '/message/list',
    from: async () => '/message/list',
    y: 700,
    leave: 'a[href^="/message/detail?id="]',
  },
  {
    name: 'an article',
    // The article whose page is the longest of the first ones listed: its end has the neighbours' links.
    from: async (page) => {
      await page.goto('/archives');
      return (await page.locator(ARTICLE_LINK).first().getAttribute('href')) ?? '/article?id=1';
    },
    // Where the last link to another article (the related ones near its end) is in the middle of the view.
    y: -1,
    leave: ARTICLE_LINK,
  },
];

/** Counts the router's swaps, so a test knows the page it looks at is the one it went to. */
async function countSwaps(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { swaps: number };
    w.swaps = 0;
    document.addEventListener('astro:after-swap', () => {
      w.swaps++;
    });
  });
}
const swaps = (page: Page) => page.evaluate(() => (window as unknown as { swaps: number }).swaps);

/** A history step, waited for until its page is swapped in. */
async function step(page: Page, go: () => Promise<unknown>) {
  const before = await swaps(page);
  await go();
  await expect.poll(() => swaps(page), { timeout: 20_000 }).toBeGreaterThan(before);
}

/**
 * Where the page rests: the hold on a restored place has ended (the page kept its height), and the
 * position is within 50 px of `y`, and still is once the page's queued work has run.
 */
async function restsNear(page: Page, y: number) {
  await expect
    .poll(
      async () => {
        const { at, held } = await page.evaluate(() => ({
          at: Math.round(window.scrollY),
          // The hold turns the browser's scroll anchoring off while it lasts (scroll-restore.ts).
          held: document.documentElement.style.overflowAnchor === 'none',
        }));
        return held ? Number.POSITIVE_INFINITY : Math.abs(at - y);
      },
      { timeout: 20_000, message: `${page.url()} near ${y}` },
    )
    .toBeLessThanOrEqual(50);
  await pageIdle(page);
  expect(Math.abs((await scrollY(page)) - y), `${page.url()} still near ${y}`).toBeLessThanOrEqual(50);
}

async function leave(page: Page, how: Trip['leave']) {
  await step(page, () => (typeof how === 'string' ? clickVisibleLink(page, how) : byMenu(page, how.menu)));
  await settlesAt(page, 0);
}

for (const [device, options] of DEVICES) {
  test.describe(device, () => {
    test.use(options);

    for (const trip of TRIPS) {
      test(`Back and Forward around ${trip.name}, cold and warm, land within 50 px`, async ({
        page,
        request,
      }) => {
        test.slow();
        if (trip.name === '/message/list') await enoughMessages(request);
        await countSwaps(page);
        const from = await trip.from(page);
        await page.goto(from);
        await pageIdle(page);
        // As far down as asked, or near the end of a shorter page.
        const { room, lastLink } = await page.evaluate((sel) => {
          const last = [...document.querySelectorAll(sel)].at(-1)?.getBoundingClientRect();
          return {
            room: document.documentElement.scrollHeight - innerHeight,
            lastLink: last ? Math.round(last.top + window.scrollY - innerHeight / 2) : 0,
          };
        }, ARTICLE_LINK);
        const y = Math.max(0, Math.min(trip.y < 0 ? lastLink : trip.y, room - 40));
        await wheelTo(page, y);

        // Cold: the first trip away and back.
        await leave(page, trip.leave);
        await step(page, () => page.goBack());
        await restsNear(page, y);
        await step(page, () => page.goForward());
        await restsNear(page, 0);
        await step(page, () => page.goBack());
        await restsNear(page, y);

        // Warm: the same trip again, everything the pages load already there.
        await leave(page, trip.leave);
        await step(page, () => page.goBack());
        await restsNear(page, y);
      });
    }

    test('Back shows the page left at once, from memory: the server is not asked again', async ({ page }) => {
      await countSwaps(page);
      await page.goto('/home');
      await pageIdle(page);
      await wheelTo(page, 1200);
      // The first page opened is fetched again when the reader leaves it (the router never had its text).
      const kept = page.waitForResponse((r) => new URL(r.url()).pathname === '/home');
      await leave(page, ARTICLE_LINK);
      await kept;
      // From now on the server never answers /home: a Back that asks it would never arrive.
      const asked: string[] = [];
      await page.route(
        (url) => url.pathname === '/home',
        (route) => {
          asked.push(route.request().url());
        },
      );
      await step(page, () => page.goBack());
      await expect(page).toHaveURL(/\/home$/);
      await restsNear(page, 1200);
      expect(asked).toEqual([]);
      // Forward comes from memory too: the article the router fetched.
      await page.route(
        (url) => url.pathname === '/article',
        (route) => {
          asked.push(route.request().url());
        },
      );
      await step(page, () => page.goForward());
      await restsNear(page, 0);
      expect(asked).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });
}
