import { admin } from './accounts.ts';
import { unique } from './community.ts';
import { expect, test } from './fixtures.ts';
import { randomPng } from './png.ts';

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

test('an album shows each photo in its own ratio: a portrait one upright and uncropped, sized before it loads', async ({
  page,
  request,
}) => {
  const auth = { Authorization: `Bearer ${admin().token}` };
  const sizes = [
    [600, 900],
    [900, 600],
    [700, 700],
  ];
  const ratioOf = new Map<string, number>();
  for (const [width, height] of sizes) {
    const up = await (
      await request.post('/api/upload/img', {
        headers: auth,
        multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: randomPng(width, height) } },
      })
    ).json();
    expect(up.code, up.message).toBe(0);
    ratioOf.set(up.result.url, width / height);
  }
  const album = (
    await (
      await request.post('/api/photoAlbum/add', {
        headers: auth,
        data: { album_name: unique('竖拍').slice(0, 20) },
      })
    ).json()
  ).result;
  try {
    const added = await request.post('/api/photo/add', {
      headers: auth,
      data: { photoList: [...ratioOf.keys()].map((url) => ({ album_id: album.id, url })) },
    });
    expect((await added.json()).code).toBe(0);
    const tiles = page.locator('ul.photos button.photo');
    /** Each tile's width over height, by its photo, and its height. */
    const boxes = () =>
      tiles.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return {
            url: el.getAttribute('data-lightbox-original') ?? '',
            ratio: r.width / r.height,
            height: r.height,
          };
        }),
      );
    const expectRatios = async () => {
      const got = await boxes();
      expect(got).toHaveLength(3);
      for (const b of got) expect(b.ratio, b.url).toBeCloseTo(ratioOf.get(b.url) ?? 0, 1);
      return got;
    };

    // No photo loaded yet: the tiles already have their photos' ratios (nothing moves as they come).
    await page.route('**/uploads/**', (route) => route.abort());
    await page.goto(`/photos?id=${album.id}`);
    const row = await expectRatios();
    // One row on a desktop: one height.
    expect(Math.max(...row.map((b) => b.height)) - Math.min(...row.map((b) => b.height))).toBeLessThan(1);

    await page.unroute('**/uploads/**');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 375, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.reload();
      const imgs = page.locator('ul.photos img');
      await expect
        .poll(() =>
          imgs.evaluateAll((els) =>
            els.every((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0),
          ),
        )
        .toBe(true);
      await expectRatios();
      // The picture fills its tile at its own ratio: nothing of it is cut off.
      const drawn = await imgs.evaluateAll((els) =>
        els.map((el) => {
          const img = el as HTMLImageElement;
          const r = img.getBoundingClientRect();
          return { natural: img.naturalWidth / img.naturalHeight, shown: r.width / r.height };
        }),
      );
      for (const d of drawn) expect(d.shown).toBeCloseTo(d.natural, 1);
    }
  } finally {
    await request.delete(`/api/photoAlbum/delete/${album.id}`, { headers: auth });
  }
});
