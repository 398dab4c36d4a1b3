import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { postAs, query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/** 审计日志 (/admin/audit): the console's writes are listed with who, what and which thing, and filtered. */

/** Picks an option of one of the toolbar's selects (radix Select). */
async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a tag renamed and a 说说 deleted in the console are listed with who, what and which thing, filterable', async ({
  page,
  request,
}) => {
  const oldName = unique('审计标签');
  const newName = unique('改名标签');
  const content = unique('审计说说 ');
  const headers = { Authorization: `Bearer ${admin().token}` };
  let talkId = 0;
  try {
    await postAs(request, admin(), '/api/tag/add', { tag_name: oldName });
    talkId = ((await postAs(request, admin(), '/api/talk/publishTalk', { content })) as { id: number }).id;
    await signIn(page, admin());

    // Rename the tag inline in 分类与标签.
    await page.goto('/admin/terms#tag');
    await consoleReady(page, '分类与标签');
    await page.getByRole('searchbox', { name: '搜索标签' }).fill(oldName);
    await page.getByRole('button', { name: `重命名标签「${oldName}」` }).click();
    const input = page.getByRole('textbox', { name: `「${oldName}」的新名称` });
    await input.fill(newName);
    await input.press('Enter');
    await expectToast(page, '修改成功');

    // Delete the talk (to the bin) in 说说.
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    const talkRow = page.getByRole('row').filter({ hasText: content });
    await talkRow.getByRole('button', { name: /^删除说说/ }).click();
    await expectToast(page, '已移到回收站');

    // Both are in the log, newest first, with the admin's name, the thing and its name.
    await page.goto('/admin/audit');
    await consoleReady(page, '审计日志');
    const nick = query<{ nick_name: string }>('SELECT nick_name FROM user WHERE id = ?', admin().id)[0]
      .nick_name;
    const renamed = page.getByRole('row').filter({ hasText: newName }).filter({ hasText: '修改标签' });
    await expect(renamed).toContainText(nick);
    await expect(renamed).toContainText(`${oldName} → ${newName}`);
    await expect(renamed).toContainText('PUT /api/tag/update');
    const deleted = page.getByRole('row').filter({ hasText: content.trim() }).filter({ hasText: '删除说说' });
    await expect(deleted).toContainText(`说说 #${talkId}`);

    // Filters: by action, then by text; by kind of thing; a day long ago has nothing.
    await page.getByRole('combobox', { name: '按操作筛选' }).fill('修改标签');
    await expect(deleted).toHaveCount(0);
    await expect(renamed).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索审计日志' }).fill(newName);
    await expect(page.getByRole('row')).toHaveCount(2); // the header and the one rename
    await page.getByRole('combobox', { name: '按操作筛选' }).fill('');
    await page.getByRole('searchbox', { name: '搜索审计日志' }).fill('');
    await pick(page, '按对象类型筛选', '说说');
    await expect(deleted).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await page.getByLabel('开始日期').fill('2001-01-01');
    await page.getByLabel('结束日期').fill('2001-01-02');
    await expect(page.getByText('没有相符的记录')).toBeVisible();
  } finally {
    const tags = query<{ id: number }>('SELECT id FROM tag WHERE tag_name IN (?, ?)', oldName, newName);
    if (tags.length)
      await request.post('/api/tag/delete', { data: { tagIdList: tags.map((t) => t.id) }, headers });
    if (talkId) await request.delete(`/api/talk/deleteTalkById/${talkId}`, { headers });
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 审计日志 and 备份 at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    const bad = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await page.goto('/admin/audit');
    await consoleReady(page, '审计日志');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    expect(await bad()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto('/admin/backups');
    await consoleReady(page, '备份');
    await expect(page.getByText('数据库', { exact: true })).toBeVisible();
    expect(await bad()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('备份: the download is a SQLite database with a dated name, and the sizes are shown', async ({
  page,
}) => {
  await signIn(page, admin());
  await page.goto('/admin/backups');
  await consoleReady(page, '备份');
  for (const label of ['数据库', '上传文件', '音乐', '合计'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  // What the file holds and what it does not (no signing key; the pictures are files).
  for (const term of ['备份包含', '备份不含', '恢复之后'])
    await expect(page.getByText(term, { exact: true })).toBeVisible();
  await expect(page.getByText(/^签名密钥等机密/)).toBeVisible();
  await expect(page.getByText(/生成新的签名密钥，所有人（包括管理员）都要重新登录/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载数据库备份' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^blog-backup-\d{8}-\d{6}\.db$/);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  await expectToast(page, /^备份已下载：blog-backup-/);
});
