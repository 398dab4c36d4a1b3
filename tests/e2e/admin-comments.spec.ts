import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { hydrated, postAs, query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/** The comments of the demo article 2, hydrated. */
async function articleComments(page: Page) {
  await page.goto('/article?id=2');
  const box = page.locator('[data-comments="1-2"]');
  await box.scrollIntoViewIfNeeded();
  await hydrated(page, '[data-comments="1-2"]');
  return box;
}

/** Removes for good what a test made and is still there (whatever the test reached). */
async function cleanUp(request: APIRequestContext, comments: number[], messages: number[]) {
  const headers = { Authorization: `Bearer ${admin().token}` };
  for (const id of comments)
    if (query('SELECT id FROM comment WHERE id = ?', id).length)
      await request.delete(`/api/comment/backDelete/${id}/0`, { headers });
  const left = messages.filter((id) => query('SELECT id FROM message WHERE id = ?', id).length);
  if (left.length) await request.put('/api/message/backDelete', { data: { idList: left }, headers });
}

test('a user’s comment is found by its author, bulk-deleted with their message, and gone from the article', async ({
  page,
  request,
}) => {
  const user = await createUser({ nick_name: unique('评论者') });
  const text = unique('要删除的评论');
  const comments: number[] = [];
  const messages: number[] = [];
  try {
    comments.push(
      (await postAs(request, user, '/api/comment/add', { type: 1, for_id: 2, content: text })).id,
    );
    messages.push(
      (await postAs(request, user, '/api/message/add', { message: unique('要删除的留言'), tag: '' })).id,
    );
    const box = await articleComments(page);
    await expect(box.getByText(text)).toBeVisible();

    await signIn(page, admin());
    await page.goto('/admin/comments');
    await consoleReady(page, '评论与留言');
    await page.getByRole('searchbox', { name: '按作者筛选' }).fill(user.nick_name);
    const rows = page.getByRole('row').filter({ hasText: user.nick_name });
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: text });
    // The thing commented on opens in a new tab.
    await expect(row.getByRole('link', { name: /文章评论/ })).toHaveAttribute('href', '/article?id=2');
    await expect(row.getByRole('link', { name: /文章评论/ })).toHaveAttribute('target', '_blank');
    // The author's name: their history only.
    await row.getByRole('button', { name: `只看${user.nick_name}的评论与留言` }).click();
    await expect(page.getByText(`只看 ${user.nick_name}`)).toBeVisible();
    await expect(rows).toHaveCount(2);

    await page.getByRole('checkbox', { name: '全选本页' }).check();
    await expect(page.getByText('已选 2 条')).toBeVisible();
    await page.getByRole('button', { name: '删除所选' }).click();
    const dialog = page.getByRole('alertdialog', { name: '删除评论与留言' });
    await expect(dialog).toContainText('删除所选的 2 条');
    await dialog.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '已删除 2 条');
    await expect(page.getByText('没有相符的评论或留言')).toBeVisible();

    // The visitor side: the comment is gone from its article.
    const after = await articleComments(page);
    await page.waitForLoadState('networkidle');
    await expect(after.getByText(text)).toHaveCount(0);
    expect(query('SELECT id FROM comment WHERE content = ?', text)).toEqual([]);
  } finally {
    await cleanUp(request, comments, messages);
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 评论与留言 at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await page.goto('/admin/comments');
    await consoleReady(page, '评论与留言');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    const bad = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await bad()).toEqual([]);
    await page.getByRole('button', { name: /^删除/ }).nth(1).click();
    await expect(page.getByRole('alertdialog', { name: '删除评论与留言' })).toBeVisible();
    expect(await bad()).toEqual([]);
    await page.getByRole('button', { name: '取消' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
