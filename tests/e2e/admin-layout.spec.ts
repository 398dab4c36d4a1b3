import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { expect, test } from './fixtures.ts';

/**
 * The console's everyday layout (docs/owner-guide.md): the menu's groups fold and remember it, the
 * current entry is always in view, the list filters keep to one row at desktop widths with dates written
 * YYYY-MM-DD, and toasts sit under the top bar.
 */

const menu = (page: Page) => page.getByRole('navigation', { name: '管理菜单' });

test('at 1366 × 800 the current entry is in view, low in the menu too', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, admin());
  for (const [href, label] of [
    ['/admin/music', '音乐库'],
    ['/admin/audit', '审计日志'],
    ['/admin/backups', '备份'],
  ]) {
    await page.goto(href);
    await consoleReady(page, label);
    const current = menu(page).locator('a[aria-current="page"]');
    await expect(current).toHaveText(label);
    await expect(current).toBeInViewport({ ratio: 1 });
  }
});

test('a group folds, stays folded after a reload, and the current group never folds', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, admin());
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  const fold = menu(page).getByRole('button', { name: '互动' });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: '友链' })).toBeVisible();
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: '友链' })).toBeHidden();

  await page.reload();
  await consoleReady(page, '文章');
  await expect(menu(page).getByRole('button', { name: '互动' })).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: '友链' })).toBeHidden();
  // 内容 holds the current screen: it cannot be folded away.
  await expect(menu(page).getByRole('button', { name: '内容' })).toBeDisabled();

  // Folded, yet the current screen's group opens: 友链 is shown on its own screen.
  await page.goto('/admin/links');
  await consoleReady(page, '友链');
  await expect(menu(page).getByRole('link', { name: '友链' })).toBeInViewport();
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  await menu(page).getByRole('button', { name: '互动' }).click();
  await expect(menu(page).getByRole('link', { name: '友链' })).toBeVisible();
});

/** The vertical spread of a filter row's controls: 0-ish when they are on one row. */
function rowSpread(page: Page, first: string) {
  // The row is the parent of the screen's first 按…筛选 control.
  return page
    .getByRole('combobox', { name: first })
    .locator('xpath=..')
    .evaluate((bar) => {
      const controls = [...bar.querySelectorAll('input:not([aria-hidden]), button, select')].filter(
        (el) => (el as HTMLElement).offsetParent !== null,
      );
      const mids = controls.map((el) => {
        const r = el.getBoundingClientRect();
        return r.top + r.height / 2;
      });
      return { count: controls.length, spread: Math.max(...mids) - Math.min(...mids) };
    });
}

for (const width of [1366, 1440]) {
  test(`at ${width} px the filters of 评论与留言, 审计日志 and 用户 are one row`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, admin());
    for (const [href, title, first] of [
      ['/admin/comments', '评论与留言', '按类型筛选'],
      ['/admin/audit', '审计日志', '按类型筛选'],
      ['/admin/users', '用户', '按角色筛选'],
    ]) {
      await page.goto(href);
      await consoleReady(page, title);
      await expect(page.getByText('加载中…')).toHaveCount(0);
      const { count, spread } = await rowSpread(page, first);
      expect(count, href).toBeGreaterThan(3);
      expect(spread, href).toBeLessThan(8);
    }
  });
}

test('dates are written YYYY-MM-DD and only a whole day filters', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, admin());
  await page.goto('/admin/audit');
  await consoleReady(page, '审计日志');
  await expect(page.getByText('加载中…')).toHaveCount(0);
  const from = page.getByLabel('开始日期');
  await expect(from).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/api/audit/getAuditList') && asked.push(r.postData() ?? ''));
  await from.fill('2001-01');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await from.fill('2001-01-01');
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => asked.some((b) => b.includes('2001-01-01'))).toBe(true);
  expect(asked.some((b) => b.includes('"2001-01"'))).toBe(false);
  await page.getByLabel('结束日期').fill('2001-01-02');
  await expect(page.getByText('没有相符的记录')).toBeVisible();
});

// The toasts' place, not a toast: one lasts 3 s, too short to rely on under load (toast-log.ts).
for (const width of [1366, 375]) {
  test(`at ${width} px the toasts' place is under the top bar, inside the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, admin());
    await page.goto('/admin/profile');
    await consoleReady(page, '站点资料');
    const header = await page.locator('header').first().boundingBox();
    const place = await page
      .getByRole('region', { name: '通知（F8）' })
      .locator('ol')
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, left: r.left, right: r.right };
      });
    expect(header).not.toBeNull();
    expect(place.top).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(place.left).toBeGreaterThanOrEqual(0);
    expect(place.right).toBeLessThanOrEqual(width);
  });
}
