import { galleryTile } from '../../src/lib/gallery.ts';
import { cameraJpeg } from '../fixtures/photos.ts';
import { admin } from './accounts.ts';
import { unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * An uploaded photograph on the album page (docs/architecture.md#image-variants): once its variants
 * exist the page writes a <picture> with AVIF and WebP sources of every width and the layout's sizes,
 * the <img> its width and height and the placeholder; a 390 px phone at DPR 3 takes a small AVIF, not
 * the original; the lightbox shows the 1,600 px variant and 原图 links the original.
 */
test('a phone takes a small AVIF of an uploaded photo; the lightbox the 1,600 px one', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const auth = { Authorization: `Bearer ${admin().token}` };
  // A camera photograph held turned: stored upright, 1,920 × 2,560.
  const photo = Buffer.from(await cameraJpeg({ width: 4000, height: 3000, orientation: 6, seed: 7 }));
  const up = await (
    await request.post('/api/upload/img', {
      headers: auth,
      multipart: { file: { name: 'IMG_7.JPG', mimeType: 'image/jpeg', buffer: photo } },
    })
  ).json();
  expect(up.code).toBe(0);
  const url = up.result.url as string;
  const stem = url.slice(0, -'.jpg'.length);
  const album = (
    await (
      await request.post('/api/photoAlbum/add', {
        headers: auth,
        data: { album_name: unique('尺寸').slice(0, 20), album_cover: url },
      })
    ).json()
  ).result;
  try {
    await request.post('/api/photo/add', {
      headers: auth,
      data: { photoList: [{ album_id: album.id, url }] },
    });
    // The variants follow the upload; the cached page is dropped when they are made.
    await expect
      .poll(
        async () => (await (await request.get(`/photos?id=${album.id}`)).text()).includes(`${stem}-480.avif`),
        {
          timeout: 90_000,
        },
      )
      .toBe(true);

    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/uploads/')) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(`/photos?id=${album.id}`);
    const picture = page.locator('ul.photos picture').first();
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${stem}-480.avif 480w, ${stem}-960.avif 960w, ${stem}-1600.avif 1600w`,
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      `${stem}-480.webp 480w, ${stem}-960.webp 960w, ${stem}-1600.webp 1600w`,
    );
    await expect(picture.locator('source').first()).toHaveAttribute(
      'sizes',
      galleryTile({ width: 1920, height: 2560 }).sizes,
    );
    const img = picture.locator('img');
    await expect(img).toHaveAttribute('src', url);
    await expect(img).toHaveAttribute('width', '1920');
    await expect(img).toHaveAttribute('height', '2560');
    await expect(img).toHaveAttribute('style', /background:url\("data:image\/webp;base64,/);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
    // The upright tile's width at DPR 3 is under 600 px: the 960 px AVIF at most, never the original.
    const chosen = await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname);
    expect(chosen).toMatch(new RegExp(`^${stem}-(480|960)\\.avif$`));
    expect(fetched).not.toContain(url);

    await img.click();
    const shown = page.locator('[data-lightbox-open] img');
    await expect(shown).toHaveAttribute('src', `${stem}-1600.webp`);
    await expect(page.locator('[data-lightbox-open] a', { hasText: '原图' })).toHaveAttribute('href', url);
    await phone.close();
  } finally {
    await request.delete(`/api/photoAlbum/delete/${album.id}`, { headers: auth });
  }
});
