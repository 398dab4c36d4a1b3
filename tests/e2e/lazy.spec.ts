import type { Page } from '@playwright/test';
import { createUser, signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/**
 * The first-load JavaScript budget rests on the heavy panes staying out of a page's first load: they
 * load when first opened. A first visit to an article (scrolled to the bottom, so every
 * client:visible island loads too) must not fetch them; opening each one must.
 */

/** Script files (paths) the page has requested so far, in order. */
function recordScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') seen.push(new URL(req.url()).pathname);
  });
  return seen;
}

/** The chunk of a component: Vite names it after the module, e.g. /_astro/PlayerPanel.x1y2z3.js. */
const chunkOf = (name: string) => new RegExp(`^/_astro/${name}\\.[\\w-]+\\.js$`);

const PANES = [
  'PlayerPanel',
  'LyricBoard',
  'LoginDialog',
  'SearchDialog',
  'ChatPanel',
  'NotifyDrawer',
  'TodoPane',
];

/** Runs `open` and returns the scripts requested meanwhile (once the network has settled). */
async function newScripts(page: Page, seen: string[], open: () => Promise<void>): Promise<string[]> {
  const before = seen.length;
  await open();
  await page.waitForLoadState('networkidle');
  return seen.slice(before);
}

test('a first article visit loads no pane; each pane loads its code when first opened', async ({ page }) => {
  test.setTimeout(60_000);
  const seen = recordScripts(page);
  await page.goto('/article?id=3');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The comments (client:interaction) stay server HTML: neither their chunk nor React arrives.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('astro-island[component-url*="/Comments."]')).toHaveAttribute('ssr');
  const firstLoad = [...seen];
  expect(firstLoad.filter((s) => chunkOf('Comments').test(s) || chunkOf('react').test(s))).toEqual([]);
  for (const pane of PANES)
    expect(
      firstLoad.filter((s) => chunkOf(pane).test(s)),
      pane,
    ).toEqual([]);

  // The music player, then its lyric board.
  const player = await newScripts(page, seen, async () => {
    await page.getByRole('button', { name: '音乐播放器' }).click();
    await expect(page.locator('[data-music-panel]')).toBeVisible();
  });
  expect(player.some((s) => chunkOf('PlayerPanel').test(s))).toBe(true);
  expect(player.some((s) => chunkOf('LyricBoard').test(s))).toBe(false);
  const board = await newScripts(page, seen, async () => {
    await page.locator('[data-music-panel]').getByRole('button', { name: '歌词' }).click();
    await expect(page.locator('[data-lyric-board]')).toBeVisible();
  });
  expect(board.some((s) => chunkOf('LyricBoard').test(s))).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '关闭播放器' }).click();

  // The login dialog, from the header (back at the top, where the header shows).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('#site-header')).toHaveAttribute('data-hidden', 'false');
  const login = await newScripts(page, seen, async () => {
    await page.locator('#site-header [data-login-entry]').click();
    await expect(page.locator('[data-login-dialog]')).toBeVisible();
  });
  expect(login.some((s) => chunkOf('LoginDialog').test(s))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-login-dialog]')).toHaveCount(0);

  // The search dialog.
  const search = await newScripts(page, seen, async () => {
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByRole('dialog', { name: '搜索文章' })).toBeVisible();
  });
  expect(search.some((s) => chunkOf('SearchDialog').test(s))).toBe(true);
  await page.keyboard.press('Escape');

  // The chat room's panel (hovering the button already fetches it; clicking shows it).
  const chat = await newScripts(page, seen, async () => {
    await page.locator('[data-chat-button]').click();
    await expect(page.locator('[role="dialog"][aria-label="聊天室"] [data-chat-panel]')).toBeVisible();
  });
  expect(chat.some((s) => chunkOf('ChatPanel').test(s))).toBe(true);
});

test('signed in: 我的消息 and the to-do pane load when first opened', async ({ page }) => {
  const seen = recordScripts(page);
  await signIn(page, await createUser({ nick_name: '懒加载' }));
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  for (const pane of PANES)
    expect(
      seen.filter((s) => chunkOf(pane).test(s)),
      pane,
    ).toEqual([]);
  // No React island on /home: React itself waits for a pane too.
  expect(seen.some((s) => /^\/_astro\/react\./.test(s))).toBe(false);

  const notify = await newScripts(page, seen, async () => {
    await page.locator('[data-notify-bell]').click();
    await expect(page.getByRole('dialog', { name: '我的消息' })).toBeVisible();
  });
  expect(notify.some((s) => chunkOf('NotifyDrawer').test(s))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '我的消息' })).toHaveCount(0);

  const todo = await newScripts(page, seen, async () => {
    await page.getByRole('button', { name: '待办事项' }).click();
    await expect(page.getByRole('dialog', { name: '待办事项' })).toBeVisible();
  });
  expect(todo.some((s) => chunkOf('TodoPane').test(s))).toBe(true);
});
