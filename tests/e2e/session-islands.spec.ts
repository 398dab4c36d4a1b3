import { createUser } from './accounts.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * A deferred island whose content depends on who is signed in follows a sign-in or sign-out
 * on the page, without a reload or a press inside it (client:interaction decided its eagerness only at
 * page load).
 */
test('an admin who signs in on /link/list sees 待审核 at once; signing out takes it away', async ({
  page,
}) => {
  const admin = await createUser({ nick_name: '友链审核员', role: 1 });
  await page.goto('/link/list');
  const review = page.getByRole('heading', { name: /^待审核（\d+）$/ });
  await expect(page.getByRole('button', { name: '申请友链' })).toBeVisible();
  await expect(review).toHaveCount(0);

  await page.locator('#site-header [data-login-entry]').click();
  const dialog = page.locator('[data-login-dialog]');
  await dialog.getByLabel('用户账号').fill(admin.username);
  await dialog.getByLabel('密码', { exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('button', { name: '友链审核员 的菜单' })).toBeVisible();
  await expect(review).toBeVisible();

  await page.getByRole('button', { name: '友链审核员 的菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expectToast(page, '退出成功');
  await expect(review).toHaveCount(0);
});
