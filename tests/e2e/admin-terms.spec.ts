import type { APIRequestContext } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { postAs, query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/** A public article of the admin's with these terms (through the API: the editor is another screen). */
const article = (request: APIRequestContext, title: string, terms: object) =>
  postAs(request, admin(), '/api/article/add', {
    article_title: title,
    article_content: `${title} 的正文`,
    status: 1,
    ...terms,
  }) as Promise<{ id: number }>;

/** Removes the articles for good and the terms left behind (whatever the test reached). */
async function cleanUp(
  request: APIRequestContext,
  articles: number[],
  kind: 'category' | 'tag',
  names: string[],
) {
  const headers = { Authorization: `Bearer ${admin().token}` };
  for (const id of articles) await request.delete(`/api/article/delete/${id}`, { headers });
  const column = kind === 'category' ? 'category_name' : 'tag_name';
  const ids = names
    .flatMap((n) => query<{ id: number }>(`SELECT id FROM ${kind} WHERE ${column} = ?`, n))
    .map((r) => r.id);
  if (ids.length)
    await request.post(`/api/${kind}/delete`, {
      data: { [kind === 'category' ? 'categoryIdList' : 'tagIdList']: ids },
      headers,
    });
}

test('a new blogger merges two tags in the console, and /tag shows one tag with both articles', async ({
  page,
  request,
}) => {
  const from = unique('旧标签');
  const to = unique('新标签');
  const made: number[] = [];
  try {
    made.push((await article(request, unique('合并甲'), { tagNameList: [from] })).id);
    made.push((await article(request, unique('合并乙'), { tagNameList: [to] })).id);
    await page.goto('/tag');
    await expect(page.getByRole('link', { name: new RegExp(`^${from}`) }).first()).toBeVisible();

    await signIn(page, admin());
    await page.goto('/admin/terms');
    await consoleReady(page, '分类与标签');
    await page.getByRole('tab', { name: '标签' }).click();
    await expect(page).toHaveURL(/#tag$/);
    await page.getByRole('searchbox', { name: '搜索标签' }).fill(from);
    const row = page.getByRole('row').filter({ hasText: from });
    await expect(row).toContainText('1 篇');

    await row.getByRole('button', { name: `合并标签「${from}」` }).click();
    const dialog = page.getByRole('dialog', { name: '合并标签' });
    await expect(dialog).toContainText(`「${from}」的 1 篇文章将移到所选标签`);
    // The picker is searched: other specs leave many tags behind, as a real blog has.
    const filter = dialog.getByRole('searchbox', { name: '筛选标签' });
    await filter.fill('没有这个标签');
    await expect(dialog.getByText('没有名称含「没有这个标签」的标签')).toBeVisible();
    await filter.fill(to);
    await dialog.getByRole('radio', { name: new RegExp(`^${to}`) }).check();
    await dialog.getByRole('button', { name: '合并' }).click();
    await expectToast(page, '合并成功，1 篇文章已移过去');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`没有名称含「${from}」的标签`)).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索标签' }).fill(to);
    await expect(page.getByRole('row').filter({ hasText: to })).toContainText('2 篇');

    // The visitor side: one tag, both articles (the merge cleared the page cache).
    await page.goto('/tag');
    await expect(page.getByRole('link', { name: new RegExp(`^${from}`) })).toHaveCount(0);
    const cloud = page.locator('.cloud a').filter({ hasText: to });
    await expect(cloud).toHaveAttribute('title', '2 篇文章');
  } finally {
    await cleanUp(request, made, 'tag', [from, to]);
  }
});

test('categories: create, rename inline, a delete refused while used (the server says why), then moved and deleted', async ({
  page,
  request,
}) => {
  const first = unique('分类甲');
  const renamed = unique('分类乙');
  const used = unique('分类丙');
  const made: number[] = [];
  try {
    made.push((await article(request, unique('分类文'), { category_name: used })).id);
    await signIn(page, admin());
    await page.goto('/admin/terms');
    await consoleReady(page, '分类与标签');
    await expect(page.getByRole('tab', { name: '分类', selected: true })).toBeVisible();

    // Create: the rule is said inline, then the new category is listed.
    const create = page.getByRole('form', { name: '新建分类' });
    await create.getByRole('button', { name: '新建分类' }).click();
    await expect(create.getByRole('alert')).toHaveText('请填写分类名称');
    await create.getByRole('textbox', { name: '新分类名称' }).fill(first);
    await create.getByRole('button', { name: '新建分类' }).click();
    await expectToast(page, '新增成功');
    const search = page.getByRole('searchbox', { name: '搜索分类' });
    await search.fill(first);
    await expect(page.getByRole('row').filter({ hasText: first })).toContainText('0 篇');

    // Rename inline: Escape gives up, Enter saves.
    await page.getByRole('button', { name: `重命名分类「${first}」` }).click();
    const input = page.getByRole('textbox', { name: `「${first}」的新名称` });
    await expect(input).toBeFocused();
    await input.fill('不要的名字');
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(page.getByRole('button', { name: `重命名分类「${first}」` })).toBeFocused();
    await page.getByRole('button', { name: `重命名分类「${first}」` }).click();
    await input.fill(renamed);
    await input.press('Enter');
    await expectToast(page, '修改成功');
    await search.fill(renamed);
    await expect(page.getByRole('row').filter({ hasText: renamed })).toContainText('0 篇');

    // Delete a category in use without moving: the server's refusal, in the dialog.
    await search.fill(used);
    await page.getByRole('button', { name: `删除分类「${used}」` }).click();
    const dialog = page.getByRole('dialog', { name: '删除分类' });
    await expect(dialog).toContainText(`「${used}」下还有 1 篇文章`);
    await dialog.getByRole('button', { name: '删除' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('该分类下还有文章，请先修改这些文章的分类');
    // Move its article to the renamed one first: then it goes.
    await dialog.getByRole('searchbox', { name: '筛选分类' }).fill(renamed);
    await expect(dialog.getByRole('radio', { name: /^不移动/ })).toBeChecked();
    await dialog.getByRole('radio', { name: new RegExp(`^${renamed}`) }).check();
    await dialog.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(dialog).toBeHidden();
    await search.fill(renamed);
    await expect(page.getByRole('row').filter({ hasText: renamed })).toContainText('1 篇');
    expect(query('SELECT id FROM category WHERE category_name = ?', used)).toEqual([]);
  } finally {
    await cleanUp(request, made, 'category', [first, renamed, used]);
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 分类与标签 and its dialogs at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await page.goto('/admin/terms#tag');
    await consoleReady(page, '分类与标签');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('button', { name: /^合并标签「/ })
      .first()
      .click();
    await expect(page.getByRole('group', { name: '合并到' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
