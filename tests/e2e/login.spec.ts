import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { createUser } from './accounts.ts';
import { expect, expectToast, test } from './fixtures.ts';

const dialog = (page: Page) => page.locator('[data-login-dialog]');

async function openLogin(page: Page) {
  await page.locator('#site-header [data-login-entry]').click();
  await expect(dialog(page)).toBeVisible();
}

/** A field's rule message: the alert paragraph under the input. */
const messageOf = (page: Page, label: string) =>
  dialog(page).getByLabel(label, { exact: true }).locator('xpath=../following-sibling::p[1]');

function emailOf(username: string): string {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR as string, 'blog.db'), { readOnly: true });
  try {
    const row = db.prepare('SELECT email FROM "user" WHERE username = ?').get(username) as { email: string };
    return row.email;
  } finally {
    db.close();
  }
}

test('the dialog shows every validation message of the forms on blur and on submit', async ({ page }) => {
  await page.goto('/home');
  await openLogin(page);
  await expect(dialog(page).getByRole('heading', { name: '登录' })).toBeVisible();

  // Login: both fields required, checked on blur.
  await dialog(page).getByLabel('用户账号').focus();
  await dialog(page).getByLabel('密码', { exact: true }).focus();
  await expect(messageOf(page, '用户账号')).toHaveText('请输入用户账号');
  await dialog(page).getByLabel('用户账号').focus();
  await expect(messageOf(page, '密码')).toHaveText('请输入用户密码');

  // Register: switching resets the forms and shows the register rules.
  await dialog(page).getByRole('button', { name: '去注册' }).click();
  await expect(dialog(page).getByRole('heading', { name: '注册' })).toBeVisible();
  await expect(dialog(page).getByText('已有账号？')).toBeVisible();
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  await dialog(page).getByRole('button', { name: '注册' }).click();
  await expect(messageOf(page, '用户账号')).toHaveText('请输入用户账号');
  await expect(messageOf(page, '密码')).toHaveText('请输入密码');
  await expect(messageOf(page, '确认密码')).toHaveText('请输入二次确认密码');

  const username = dialog(page).getByLabel('用户账号');
  await username.fill('abcd');
  await username.blur();
  await expect(messageOf(page, '用户账号')).toHaveText('用户账号长度应该在5-16之间');
  await username.fill('a'.repeat(17));
  await username.blur();
  await expect(messageOf(page, '用户账号')).toHaveText('用户账号长度应该在5-16之间');
  await username.fill('abcde');
  await username.blur();
  await expect(messageOf(page, '用户账号')).toHaveText('');

  const password = dialog(page).getByLabel('密码', { exact: true });
  for (const bad of ['12345', '123456', 'abcdefg', '密码abc123']) {
    await password.fill(bad);
    await password.blur();
    await expect(messageOf(page, '密码')).toHaveText('密码格式应为6-18位数字、字母、符号的任意两种组合');
  }
  await password.fill('abc123');
  await password.blur();
  await expect(messageOf(page, '密码')).toHaveText('');

  const confirm = dialog(page).getByLabel('确认密码');
  await confirm.fill('abc124');
  await confirm.blur();
  await expect(messageOf(page, '确认密码')).toHaveText('两次密码不一致');
  await confirm.fill('abc123');
  await confirm.blur();
  await expect(messageOf(page, '确认密码')).toHaveText('');

  // The email takes only the local part; the fixed domain is shown beside it.
  await expect(dialog(page).getByText('@qq.com')).toBeVisible();

  // Back to login: the forms are blank again; Escape closes the dialog.
  await dialog(page).getByRole('button', { name: '去登录' }).click();
  await expect(dialog(page).getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(dialog(page).getByLabel('用户账号')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
});

test('register signs in automatically, remembers the credentials, and they survive a reload', async ({
  page,
}) => {
  const username = `r${Date.now().toString(36)}`.slice(0, 12);
  await page.goto('/home');
  await openLogin(page);
  await dialog(page).getByRole('button', { name: '去注册' }).click();
  await dialog(page).getByLabel('用户账号').fill(username);
  await dialog(page).getByLabel('昵称').fill('新来的小鹿');
  await dialog(page).getByLabel('邮箱').fill('xiaolu2026');
  await dialog(page).getByLabel('密码', { exact: true }).fill('Lu2026!x');
  await dialog(page).getByLabel('确认密码').fill('Lu2026!x');
  await dialog(page).getByLabel('确认密码').press('Enter');

  await expectToast(page, '自动登录成功');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '新来的小鹿 的菜单' })).toBeVisible();
  await expect(page.getByText(/新来的小鹿，/)).toBeVisible();
  expect(emailOf(username)).toBe('xiaolu2026@qq.com');

  // Log out, then the dialog offers the remembered credentials, also after a reload.
  await page.getByRole('button', { name: '新来的小鹿 的菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expectToast(page, '退出成功');
  await page.reload();
  await openLogin(page);
  await expect(dialog(page).getByLabel('用户账号')).toHaveValue(username);
  await expect(dialog(page).getByLabel('密码', { exact: true })).toHaveValue('Lu2026!x');
  await expect(dialog(page).getByLabel('记住我')).toBeChecked();
  // The stored form is encoded and encrypted: no plain username or password in local storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(username);
  expect(stored).not.toContain('Lu2026!x');

  // Submitting the remembered credentials is the automatic login.
  await dialog(page).getByRole('button', { name: '登录' }).click();
  await expectToast(page, '自动登录成功');
  await expect(page.getByRole('button', { name: '新来的小鹿 的菜单' })).toBeVisible();
});

test('manual login says 登录成功; without remember-me the stored credentials are dropped', async ({
  page,
}) => {
  const user = await createUser({ nick_name: '手动登录' });
  await page.goto('/home');
  await openLogin(page);
  await dialog(page).getByLabel('用户账号').fill(user.username);
  await dialog(page).getByLabel('密码', { exact: true }).fill('not-the-password1');
  await dialog(page).getByRole('button', { name: '登录' }).click();
  await expectToast(page, '用户名或密码错误', '错误提示');

  await dialog(page).getByLabel('密码', { exact: true }).fill(user.password);
  await dialog(page).getByLabel('记住我').check();
  await dialog(page).getByLabel('密码', { exact: true }).press('Enter');
  await expectToast(page, '登录成功');
  await expect(page.getByRole('button', { name: '手动登录 的菜单' })).toBeVisible();

  await page.getByRole('button', { name: '手动登录 的菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await openLogin(page);
  await expect(dialog(page).getByLabel('用户账号')).toHaveValue(user.username);
  await dialog(page).getByLabel('记住我').uncheck();
  // The remembered credentials submitted untouched count as the automatic login.
  await dialog(page).getByRole('button', { name: '登录' }).click();
  await expectToast(page, '自动登录成功');
  await page.getByRole('button', { name: '手动登录 的菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await openLogin(page);
  await expect(dialog(page).getByLabel('用户账号')).toHaveValue('');
  await expect(dialog(page).getByLabel('记住我')).not.toBeChecked();
});
