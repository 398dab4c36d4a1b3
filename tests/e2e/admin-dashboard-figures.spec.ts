import type { Page } from '@playwright/test';
import { chinaDay } from '../../src/lib/page-views.ts';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { query, unique, write } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * The dashboard agrees with itself (docs/owner-guide.md#总览): each view figure says what it counts,
 * the charts' legends show the latest day until hovered, and 最常读的文章's bars are scaled to the
 * largest of them.
 */
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });

async function openDashboard(page: Page) {
  await page.goto('/admin');
  await consoleReady(page, '概览');
  await expect(page.getByText('加载中…')).toHaveCount(0);
  await expect(page.getByText('图表加载中…')).toHaveCount(0);
}

for (const [width, theme] of [
  [1366, 'light'],
  [375, 'dark'],
] as const) {
  test(`at ${width} px (${theme}): 今日浏览, 累计浏览 and 网站访问 each say what they count`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, admin());
    await openDashboard(page);
    for (const [key, words] of [
      ['viewsToday', '每打开一页算一次'],
      ['viewsTotal', '每打开一页算一次'],
      ['visits', '一天只算一次'],
    ]) {
      const card = page.locator(`[data-count="${key}"]`).locator('..');
      await expect(card.locator(`[data-definition="${key}"]`)).toContainText(words);
      await expect(card.locator('[data-definition]')).toHaveCount(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page, 'section[aria-label="数据总览"]')).toEqual([]);
  });
}

test('the legends show the latest day until hovered, and again after', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A view today, so the views chart is drawn (an empty window shows a sentence instead).
  const visitor = await browser.newContext({ baseURL: process.env.E2E_URL });
  await (await visitor.newPage()).goto('/message/list');
  await visitor.close();
  await signIn(page, admin());
  await openDashboard(page);
  const today = chinaDay(Date.now());
  const legend = page.locator('figure[aria-labelledby="dash-views"] .u-legend');
  await expect(legend).toContainText(today);
  await expect(legend).not.toContainText('—');
  await expect(page.locator('figure[aria-labelledby="dash-community"] .u-legend')).not.toContainText('—');

  const over = page.locator('figure[aria-labelledby="dash-views"] .u-over');
  const box = await over.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  await page.mouse.move(box.x + 3, box.y + box.height / 2);
  await expect(legend).not.toContainText(today);
  await page.mouse.move(box.x + box.width / 2, box.y - 80);
  await expect(legend).toContainText(today);
});

test('最常读的文章: bars are as long as the views, the most-read one full', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, admin());
  const titles = [unique('最常读甲'), unique('最常读乙')];
  const ids: number[] = [];
  for (const title of titles) {
    const res = await page.request.post('/api/article/add', {
      data: { article_title: title, article_content: '正文', status: 1 },
      headers: bearer(),
    });
    ids.push((await res.json()).result.id);
  }
  try {
    // Far more than any other spec's visits: these two lead the ranking, 3 to 1.
    const day = chinaDay(Date.now());
    write('INSERT INTO article_view_day (day, article_id, views) VALUES (?, ?, 300000)', day, ids[0]);
    write('INSERT INTO article_view_day (day, article_id, views) VALUES (?, ?, 100000)', day, ids[1]);
    await openDashboard(page);
    const ranking = page.getByRole('region', { name: /最常读的文章/ }).locator('ol > li');
    await expect(ranking.first()).toContainText(titles[0]);
    const barWidth = (title: string) =>
      ranking.filter({ hasText: title }).evaluate((li) => {
        const bar = li.querySelector('[aria-hidden]') as HTMLElement;
        return bar.getBoundingClientRect().width / li.getBoundingClientRect().width;
      });
    expect(await barWidth(titles[0])).toBeCloseTo(1, 2);
    expect(await barWidth(titles[1])).toBeCloseTo(1 / 3, 2);
  } finally {
    write(`DELETE FROM article_view_day WHERE article_id IN (${ids.join(',')})`);
    for (const id of ids) {
      await page.request.delete(`/api/article/delete/${id}/1`, { headers: bearer() });
      await page.request.delete(`/api/article/delete/${id}/3`, { headers: bearer() });
    }
    expect(query(`SELECT id FROM article WHERE id IN (${ids.join(',')})`)).toEqual([]);
  }
});
