import { admin, createUser, signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test('a signed-in visitor sees the avatar menu instead of the login entry', async ({ page }) => {
  const user = await createUser({ nick_name: '小测试' });
  await signIn(page, user);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: '小测试 的菜单' })).toBeVisible();
  await expect(page.locator('[data-login-entry]')).toBeHidden();
  expect(admin().id).toBe(1);
});
