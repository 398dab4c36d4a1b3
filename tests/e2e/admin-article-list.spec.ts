import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { query, unique, write } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * The console's article list (docs/owner-guide.md): cover thumbnails, coloured status tags, the three
 * counts, the ⋯ menu, bulk actions, and cells that never stack one character per line at 1,366 px.
 */
const PREFIX = '列表页测试';
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });

test.afterEach(async ({ request }) => {
  const rows = query<{ id: number }>('SELECT id FROM article WHERE article_title LIKE ?', `${PREFIX}%`);
  for (const { id } of rows) {
    await request.delete(`/api/article/delete/${id}/1`, { headers: bearer() });
    await request.delete(`/api/article/delete/${id}/3`, { headers: bearer() });
  }
});

async function seed(page: Page, fields: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/article/add', {
    data: { article_content: '正文', status: 1, ...fields },
    headers: bearer(),
  });
  const body = await res.json();
  expect(body.code, body.message).toBe(0);
  return body.result.id;
}

/** The list filtered to this test's articles. */
async function openList(page: Page, stem: string) {
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  await page.getByLabel('标题关键字').fill(stem);
  await page.getByRole('button', { name: '搜索' }).click();
}

/**
 * Cells (outside 标题) whose text runs over more than one line, and the narrowest cell: a column squeezed
 * to one character per line shows as both.
 */
function wrappedCells(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('table');
    if (!table) return ['no table'];
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    const bad: string[] = [];
    for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
      const column =
        cell.tagName === 'TH' ? cell.textContent : headers[(cell as HTMLTableCellElement).cellIndex];
      if (column === '标题') continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if ((n.textContent ?? '').trim().length < 2) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) bad.push(`${column}: "${n.textContent}" on ${tops.size} lines`);
      }
    }
    const title = [...table.querySelectorAll('thead th')].find((th) => th.textContent === '标题');
    if (!title || title.getBoundingClientRect().width < 160) bad.push('标题 narrower than 160 px');
    return bad;
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`at 1366 px (${theme}): cover, status tags, counts; no cell wraps; ⋯ menu`, async ({ page }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, admin());
    const stem = unique(PREFIX);
    const tags = ['很长很长的标签一', '很长很长的标签二', '很长很长的标签三'];
    const covered = await seed(page, {
      article_title: `${stem}带封面`,
      article_cover: '/favicon.svg',
      category_name: '一个相当长的分类名称',
      tagNameList: tags,
    });
    await seed(page, { article_title: `${stem}私密`, status: 2 });
    await seed(page, { article_title: `${stem}加密`, password: 'e2e-密码' });
    await seed(page, {
      article_title: `${stem}定时`,
      publish_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    write(`UPDATE article SET view_times = 321, thumbs_up_times = 7 WHERE id = ?`, covered);
    const now = new Date().toISOString();
    for (let i = 0; i < 2; i++)
      write(
        `INSERT INTO comment (type, for_id, parent_id, from_id, to_id, content, thumbs_up, ip, ip_address,
          review_status, createdAt, updatedAt) VALUES (1, ?, NULL, 1, NULL, '评论', 0, '127.0.0.1', '', 'published', ?, ?)`,
        covered,
        now,
        now,
      );

    await openList(page, stem);
    const row = (t: string) => page.getByRole('row').filter({ hasText: `${stem}${t}` });
    await expect(row('')).toHaveCount(4);
    const first = row('带封面');
    await expect(first.locator('img')).toHaveAttribute('src', '/favicon.svg');
    await expect(first.locator('td[data-label="浏览"]')).toHaveText('321');
    await expect(first.locator('td[data-label="评论"]')).toHaveText('2');
    await expect(first.locator('td[data-label="点赞"]')).toHaveText('7');
    await expect(first.locator('td[data-label="状态"]')).toHaveText('公开');
    await expect(row('私密').locator('td[data-label="状态"]')).toHaveText('私密');
    await expect(row('加密').locator('td[data-label="状态"]')).toContainText('公开加密');
    await expect(row('定时').locator('td[data-label="状态"]')).toContainText(
      /定时 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
    );
    // Each tag has its own colour, and the theme's.
    const colours = await page
      .locator('td[data-label="状态"] span span')
      .evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).color))]);
    expect(colours.length).toBeGreaterThanOrEqual(4);

    await page.evaluate(() => document.fonts.ready);
    expect(await wrappedCells(page)).toEqual([]);
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The row's actions are one ⋯ button; its menu holds them.
    await first.getByRole('button', { name: `操作「${stem}带封面」` }).click();
    const menu = page.getByRole('menu');
    for (const item of ['编辑', '在网站上查看', '隐藏', '置顶', '移到回收站'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    await menu.getByRole('menuitem', { name: '隐藏' }).click();
    await expectToast(page, '隐藏文章成功');
    await expect(first.locator('td[data-label="状态"]')).toHaveText('私密');
  });
}

test('bulk: pick rows, 公开, 隐藏, 改分类 and 移到回收站', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, admin());
  const stem = unique(PREFIX);
  const category = unique('批量目标分类');
  const made = await page.request.post('/api/category/add', {
    data: { category_name: category },
    headers: bearer(),
  });
  expect((await made.json()).code).toBe(0);
  const ids = [
    await seed(page, { article_title: `${stem}甲`, status: 2 }),
    await seed(page, { article_title: `${stem}乙`, status: 2 }),
  ];
  await openList(page, stem);
  const rows = page.getByRole('row').filter({ hasText: stem });
  await expect(rows).toHaveCount(2);
  const bar = page.getByRole('group', { name: '批量操作' });
  await expect(bar.getByRole('button', { name: '公开' })).toBeDisabled();

  await bar.getByLabel('全选本页').check();
  await expect(bar).toContainText('已选 2 篇');
  await bar.getByRole('button', { name: '公开' }).click();
  await expectToast(page, '已公开 2 篇');
  await expect(rows.locator('td[data-label="状态"]')).toHaveText(['公开', '公开']);

  await page.getByRole('checkbox', { name: `选择「${stem}甲」` }).check();
  await bar.getByRole('button', { name: '隐藏' }).click();
  await expectToast(page, '已隐藏 1 篇');
  await expect(rows.filter({ hasText: '甲' }).locator('td[data-label="状态"]')).toHaveText('私密');

  // The categories load with the screen (a category made just now: the page above was opened after).
  await bar.getByLabel('全选本页').check();
  await bar.getByLabel('改到的分类').selectOption({ label: category });
  await bar.getByRole('button', { name: '改分类' }).click();
  await expectToast(page, '已改分类 2 篇');
  await expect(rows.locator('td[data-label="分类"]')).toHaveText([category, category]);

  await bar.getByLabel('全选本页').check();
  await bar.getByRole('button', { name: '移到回收站' }).click();
  await expectToast(page, '已移到回收站 2 篇');
  await expect(rows).toHaveCount(0);
  const binned = query<{ n: number }>(
    `SELECT count(*) AS n FROM article WHERE deleted_at IS NOT NULL AND id IN (${ids.join(',')})`,
  );
  expect(binned[0].n).toBe(2);
});

test('at 375 px: the list with its bulk bar fits the phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, admin());
  const stem = unique(PREFIX);
  await seed(page, { article_title: `${stem}手机`, tagNameList: ['很长很长的标签一', '很长很长的标签二'] });
  await openList(page, stem);
  await expect(page.getByRole('row').filter({ hasText: stem })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
