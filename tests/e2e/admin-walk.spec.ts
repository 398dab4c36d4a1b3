import type { Page } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { hydrated, query, unique, write } from './community.ts';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';

/**
 * The console's walk, as it happens on a live blog: a reader comments, another applies for a friend link;
 * the blogger sees both on the dashboard, deletes the comment, approves the link and disables the first
 * reader, and the audit log lists the three. The dashboard's views chart counts the visits of the day.
 */

async function openDashboard(page: Page) {
  await page.goto('/admin');
  await consoleReady(page, '概览');
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

test('comment and friend link → the dashboard deletes and approves → the commenter disabled → all three in the audit log', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = process.env.E2E_URL;
  const commenter = await createUser({ nick_name: unique('读者') });
  const applicant = await createUser({ nick_name: unique('站长') });
  const text = unique('这条评论会被博主删除 ');
  const site = unique('邻居小站');
  const url = `https://${Date.now().toString(36)}.example/`;
  const [{ id: articleId }] = query<{ id: number }>(
    'SELECT id FROM article WHERE status = 1 ORDER BY id LIMIT 1',
  );
  const readerCtx = await browser.newContext({ baseURL });
  const applicantCtx = await browser.newContext({ baseURL });
  await recordToasts(readerCtx);
  await recordToasts(applicantCtx);
  try {
    // A reader comments on an article (and keeps the tab open).
    const reader = await readerCtx.newPage();
    await signIn(reader, commenter);
    await reader.goto(`/article?id=${articleId}`);
    const box = reader.locator(`[data-comments="1-${articleId}"]`);
    await box.scrollIntoViewIfNeeded();
    await hydrated(reader, `[data-comments="1-${articleId}"]`);
    await box.getByPlaceholder('说点什么吧～').fill(text);
    await box.getByRole('button', { name: '发表评论' }).click();
    await expect(box.locator('[data-comment]', { hasText: text })).toBeVisible();

    // Another applies for a friend link through the form.
    const other = await applicantCtx.newPage();
    await signIn(other, applicant);
    await other.goto('/link/list');
    await hydrated(other, '[aria-expanded]');
    await other.getByRole('button', { name: '申请友链' }).click();
    await other.getByLabel('网站名称').fill(site);
    await other.getByLabel('网站地址').fill(url);
    await other.getByRole('button', { name: '提交申请' }).click();
    await expectToast(other, '申请成功，等待博主审核');

    // The blogger's dashboard: both are there; the day's views include these visits.
    await signIn(page, admin());
    await openDashboard(page);
    await expect(page.locator('[data-chart-summary="dash-views"]')).toContainText(/今日 [1-9]\d* 次浏览/);
    const comment = page.locator('li', { hasText: text });
    await expect(comment).toBeVisible();
    await expect(page.getByRole('button', { name: `通过友链：${site}` })).toBeVisible();

    // Delete the comment: gone from the article.
    await comment.getByRole('button', { name: `删除${commenter.nick_name}的评论` }).click();
    await page.getByRole('alertdialog', { name: '删除评论' }).getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(page.locator('li', { hasText: text })).toHaveCount(0);

    // Approve the link: listed on /link/list, and the applicant is told.
    await page.getByRole('button', { name: `通过友链：${site}` }).click();
    await expectToast(page, `已通过「${site}」`);
    const visitor = await browser.newPage();
    await visitor.goto(`/article?id=${articleId}`);
    const comments = visitor.locator(`[data-comments="1-${articleId}"]`);
    await comments.scrollIntoViewIfNeeded();
    await hydrated(visitor, `[data-comments="1-${articleId}"]`);
    await expect(comments.locator('[data-comment]').first()).toBeVisible();
    await expect(comments.getByText(text)).toHaveCount(0);
    await visitor.goto('/link/list');
    await expect(visitor.locator('a[data-link-id]').filter({ hasText: site })).toHaveCount(1);
    await visitor.close();
    expect(
      query('SELECT id FROM notify WHERE user_id = ? AND message LIKE ?', applicant.id, `%${site}%`),
    ).not.toEqual([]);

    // Disable the commenter: their open tab's next action is refused, and they cannot log in.
    await page.goto('/admin/users');
    await consoleReady(page, '用户');
    await page.getByRole('searchbox', { name: '按用户名搜索用户' }).fill(commenter.username);
    const row = page.getByRole('row').filter({ hasText: `@${commenter.username}` });
    await row.getByRole('button', { name: `停用「${commenter.nick_name}」` }).click();
    await page.getByRole('alertdialog', { name: '停用账号' }).getByRole('button', { name: '停用' }).click();
    await expect(row).toContainText('已停用');
    await box.getByPlaceholder('说点什么吧～').fill('停用之后的评论');
    await box.getByRole('button', { name: '发表评论' }).click();
    await expectToast(reader, '该账号已被停用', '错误提示');
    const dialog = reader.locator('[data-login-dialog]');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('用户账号').fill(commenter.username);
    await dialog.getByLabel('密码', { exact: true }).fill(commenter.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await expectToast(reader, '该账号已被停用', '错误提示');
    expect(query('SELECT id FROM comment WHERE content = ?', '停用之后的评论')).toEqual([]);

    // The audit log lists the three, with the things' names.
    await page.goto('/admin/audit');
    await consoleReady(page, '审计日志');
    await expect(
      page.getByRole('row').filter({ hasText: '删除评论' }).filter({ hasText: text.trim() }),
    ).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: '通过友链' }).filter({ hasText: site })).toHaveCount(
      1,
    );
    await expect(
      page.getByRole('row').filter({ hasText: '停用账号' }).filter({ hasText: commenter.nick_name }),
    ).toHaveCount(1);
  } finally {
    await readerCtx.close();
    await applicantCtx.close();
    const headers = { Authorization: `Bearer ${admin().token}` };
    const links = query<{ id: number }>('SELECT id FROM link WHERE url = ?', url).map((l) => l.id);
    if (links.length) await request.put('/api/links/delete', { data: { idList: links }, headers });
    write('DELETE FROM comment WHERE content = ?', text);
    write(
      'DELETE FROM notify WHERE user_id IN (?, ?) OR message LIKE ? OR message LIKE ?',
      commenter.id,
      applicant.id,
      `%${site}%`,
      `%${commenter.nick_name}%`,
    );
  }
});
