import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { admin, createUser, signIn, type TestUser } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { postAs, unique, write } from './community.ts';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';

/** The owner console's 用户 screen: disable, enable, reset a password, roles, a user's records. */

const loginDialog = (page: Page) => page.locator('[data-login-dialog]');

/** Logs in through the site's dialog (the header's entry); the dialog's answer is left on screen. */
async function logIn(page: Page, username: string, password: string) {
  if (!(await loginDialog(page).isVisible())) await page.locator('#site-header [data-login-entry]').click();
  await expect(loginDialog(page)).toBeVisible();
  await loginDialog(page).getByLabel('用户账号').fill(username);
  await loginDialog(page).getByLabel('密码', { exact: true }).fill(password);
  await loginDialog(page).getByRole('button', { name: '登录' }).click();
}

/** The admin on /admin/users with the list narrowed to this user. */
async function openUser(page: Page, user: TestUser) {
  await page.goto('/admin/users');
  await consoleReady(page, '用户');
  await page.getByRole('searchbox', { name: '按用户名搜索用户' }).fill(user.username);
  const row = page.getByRole('row').filter({ hasText: `@${user.username}` });
  await expect(row).toHaveCount(1);
  return row;
}

async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a user disabled in the console: their open tab is refused, they cannot log in; enabled again; a reset password is shown once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const nick = unique('停用者');
  const user = await createUser({ nick_name: nick });
  const ctx = await browser.newContext({ baseURL: process.env.E2E_URL });
  await recordToasts(ctx);
  const theirs = await ctx.newPage();
  try {
    await signIn(theirs, user);
    await theirs.goto('/userCenter');
    await expect(theirs.locator('[data-user-center]')).toBeVisible();

    await signIn(page, admin());
    const row = await openUser(page, user);
    await expect(row).toContainText('正常');
    await row.getByRole('button', { name: `停用「${nick}」` }).click();
    await confirm(page, '停用账号', '停用');
    await expectToast(page, '账号已停用');
    await expect(row).toContainText('已停用');

    // Their open tab: the next thing it asks the server is refused with the reason, and the session ends.
    await theirs.reload();
    await expectToast(theirs, '该账号已被停用', '错误提示');
    await expect(loginDialog(theirs)).toBeVisible();
    // …and the right password does not let them back in.
    await logIn(theirs, user.username, user.password);
    await expectToast(theirs, '该账号已被停用', '错误提示');

    // Enabled again: they log in.
    await row.getByRole('button', { name: `启用「${nick}」` }).click();
    await confirm(page, '启用账号', '启用');
    await expect(row).toContainText('正常');
    await logIn(theirs, user.username, user.password);
    await expectToast(theirs, '登录成功');

    // Reset: the new password is shown once, with a copy button.
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await row.getByRole('button', { name: `重置「${nick}」的密码` }).click();
    await confirm(page, '重置密码', '重置密码');
    const shown = page.getByRole('dialog', { name: `「${nick}」的新密码` });
    await expect(shown).toContainText('这个密码只显示这一次，关闭后无法再查看。');
    const password = (await shown.locator('code').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await shown.getByRole('button', { name: '复制' }).click();
    await expectToast(page, '已复制到剪贴板');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await shown.getByRole('button', { name: '我已记下' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(password)).toHaveCount(0);

    // Their session ended with the reset; the old password is refused, the new one works.
    await theirs.reload();
    await expectToast(theirs, '登录过期，请重新登录', '错误提示');
    // The site opens the login dialog itself: wait for it, or a click on the header's entry races it.
    await expect(loginDialog(theirs)).toBeVisible();
    await logIn(theirs, user.username, user.password);
    await expectToast(theirs, '用户名或密码错误', '错误提示');
    await logIn(theirs, user.username, password);
    await expectToast(theirs, '登录成功');
  } finally {
    await ctx.close();
    write('UPDATE "user" SET disabled_at = NULL WHERE id = ?', user.id);
  }
});

test('a user’s comments and messages, promote and demote; no account actions on one’s own row', async ({
  page,
  request,
}) => {
  const nick = unique('记录者');
  const user = await createUser({ nick_name: nick });
  const text = unique('留言');
  const look = { tag: '', color: '', font_size: 16, font_weight: 400, bg_color: '', bg_url: '' };
  const message = (await postAs(request, user, '/api/message/add', { ...look, message: text })) as {
    id: number;
  };
  const headers = { Authorization: `Bearer ${admin().token}` };
  try {
    const comment = unique('评论');
    await postAs(request, user, '/api/comment/add', { type: 3, for_id: message.id, content: comment });
    await signIn(page, admin());
    const row = await openUser(page, user);

    await row.getByRole('button', { name: `查看「${nick}」的评论和留言` }).click();
    const records = page.getByRole('dialog', { name: `「${nick}」的评论与留言` });
    await expect(records.getByText(comment)).toBeVisible();
    await expect(records.getByRole('link', { name: '留言' })).toHaveAttribute(
      'href',
      `/message/detail?id=${message.id}`,
    );
    await records.getByRole('tab', { name: '留言' }).click();
    await expect(records.getByText(text)).toBeVisible();
    await records.getByRole('button', { name: '关闭' }).click();
    await expect(records).toBeHidden();

    await row.getByRole('button', { name: `设为「${nick}」管理员` }).click();
    await confirm(page, '设为管理员', '设为管理员');
    await expect(row).toContainText('管理员');
    await row.getByRole('button', { name: `取消「${nick}」的管理员` }).click();
    await confirm(page, '取消管理员', '取消管理员');
    await expect(row).toContainText('普通用户');

    // One's own row: the records only (the server refuses the rest for oneself too).
    await page.getByRole('searchbox', { name: '按用户名搜索用户' }).fill('admin');
    const mine = page.getByRole('row').filter({ hasText: '@admin' }).filter({ hasText: '（我）' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('button')).toHaveText(['评论与留言']);
  } finally {
    await request.put('/api/message/backDelete', { data: { idList: [message.id] }, headers });
    write('UPDATE "user" SET role = 2 WHERE id = ?', user.id);
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 用户 and its dialogs at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    const user = await createUser({ nick_name: unique('无障碍') });
    await signIn(page, admin());
    const row = await openUser(page, user);
    const bad = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await bad()).toEqual([]);
    await row.getByRole('button', { name: /^查看「/ }).click();
    await expect(page.getByText('TA 还没有发表评论')).toBeVisible();
    expect(await bad()).toEqual([]);
    await page.getByRole('button', { name: '关闭' }).click();
    await row.getByRole('button', { name: /^重置「/ }).click();
    await confirm(page, '重置密码', '重置密码');
    await expect(page.getByRole('dialog', { name: /的新密码$/ })).toBeVisible();
    expect(await bad()).toEqual([]);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
