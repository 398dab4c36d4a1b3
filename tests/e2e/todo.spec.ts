import { createUser, signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test('the header to-do widget: add, tick, delete, kept per user', async ({ page, browser }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: '待办事项' })).toHaveCount(0);

  const user = await createUser({ nick_name: '待办用户' });
  await signIn(page, user);
  await page.goto('/home');
  await page.getByRole('button', { name: '待办事项' }).click();
  const pane = page.getByRole('dialog', { name: '待办事项' });
  await expect(pane.getByText('空空如也')).toBeVisible();
  await pane.getByLabel('新的待办事项').fill('写周报');
  await pane.getByLabel('新的待办事项').press('Enter');
  await pane.getByLabel('新的待办事项').fill('买牛奶');
  await pane.getByRole('button', { name: '添加' }).click();
  await expect(pane.getByRole('listitem')).toHaveCount(2);
  await expect(pane.getByText('2 项未完成')).toBeVisible();
  await pane.getByRole('checkbox', { name: '写周报' }).check();
  await expect(pane.getByText('1 项未完成')).toBeVisible();
  await pane.getByRole('button', { name: '删除 买牛奶' }).click();
  await expect(pane.getByRole('listitem')).toHaveCount(1);

  // Kept on the server: after a reload the list is the same.
  await page.reload();
  await page.getByRole('button', { name: '待办事项' }).click();
  await expect(pane.getByRole('listitem')).toHaveCount(1);
  await expect(pane.getByRole('checkbox', { name: '写周报' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(pane).toHaveCount(0);

  // Another user has their own (empty) list.
  const ctx = await browser.newContext({ baseURL: process.env.E2E_URL });
  const other = await ctx.newPage();
  await signIn(other, await createUser({ nick_name: '另一个人' }));
  await other.goto('/home');
  await other.getByRole('button', { name: '待办事项' }).click();
  await expect(other.getByRole('dialog', { name: '待办事项' }).getByText('空空如也')).toBeVisible();
  await ctx.close();
});
