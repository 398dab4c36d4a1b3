import { expect, test } from './fixtures.ts';

test('albums lead to their photos, which open in a lightbox driven by keys and swipes', async ({ page }) => {
  await page.goto('/photoAlbum');
  const album = page.locator('[data-album-id]').filter({ hasText: '山海之间' });
  await expect(album).toContainText('8 张照片');
  await album.click();
  await expect(page).toHaveURL(/\/photos\?id=\d+$/);
  const photos = page.locator('[data-lightbox-src]');
  await expect(photos).toHaveCount(8);
  const urls = await photos.evaluateAll((els) => els.map((e) => e.getAttribute('data-lightbox-src')));

  await photos.nth(0).click();
  const box = page.getByRole('dialog', { name: '图片预览' });
  const img = box.locator('img');
  await expect(box).toBeVisible();
  await expect(img).toHaveAttribute('src', urls[0] as string);
  await expect(box).toContainText('1 / 8');
  await page.keyboard.press('ArrowRight');
  await expect(img).toHaveAttribute('src', urls[1] as string);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // Wraps around to the last photo.
  await expect(img).toHaveAttribute('src', urls[7] as string);
  await expect(box).toContainText('8 / 8');

  // A swipe to the left shows the next picture (wrapping to the first).
  const area = await box.boundingBox();
  if (!area) throw new Error('no lightbox');
  const y = area.y + area.height / 2;
  await page.mouse.move(area.x + area.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.3, y, { steps: 5 });
  await page.mouse.up();
  await expect(img).toHaveAttribute('src', urls[0] as string);
  // The close button, then Escape on a second opening.
  await box.getByRole('button', { name: '关闭' }).click();
  await expect(box).toHaveCount(0);
  await photos.nth(3).click();
  await expect(img).toHaveAttribute('src', urls[3] as string);
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
});
