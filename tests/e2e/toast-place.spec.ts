import type { Locator } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { expect, test } from './fixtures.ts';

/**
 * Toasts cover nothing a reader needs: in the owner console not its
 * header (they sit under it, admin-layout.spec.ts); on the site, at a desktop's and a phone's width,
 * not the header, the first card's meta line, the music disc or the chat button; and at the bottom of
 * a page on a phone the disc and the buttons leave the footer's links clickable.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxesOf(locator: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box && box.width > 0 && box.height > 0) out.push(box);
  }
  return out;
}

async function expectClear(toasts: Locator, needed: Locator[]) {
  const shown = await boxesOf(toasts);
  expect(shown.length).toBeGreaterThan(0);
  for (const locator of needed) {
    const boxes = await boxesOf(locator);
    expect(boxes.length, String(locator)).toBeGreaterThan(0);
    for (const t of shown)
      for (const b of boxes) expect(overlaps(t, b), JSON.stringify({ t, b })).toBe(false);
  }
}

// On a phone the first card's meta line fills the bottom of the first screen: the toasts sit at the top.
for (const width of [375, 1440]) {
  test(`at ${width} px the first visit's toasts cover no card meta, header avatar, disc or chat button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 667 : 900 });
    await page.goto('/home');
    const toaster = page.locator('[data-toaster]');
    await expect(toaster.getByText('欢迎～')).toBeVisible();
    await expect(toaster.getByText('点击左边按钮听听歌吧～')).toBeVisible();
    // Where the reader's eyes are after the load: the first card's meta line, not scrolled.
    const meta = page.locator('ul[aria-label="文章信息"]:visible').first();
    await expectClear(toaster.locator('[role=status], [role=alert]'), [
      meta,
      page.locator('#site-header'),
      page.locator('[data-music-player] > button'),
      page.locator('[data-chat-button]'),
    ]);
  });
}

test('at 375 px, at the bottom of /home, the floating buttons leave every footer link clickable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/home');
  await page.locator('#site-header[data-hydrated]').waitFor({ state: 'attached' });
  const links = page.locator('[data-footer] a');
  expect(await links.count()).toBeGreaterThan(1);
  // Each link's centre is the link itself (or inside it), not a button or toast on top of it; the page
  // is scrolled to its end again on each try, as images that load may lengthen it.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        const covered: string[] = [];
        for (const a of document.querySelectorAll('[data-footer] a')) {
          const r = a.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          if (!hit || !a.contains(hit)) covered.push(`${a.textContent}: ${hit?.outerHTML.slice(0, 80)}`);
        }
        const toTop = document.querySelector('[data-back-to-top]');
        return toTop && !toTop.hasAttribute('hidden') ? covered : ['back-to-top not shown yet'];
      }),
    )
    .toEqual([]);
});

test('in the console a toast covers no part of the header (its avatar)', async ({ page }) => {
  await signIn(page, admin());
  await page.goto('/admin/profile');
  await consoleReady(page, '站点资料');
  const say = page.getByLabel('个性签名');
  const before = await say.inputValue();
  await say.fill(`${before}！`);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const toast = page.locator('[data-toast]').filter({ hasText: '修改成功' });
  await expect(toast).toBeVisible();
  await expectClear(toast, [page.locator('header').first()]);
  await say.fill(before);
  await page.getByRole('button', { name: '保存', exact: true }).click();
});
