import type { Browser, Page } from '@playwright/test';
import { cameraJpeg } from '../fixtures/photos.ts';
import { admin } from './accounts.ts';
import { useTheme } from './admin-console.ts';
import { unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * The article's cover as a reader sees it: on a phone a sharp picture above the title, taken from the
 * variants at the width it shows (never the blurred backdrop alone), sized before it loads; on a desktop
 * beside the title, fetching what it fetched before (the 480 px AVIF and the backdrop's WebP).
 */
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });

let articleId = 0;
let stem = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const photo = Buffer.from(await cameraJpeg({ width: 1920, height: 1080, seed: 11 }));
  const up = await (
    await request.post('/api/upload/img', {
      headers: bearer(),
      multipart: { file: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: photo } },
    })
  ).json();
  expect(up.code, up.message).toBe(0);
  const url = up.result.url as string;
  stem = url.slice(0, url.lastIndexOf('.'));
  const res = await (
    await request.post('/api/article/add', {
      headers: bearer(),
      data: {
        article_title: unique('封面文章'),
        article_content: '## 正文\n\n封面之下的文字。',
        article_cover: url,
        status: 1,
        category_name: '前端开发',
        tagNameList: ['CSS'],
      },
    })
  ).json();
  expect(res.code, res.message).toBe(0);
  articleId = res.result.id;
  // The variants follow the upload; the cached page is dropped when they are made.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/article?id=${articleId}`)).text()).includes(`${stem}-1600.avif`),
      { timeout: 90_000 },
    )
    .toBe(true);
});

test.afterAll(async ({ request }) => {
  if (!articleId) return;
  await request.delete(`/api/article/delete/${articleId}/1`, { headers: bearer() });
  await request.delete(`/api/article/delete/${articleId}/3`, { headers: bearer() });
});

/** A page of its own context whose cover files wait for `release()`: the box is measured before they load. */
async function openHeld(
  browser: Browser,
  baseURL: string | undefined,
  opts: Parameters<Browser['newContext']>[0],
) {
  const context = await browser.newContext({ baseURL, ...opts });
  const page = await context.newPage();
  const fetched: string[] = [];
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route(`**${stem}-*`, async (route) => {
    fetched.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { context, page, fetched, release };
}

const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });

for (const [theme, dpr] of [
  ['light', 3],
  ['dark', 2],
] as const) {
  test(`on a 375 px phone (DPR ${dpr}, ${theme}) the cover shows sharp above the title`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page, release } = await openHeld(browser, baseURL, {
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: dpr,
      isMobile: true,
      hasTouch: true,
    });
    await useTheme(page, theme);
    // The load event waits for the held picture.
    await page.goto(`/article?id=${articleId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const cover = page.locator('.hero img.cover');
    // Its place is kept before a byte of it arrives: nothing under it moves when it loads.
    const before = await box(page, '.hero img.cover');
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
    release();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const after = await box(page, '.hero img.cover');
    expect(after).toEqual(before);
    await expect(cover).toBeVisible();

    // The column's width (less the banner's padding), 16:9, at the top: under the header, above the title.
    expect(after.width).toBeGreaterThanOrEqual(375 - 32 - 1);
    expect(Math.abs(after.width / after.height - 16 / 9)).toBeLessThan(0.02);
    const header = await box(page, '#site-header');
    const title = await box(page, '.hero h1');
    expect(after.top).toBeGreaterThanOrEqual(header.bottom);
    expect(after.bottom).toBeLessThanOrEqual(title.top);
    expect(after.bottom).toBeLessThanOrEqual(812);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Sharp: drawn unblurred, from a variant at least as wide as its pixels on this screen.
    expect(await cover.evaluate((img) => getComputedStyle(img).filter)).toBe('none');
    const chosen = await cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    const width = Number(chosen.match(/-(\d+)\.avif$/)?.[1]);
    expect(width, chosen).toBeGreaterThanOrEqual(after.width * dpr);
    await context.close();
  });
}

test('on a 1440 px desktop the cover stands beside the title, fetched as before', async ({
  browser,
  baseURL,
}) => {
  const { context, page, fetched, release } = await openHeld(browser, baseURL, {
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
  });
  release();
  await page.goto(`/article?id=${articleId}`);
  const cover = page.locator('.hero img.cover');
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const picture = await box(page, '.hero img.cover');
  const title = await page.locator('.hero h1').boundingBox();
  expect((title?.x ?? 0) + (title?.width ?? 0)).toBeLessThanOrEqual(
    await cover.evaluate((img) => img.getBoundingClientRect().left),
  );
  expect(picture.width).toBeLessThanOrEqual(400);
  // The 480 px AVIF for the picture and the 480 px WebP for the blurred backdrop, nothing more.
  await expect.poll(() => [...new Set(fetched)].sort()).toEqual([`${stem}-480.avif`, `${stem}-480.webp`]);
  await context.close();
});
