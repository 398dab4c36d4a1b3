import { expect, test } from './fixtures.ts';
import {
  busyPage,
  byMenu,
  clickVisibleLink,
  DEVICES,
  enoughMessages,
  restsAt,
  settlesAt,
  wheelTo,
} from './reading-place.ts';

/**
 * The reading place (docs/decisions/0009-reading-place-hold.md) survives Back, Forward and the menu's
 * return to a kept-alive page, for a reader who only scrolls with the wheel (so no deferred island ever
 * hydrates), on desktop and phone.
 */

for (const [device, options] of DEVICES) {
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

    test('a busy page: Back, Forward and Back again land on /home at 1200 px', async ({ page }) => {
      test.slow();
      await busyPage(page);
      await page.goto('/home');
      await wheelTo(page, 1200);
      await clickVisibleLink(page, 'main a[href^="/article?id="]');
      await expect(page).toHaveURL(/\/article\?id=\d+/, { timeout: 20_000 });
      await page.goBack();
      await expect(page).toHaveURL(/\/home$/);
      await restsAt(page, 1200);
      await page.goForward();
      await restsAt(page, 0);
      await page.goBack();
      await restsAt(page, 1200);
    });

    test('a busy page: Back from a message and the menu return land on /message/list at 700 px', async ({
      page,
      request,
    }) => {
      test.slow();
      await enoughMessages(request);
      await busyPage(page);
      await page.goto('/message/list');
      await wheelTo(page, 700);
      await clickVisibleLink(page, 'a[href^="/message/detail?id="]');
      await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/, { timeout: 20_000 });
      await page.goBack();
      await expect(page).toHaveURL(/\/message\/list$/);
      await restsAt(page, 700);
      await page.goForward();
      await restsAt(page, 0);
      await page.goBack();
      await restsAt(page, 700);
      await byMenu(page, '首页');
      await expect(page).toHaveURL(/\/home$/);
      await byMenu(page, '留言');
      await expect(page).toHaveURL(/\/message\/list$/);
      await restsAt(page, 700);
    });
  });
}
