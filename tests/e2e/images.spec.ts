import type { Page } from '@playwright/test';
import { admin, createUser } from './accounts.ts';
import { unique } from './community.ts';
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
  const add = await request.post('/api/links/add', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      site_name: name,
      site_desc: '头像地址已失效',
      site_avatar: avatar,
      url: `https://${unique('a')}.example/`,
    },
  });
  expect((await add.json()).code).toBe(0);
  const auth = { Authorization: `Bearer ${admin().token}` };
  const list = await (
    await request.post('/api/links/getLinksList', { headers: auth, data: { status: 1, size: 50 } })
  ).json();
  const id = list.result.list.find((l: { site_name: string }) => l.site_name === name).id;
  await request.put('/api/links/approve', { headers: auth, data: { idList: [id] } });

  await page.goto('/link/list');
  const img = page.locator('a[data-link-id]').filter({ hasText: name }).locator('img');
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute('data-broken', '');
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
