import type { Page } from '@playwright/test';
import { createUser, signIn } from './accounts.ts';
import { islandsHydrated, wakeIslands } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * The first client render of every React island must match the server HTML: live
 * state (the chat socket, the signed-in user, local storage) may only show after mount. React reports a
 * mismatch as a recoverable error (#418 text, #423 root, #425 text content) on the console or the window.
 */
const HYDRATION = /Minified React error #(418|423|425)|Hydration|hydrat/i;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  return errors;
}

const ROUTES = ['/message/chat', '/article?id=1', '/talk', '/message/list', '/userCenter'];

for (const signedIn of [false, true]) {
  test(`no hydration error on the pages with React islands (${signedIn ? 'signed in' : 'visitor'})`, async ({
    page,
  }) => {
    if (signedIn) await signIn(page, await createUser());
    const errors = collectErrors(page);
    for (const route of ROUTES) {
      await page.goto(route);
      await islandsHydrated(page);
      // Islands that wait for the visitor (client:interaction) hydrate the server HTML too.
      await wakeIslands(page);
      if (route === '/message/chat') {
        // The socket opens while (or before) the room hydrates: the live state shows after mount.
        await expect(page.locator('[data-chat-panel]')).toHaveAttribute('data-status', 'open');
      }
      expect(
        errors.filter((e) => HYDRATION.test(e)),
        route,
      ).toEqual([]);
    }
  });
}

test('no hydration error when the chat room is opened through the client router with the socket open', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/home');
  await page.locator('[data-chat-button][data-ready]').waitFor();
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/message/chat';
    document.body.append(a);
    a.click();
  });
  await expect(page).toHaveURL(/\/message\/chat$/);
  await islandsHydrated(page);
  await expect(page.locator('[data-chat-panel]')).toHaveAttribute('data-status', 'open');
  expect(errors.filter((e) => HYDRATION.test(e))).toEqual([]);
});
