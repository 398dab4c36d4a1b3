import type { Locator, Page } from '@playwright/test';
import { createUser, signIn } from './accounts.ts';
import { expect, headerReady, test } from './fixtures.ts';

/**
 * Esc on a dialog, drawer or pane gives focus back to what opened it, not <body>.
 * Each opens from the keyboard (focus, Enter) or a click, then Esc.
 */

const isFocused = (el: Locator) => el.evaluate((e) => document.activeElement === e);

async function escReturns(page: Page, opener: Locator, pane: Locator, how: 'key' | 'click') {
  if (how === 'key') {
    await opener.focus();
    await page.keyboard.press('Enter');
  } else await opener.click();
  await expect(pane).toBeVisible();
  // Focus is in the pane (or stays on the opener for a non-modal one) before Esc.
  await page.keyboard.press('Escape');
  await expect(pane).toBeHidden();
  await expect.soft.poll(() => isFocused(opener), 'focus back on the opener').toBe(true);
}

test('Esc returns focus to the opener: login, search, chat (visitor)', async ({ page }) => {
  await page.goto('/home');
  await headerReady(page);
  await escReturns(page, page.locator('[data-login-entry]'), page.locator('[data-login-dialog]'), 'click');
  await escReturns(page, page.locator('[data-login-entry]'), page.locator('[data-login-dialog]'), 'key');
  await escReturns(
    page,
    page.locator('[data-search-open]'),
    page.getByRole('dialog', { name: /搜索/ }),
    'key',
  );
  const chat = page.locator('[data-chat-button][data-ready]');
  await escReturns(page, chat, page.getByRole('dialog', { name: '聊天室' }), 'click');
});

test('Esc returns focus to the opener: messages drawer and to-do (signed in)', async ({ page }) => {
  await signIn(page, await createUser());
  await page.goto('/home');
  await headerReady(page);
  await escReturns(
    page,
    page.locator('[data-notify-bell]'),
    page.getByRole('dialog', { name: '我的消息' }),
    'key',
  );
  await escReturns(
    page,
    page.locator('[data-todo] > button').first(),
    page.getByRole('dialog', { name: '待办事项' }),
    'click',
  );
});

test('Esc returns focus to the opener: the mobile menu drawer', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${process.env.E2E_URL}/home`);
  await headerReady(page);
  const opener = page.locator('[data-drawer-open]');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => isFocused(opener)).toBe(true);
  await context.close();
});

test('Esc returns focus to the opener: the player panel and its lyric board', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('[data-music-player]')).toHaveAttribute('data-ready', '');
  const launcher = page.getByRole('button', { name: '音乐播放器' });
  const panel = page.locator('[data-music-panel]');
  await launcher.click();
  await expect(panel).toBeVisible();
  // The lyric board opens from the panel's 歌词 button and gives focus back to it.
  const lyrics = panel.getByRole('button', { name: '歌词', exact: true });
  await escReturns(page, lyrics, page.locator('[data-lyric-board]'), 'key');
  // Focus is inside the panel now: Esc hides it and focus goes back to the launcher.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect.poll(() => isFocused(launcher)).toBe(true);
});
