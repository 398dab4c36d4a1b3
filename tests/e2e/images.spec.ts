import type { Page } from '@playwright/test';
import { admin, createUser } from './accounts.ts';
import { postAs, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * Brings every image of the page into view one by one (so lazy ones load) and reports those shown
 * broken (loaded, visible, naturalWidth 0) and those showing the placeholder.
 */
async function survey(page: Page): Promise<{ total: number; broken: string[]; placeholders: number }> {
  const total = await page.locator('img').count();
  for (let i = 0; i < total; i++) {
    const img = page.locator('img').nth(i);
    if (!(await img.isVisible())) continue;
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  }
  return page.evaluate(() => {
    const visible = [...document.images].filter(
      (i) => i.getClientRects().length > 0 && i.getAttribute('src'),
    );
    return {
      total: visible.length,
      broken: visible
        .filter((i) => i.complete && i.naturalWidth === 0)
        .map((i) => i.getAttribute('src') ?? ''),
      placeholders: visible.filter((i) => i.hasAttribute('data-broken')).length,
    };
  });
}

/** Every picture from /uploads answers 404, as if the files were gone. */
const uploadsGone = (page: Page) => page.route('**/uploads/**', (r) => r.fulfill({ status: 404, body: '' }));

test('a friend link whose avatar 404s shows the placeholder, not a broken image', async ({
  page,
  request,
}) => {
  const name = unique('头像失效');
  const user = await createUser();
  const avatar = `/uploads/${unique('missing')}.png`;
  await postAs(request, user, '/api/links/add', {
    site_name: name,
    site_desc: '头像地址已失效',
    site_avatar: avatar,
    url: `https://${unique('a')}.example/`,
  });
  const auth = { Authorization: `Bearer ${admin().token}` };
  const list = await (
    await request.post('/api/links/getLinksList', { headers: auth, data: { status: 1, size: 50 } })
  ).json();
  const id = list.result.list.find((l: { site_name: string }) => l.site_name === name).id;
  await request.put('/api/links/approve', { headers: auth, data: { idList: [id] } });

  await page.goto('/link/list');
  const img = page.locator('a[data-link-id]').filter({ hasText: name }).locator('img');
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute('data-broken', avatar);
  await expect(img).toHaveAttribute('src', '/img-placeholder.svg');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const { broken } = await survey(page);
  expect(broken).toEqual([]);
});

for (const path of ['/home', '/talk']) {
  test(`on ${path} covers, pictures and avatars that 404 show the placeholder`, async ({ page }) => {
    await uploadsGone(page);
    await page.goto(path);
    const { total, broken, placeholders } = await survey(page);
    expect(broken).toEqual([]);
    expect(total).toBeGreaterThan(2);
    expect(placeholders).toBe(total);
  });
}

/** Every picture from /uploads is pure white: the brightest cover there can be. */
const uploadsWhite = (page: Page) =>
  page.route('**/uploads/**', (r) =>
    r.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#fff"/></svg>',
    }),
  );

/**
 * The contrast of white text against the brightest pixel behind `selector`'s box: the page is
 * photographed with the text made transparent and the pixels read back through a canvas.
 */
async function worstContrast(page: Page, selector: string): Promise<number> {
  const target = page.locator(selector).first();
  await expect(target).toBeVisible();
  await page.addStyleTag({
    content: `${selector}, ${selector} * { color: transparent !important; text-shadow: none !important; }`,
  });
  const box = await target.boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  const png = (await page.screenshot({ clip: box })).toString('base64');
  const luminance = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    let max = 0;
    for (let i = 0; i < data.length; i += 4)
      max = Math.max(max, 0.2126 * lin(data[i]) + 0.7152 * lin(data[i + 1]) + 0.0722 * lin(data[i + 2]));
    return max;
  }, `data:image/png;base64,${png}`);
  return 1.05 / (luminance + 0.05);
}

test('white text on a pure white banner or cover keeps 4.5:1 over its scrim', async ({ page }) => {
  await uploadsWhite(page);
  await page.goto('/home');
  await page.evaluate(() => document.fonts.ready);
  expect(await worstContrast(page, '.banner h1')).toBeGreaterThanOrEqual(4.5);
  expect(await worstContrast(page, '.banner p')).toBeGreaterThanOrEqual(4.5);

  const href = await page.locator('.article-card .title a').first().getAttribute('href');
  await page.goto(href ?? '/article?id=1');
  expect(await worstContrast(page, '.hero h1')).toBeGreaterThanOrEqual(4.5);
  expect(await worstContrast(page, '.hero .meta li[title="发表于"]')).toBeGreaterThanOrEqual(4.5);
});
