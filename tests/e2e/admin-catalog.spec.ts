import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { randomPng } from './png.ts';

/** Picks an option of one of the console's selects (radix Select). */
async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option }).click();
}

test('追番: an entry written in the console is on /bangumi; status and progress change in the list', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = unique('Console Anime ');
  const cn = unique('控制台番剧');
  await signIn(page, admin());
  await page.goto('/admin/bangumi');
  await consoleReady(page, '追番');
  await page.getByRole('button', { name: '添加番剧' }).click();
  const dialog = page.getByRole('dialog', { name: '添加番剧' });
  await dialog.getByLabel('番剧名称').fill(title);
  await dialog.getByLabel('中文名').fill(cn);
  await dialog.locator('[data-upload="封面"]').setInputFiles({
    name: 'poster.png',
    mimeType: 'image/png',
    buffer: randomPng(30, 42),
  });
  await expect(dialog.getByLabel('封面', { exact: true })).toHaveValue(/^\/uploads\//);
  await choose(page, '状态', '在看');
  await dialog.getByLabel('总集数').fill('12');
  await dialog.getByLabel('进度（集）').fill('13');
  await dialog.getByLabel('评分').fill('8.5');
  await dialog.getByLabel('简介').fill('在管理后台写下的追番记录。');
  await dialog.getByLabel('链接').fill('ftp://example.com');
  await dialog.getByRole('button', { name: '保存' }).click();
  // The rules are said under their fields.
  await expect(dialog.getByText('进度不能超过总集数 12')).toBeVisible();
  await expect(dialog.getByText('链接只能是 http(s) 地址')).toBeVisible();
  await dialog.getByLabel('进度（集）').fill('3');
  await dialog.getByLabel('链接').fill('https://example.com/anime');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '添加成功');
  await expect(dialog).toBeHidden();

  await page.goto('/bangumi?status=2');
  const card = page.locator('[data-bangumi-id]', { hasText: cn });
  await expect(card).toContainText('3 / 12');
  await expect(card).toContainText('★ 8.5');
  await expect(card).toContainText(title);
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  // Quick changes in the list: one more episode, then watched (all episodes).
  await page.goto('/admin/bangumi');
  await consoleReady(page, '追番');
  await page.getByRole('searchbox', { name: '按名称搜索番剧' }).fill(cn);
  const row = page.getByRole('row', { name: new RegExp(cn) });
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `${cn}进度加一集` }).click();
  await expect(row).toContainText('4 / 12');
  await choose(page, `${cn}的状态`, '看过');
  await expect(row).toContainText('12 / 12');
  await page.goto('/bangumi?status=3');
  await expect(page.locator('[data-bangumi-id]', { hasText: cn })).toContainText('12 / 12');

  // Edit, then delete (asked first).
  await page.goto('/admin/bangumi');
  await consoleReady(page, '追番');
  await page.getByRole('button', { name: `编辑${cn}` }).click();
  const edit = page.getByRole('dialog', { name: '编辑番剧' });
  await expect(edit.getByLabel('番剧名称')).toHaveValue(title);
  await edit.getByLabel('评分').fill('9');
  await edit.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '修改成功');
  await expect(page.getByRole('row', { name: new RegExp(cn) })).toContainText('★ 9.0');
  await page.getByRole('button', { name: `删除${cn}` }).click();
  await page.getByRole('alertdialog', { name: '删除番剧' }).getByRole('button', { name: '删除' }).click();
  await expectToast(page, '删除成功');
  expect(query('SELECT id FROM bangumi WHERE title_cn = ?', cn)).toHaveLength(0);
  await page.goto('/bangumi?status=3');
  await expect(page.locator('[data-bangumi-id]', { hasText: cn })).toHaveCount(0);
});

test('资源与网站: a resource in a new category is on /resources/front, reordered there; a site is on /siteList', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const category = unique('新分类');
  const first = unique('资源甲');
  const second = unique('资源乙');
  await signIn(page, admin());
  await page.goto('/admin/resources');
  await consoleReady(page, '资源与网站');

  // A new category typed freely, then the second resource picks it from the suggestions' list.
  for (const name of [first, second]) {
    await page.getByRole('button', { name: '添加资源' }).click();
    const dialog = page.getByRole('dialog', { name: '添加资源' });
    await dialog.getByLabel('分类').fill(category);
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByLabel('描述').fill(`${name}的介绍`);
    await dialog.getByLabel('链接').fill(`https://example.com/${encodeURIComponent(name)}`);
    await dialog.getByRole('button', { name: '保存' }).click();
    // The second toast joins the first (添加成功 ×2).
    await expectToast(page, '添加成功');
    await expect(dialog).toBeHidden();
  }
  await page.goto('/resources/front');
  const group = page.locator('section.group', { has: page.getByRole('heading', { name: category }) });
  await expect(group.locator('strong')).toHaveText([first, second]);

  // Reorder within the category: the second moves up.
  await page.goto('/admin/resources');
  await consoleReady(page, '资源与网站');
  await choose(page, '按分类筛选', `${category}（2）`);
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: `上移${second}` }).click();
  await expectToast(page, '排序已保存');
  await expect(page.getByRole('row').nth(1)).toContainText(second);
  await page.goto('/resources/front');
  await expect(group.locator('strong')).toHaveText([second, first]);

  // The site list, in its own tab.
  const site = unique('网站');
  await page.goto('/admin/resources');
  await consoleReady(page, '资源与网站');
  await page.getByRole('tab', { name: '网站列表' }).click();
  await page.getByRole('button', { name: '添加网站' }).click();
  const dialog = page.getByRole('dialog', { name: '添加网站' });
  await dialog.getByLabel('分类').fill(category);
  await dialog.getByLabel('名称').fill(site);
  await dialog.getByLabel('链接').fill('https://example.org/');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '添加成功');
  await page.goto('/siteList');
  await expect(page.locator('section.group', { hasText: category })).toContainText(site);

  // Delete them all again (each asked first), the category picked in each tab.
  await page.goto('/admin/resources');
  await consoleReady(page, '资源与网站');
  for (const [tab, names] of [
    ['前端资源', [first, second]],
    ['网站列表', [site]],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await choose(page, '按分类筛选', `${category}（${names.length}）`);
    for (const name of names) {
      await page.getByRole('button', { name: `删除${name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
      // The dialog closes once the call has answered (the page behind it is hidden from the tree till then).
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await expect(page.getByRole('button', { name: `删除${name}` })).toHaveCount(0);
    }
  }
  expect(query('SELECT id FROM resource WHERE category = ?', category)).toHaveLength(0);
  expect(query('SELECT id FROM site WHERE category = ?', category)).toHaveLength(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`追番 and 资源与网站 (${theme}): no serious axe violations at 1440 and 375 px`, async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, admin());
    await useTheme(page, theme);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [route, title] of [
        ['/admin/bangumi', '追番'],
        ['/admin/resources', '资源与网站'],
      ]) {
        await page.goto(route);
        await consoleReady(page, title);
        await expect(page.getByText('加载中…')).toHaveCount(0);
        await expect(page.getByRole('row')).not.toHaveCount(1);
        expect((await seriousViolations(page)).map((v) => `${route} ${v}`)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  });
}
