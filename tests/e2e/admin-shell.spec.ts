import { MENU } from '../../src/admin/menu.ts';
import { admin, createUser, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

test('a visitor opening /admin gets the login dialog, and the console after logging in as the admin', async ({
  page,
}) => {
  const res = await page.goto('/admin');
  // The console opens on the menu's first screen.
  expect(new URL(page.url()).pathname).toBe(MENU[0].href);
  expect(res?.headers()['cache-control']).toBe('no-store');
  expect(res?.headers()['x-page-cache']).toBeUndefined();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const dialog = page.locator('[data-login-dialog]');
  await expect(dialog).toBeVisible();
  await expect(page.getByText('请先以博主账号登录。')).toBeVisible();
  await dialog.getByLabel('用户账号').fill('admin');
  await dialog.getByLabel('密码', { exact: true }).fill(admin().password);
  await dialog.getByRole('button', { name: '登录' }).click();
  // The page reloads into the console.
  await consoleReady(page, MENU[0].label);
  await expect(page.getByRole('navigation', { name: '管理菜单' })).toBeVisible();
  await expect(page.getByRole('link', { name: '站点资料' })).toBeVisible();
  await expect(page.getByRole('button', { name: /账号：/ })).toContainText(admin().nick_name);
});

test('a signed-in non-admin gets the 403 page; the API refuses them too', async ({ page, request }) => {
  const user = await createUser();
  await signIn(page, user);
  await page.goto('/admin/profile');
  await expect(page.getByRole('heading', { name: '权限不足' })).toBeVisible();
  await expect(page.getByText('403')).toBeVisible();
  await expect(page.getByText('只有博主可以进入管理后台。')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '管理菜单' })).toHaveCount(0);
  const refused = await request.post('/api/config/update', {
    data: { blog_name: '不行' },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(refused.status()).toBe(403);
});

test('a stale session of an admin is checked with the server: the login dialog, not the console', async ({
  page,
}) => {
  // The browser says role 1, but the token is not a valid one.
  await signIn(page, { ...admin(), token: 'not-a-token' });
  await page.goto('/admin/profile');
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '管理菜单' })).toHaveCount(0);
});

test('at 375 px the menu is a drawer; the theme toggles between dark and light', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, admin());
  await useTheme(page, 'dark');
  await page.goto('/admin/profile');
  await consoleReady(page, '站点资料');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('navigation', { name: '管理菜单' })).toBeHidden();
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '管理菜单' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: '站点资料' })).toHaveAttribute('aria-current', 'page');
  // Nothing of the console is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await drawer.getByRole('link', { name: '页面横幅' }).click();
  await consoleReady(page, '页面横幅');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: '切换到浅色模式' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: '切换到深色模式' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the console's pages have no serious violations (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, admin());
    await useTheme(page, theme);
    const found: string[] = [];
    for (const [route, title] of [
      ['/admin/profile', '站点资料'],
      ['/admin/banners', '页面横幅'],
    ]) {
      await page.goto(route);
      await consoleReady(page, title);
      await expect(page.getByText('加载中…')).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready);
      for (const v of await seriousViolations(page)) found.push(`${route} ${v}`);
    }
    expect(found).toEqual([]);
  });
}

test('every console address keeps its title; an address no feature declares is a 404', async ({
  request,
}) => {
  const titles = [...MENU.map((m) => [m.href, m.label]), ['/admin/articles/edit', '编辑文章']];
  for (const [href, title] of titles) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(await res.text()).toContain(`<title>${title} - 管理后台</title>`);
  }
  for (const href of ['/admin/nope', '/admin/articles/nope', '/admin/dashboard']) {
    expect((await request.get(href)).status(), href).toBe(404);
  }
});
