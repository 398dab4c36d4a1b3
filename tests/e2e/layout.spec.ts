import { admin } from './accounts.ts';
import { expect, test } from './fixtures.ts';

const ROUTES = [
  '/home',
  '/archives',
  '/category',
  '/tag',
  '/article?id=1',
  '/articleList?id=1&type=category&name=x',
  '/photoAlbum',
  '/photos?id=1',
  '/talk',
  '/bangumi',
  '/link/list',
  '/resources/front',
  '/resources/back',
  '/siteList',
  '/userCenter',
  '/message/list',
  '/message/publish',
  '/message/detail?id=1',
  '/message/chat',
];

test('every route of the route table answers 200 inside the layout', async ({ request }) => {
  for (const route of ROUTES) {
    const res = await request.get(route);
    expect(res.status(), route).toBe(200);
    const html = await res.text();
    expect(html, route).toContain('<html lang="zh-CN"');
    expect(html, route).toContain('id="site-header"');
  }
});

test('/ redirects to /home, whose server HTML already lists the seeded articles', async ({ request }) => {
  const res = await request.get('/', { maxRedirects: 0 });
  expect([301, 302]).toContain(res.status());
  expect(res.headers().location).toBe('/home');
  const home = await (await request.get('/home')).text();
  // Seeded titles are in the HTML itself (no JavaScript needed).
  const titles = [...home.matchAll(/<a href="\/article\?id=\d+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
  expect(titles.length).toBeGreaterThanOrEqual(5);
});

test('an unknown path is a 404 page with the header', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.locator('#site-header')).toBeVisible();
  await expect(page.getByRole('heading', { name: '页面走丢了' })).toBeVisible();
});

test('the progress bar still runs when its code arrives after the first navigation ended', async ({
  page,
}) => {
  // nprogress is fetched on the first navigation; here it comes late, after /talk is already shown.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/_astro\/nprogress\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) (window as unknown as { __bar: boolean }).__bar = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/home');
  await page.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '说说' }).click();
  await expect(page.locator('[data-route="Talk"]')).toBeVisible();
  release();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __bar?: boolean }).__bar)).toBe(true);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('client-router navigation runs the progress bar, keeps the header and applies the footer rule', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // Records that nprogress put its bar in the page at some point.
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) (window as unknown as { __bar: boolean }).__bar = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/home');
  await expect(page.locator('[data-footer]')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
  });
  await page.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '说说' }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await expect(page.locator('[data-route="Talk"]')).toBeVisible();
  // Same document: the client router swapped the page instead of loading a new one.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  expect(await page.evaluate(() => (window as unknown as { __bar?: boolean }).__bar)).toBe(true);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('[data-footer]')).toBeVisible();
  // The More submenu leads to the archives.
  await page.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '归档' }).click();
  await expect(page).toHaveURL(/\/archives$/);
  // The footer is hidden on /message/chat.
  await page.evaluate(() => {
    document.querySelector('[data-footer]')?.scrollIntoView();
  });
  await page.goto('/message/chat');
  await expect(page.locator('[data-footer]')).toHaveCount(0);
});

test('theme bootstrap: the saved choice wins, else dark outside 8–18 h', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-20T23:30:00+08:00'));
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.clock.setFixedTime(new Date('2026-11-20T10:00:00+08:00'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // Toggle to dark: it is saved and survives a reload at noon and a client-router navigation.
  await page.locator('[data-theme-toggle]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '分类' }).click();
  await expect(page).toHaveURL(/\/category$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the header hides on scroll down past 50 px, shows on scroll up, is transparent at the top', async ({
  page,
}) => {
  await page.goto('/home');
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
  });
  const header = page.locator('#site-header');
  await expect(header).toHaveAttribute('data-at-top', 'true');
  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await expect(header).toHaveAttribute('data-at-top', 'false');
  await page.mouse.wheel(0, -200);
  await expect(header).toHaveAttribute('data-hidden', 'false');
  // Back-to-top shows after 200 px and brings the page back up.
  await page.getByRole('button', { name: '回到顶部' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(header).toHaveAttribute('data-at-top', 'true');
});

test('on a 375 px phone the menu is a 60% drawer from the left with tags', async ({ browser }) => {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 740 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    baseURL: process.env.E2E_URL,
  });
  const page = await ctx.newPage();
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-device', 'mobile');
  await expect(page.locator('#site-header nav[aria-label="主菜单"]')).toBeHidden();
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('[data-drawer]');
  await expect(drawer).toHaveAttribute('aria-hidden', 'false');
  // It slides in from the left edge and stops at x = 0, 60% of 375 px wide.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(225);
  await drawer.getByRole('link', { name: '标签' }).click();
  await expect(page).toHaveURL(/\/tag$/);
  await ctx.close();
});

test('on a 1440 px desktop the full menu shows and the drawer button does not', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await expect(page.locator('#site-header nav[aria-label="主菜单"]')).toBeVisible();
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeHidden();
});

test('on a 375 px phone a long blog name is cut short: the header keeps its login button on screen', async ({
  page,
  request,
}) => {
  const auth = { authorization: `Bearer ${admin().token}` };
  const config = await (await request.get('/api/config')).json();
  const before: string = config.result.blog_name;
  const set = async (blog_name: string) =>
    expect(
      (await (await request.post('/api/config/update', { data: { blog_name }, headers: auth })).json()).code,
    ).toBe(0);
  await set(`一个很长很长的博客名字${Date.now()}`);
  try {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/home');
    await expect(page.locator('#site-header [data-login-entry]')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await set(before);
  }
});
