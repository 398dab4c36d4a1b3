import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { postAs, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * An album's photo order (docs/owner-guide.md#内容): set in the console's 排序 tab by dragging a
 * photo, by the arrow keys on its handle or by its 前移 / 后移 buttons; each move is saved, and the
 * visitors' album page shows the same order.
 */
const headers = () => ({ Authorization: `Bearer ${admin().token}` });

/** The captions of the order view's photos, as it lists them. */
const consoleOrder = (page: Page) =>
  page
    .getByRole('list', { name: '按顺序排列的照片' })
    .locator('li img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));
/** The captions under the photos of the visitors' album page, in its order. */
const visitorOrder = async (page: Page, albumId: number) => {
  await page.goto(`/photos?id=${albumId}`);
  return page.locator('.caption').allTextContents();
};

test('photos put in order by drag, keys and buttons keep it, for the console and for visitors', async ({
  page,
  request,
}) => {
  const tag = unique('序');
  const [a, b, c, d] = ['甲', '乙', '丙', '丁'].map((n) => `${n}${tag}`);
  const album = await postAs(request, admin(), '/api/photoAlbum/add', { album_name: tag, description: '' });
  try {
    const photos: { id: number }[] = await postAs(request, admin(), '/api/photo/add', {
      photoList: [a, b, c, d].map((_, i) => ({
        album_id: album.id,
        url: `/uploads/2026-11/order${album.id}-${i}.png`,
      })),
    });
    for (const [i, caption] of [a, b, c, d].entries()) {
      const res = await request.put('/api/photo/caption', {
        headers: headers(),
        data: { id: photos[i].id, caption },
      });
      expect((await res.json()).code).toBe(0);
    }
    await signIn(page, admin());
    const openOrder = async () => {
      await page.goto(`/admin/albums?id=${album.id}`);
      await consoleReady(page, '相册');
      await page.getByRole('tab', { name: '排序' }).click();
      await expect(page.getByRole('list', { name: '按顺序排列的照片' }).locator('li')).toHaveCount(4);
    };
    await openOrder();
    expect(await consoleOrder(page)).toEqual([a, b, c, d]);
    const status = page.getByText('顺序已保存');

    // Drag the third onto the first.
    const tiles = page.getByRole('list', { name: '按顺序排列的照片' }).locator('li[draggable]');
    await tiles.nth(2).dragTo(tiles.nth(0));
    await expect.poll(() => consoleOrder(page)).toEqual([c, a, b, d]);
    await expect(status).toBeVisible();
    // The last one to the front from the keyboard, by Home on its handle; focus stays on it.
    await page.getByRole('button', { name: /^照片 4：/ }).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => consoleOrder(page)).toEqual([d, c, a, b]);
    await expect(page.getByRole('button', { name: /^照片 1：/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => consoleOrder(page)).toEqual([c, d, a, b]);
    // And a button: the second one forward.
    await page.getByRole('button', { name: '照片 2前移' }).click();
    await expect.poll(() => consoleOrder(page)).toEqual([d, c, a, b]);
    await expect(status).toBeVisible();

    // Saved: read again after a reload, and the visitors see the same order.
    await expect.poll(() => visitorOrder(page, album.id)).toEqual([d, c, a, b]);
    await openOrder();
    expect(await consoleOrder(page)).toEqual([d, c, a, b]);

    // On a phone the buttons are there and nothing overflows.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: '照片 4前移' }).click();
    await expect.poll(() => consoleOrder(page)).toEqual([d, c, b, a]);
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect.poll(() => visitorOrder(page, album.id)).toEqual([d, c, b, a]);
  } finally {
    await request.delete(`/api/photoAlbum/delete/${album.id}`, { headers: headers() });
  }
});
