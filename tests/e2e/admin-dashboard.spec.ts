import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chinaDay } from '../../src/lib/page-views.ts';
import { admin, createUser, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { hydrated, postAs, query, unique, write } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { startServer, stopServer } from './server.ts';

/**
 * The dashboard (/admin): figures and charts of page views after a few visits, a friend link
 * approved from it, a comment deleted from it. Reading the dashboard writes the view counters first
 * (services/views/flush.ts), so the visits show without waiting for the minute's flush.
 */

const headers = () => ({ Authorization: `Bearer ${admin().token}` });

async function openDashboard(page: Page) {
  await page.goto('/admin');
  await consoleReady(page, '概览');
  await expect(page.getByText('加载中…')).toHaveCount(0);
  await expect(page.getByText('图表加载中…')).toHaveCount(0);
}

/** Today's page views as the views chart's summary says them (0 while the window has none). */
async function viewsToday(page: Page): Promise<number> {
  const summary = page.locator('[data-chart-summary="dash-views"]');
  const text = (await summary.textContent()) ?? '';
  const m = /今日 (\d+) 次浏览/.exec(text);
  if (m) return Number(m[1]);
  expect(text).toContain('还没有浏览记录');
  return 0;
}

test('page visits, a cached page twice among them, show in the views chart’s text alternative', async ({
  page,
  browser,
}) => {
  await signIn(page, admin());
  await openDashboard(page);
  const before = await viewsToday(page);

  const visitor = await browser.newContext({ baseURL: process.env.E2E_URL });
  try {
    const tab = await visitor.newPage();
    for (const path of ['/link/list', '/link/list', '/message/list']) {
      const res = await tab.goto(path);
      expect(res?.ok() || res?.status() === 304).toBe(true);
    }
    // A visit of /link/list answered by the page cache is counted all the same. Another spec's link
    // write may drop the cached page between two visits: visit until one is a hit (each one counts).
    await expect.poll(async () => (await tab.goto('/link/list'))?.headers()['x-page-cache']).toBe('hit');
  } finally {
    await visitor.close();
  }

  await openDashboard(page);
  // Other specs may visit pages meanwhile: at least these four views were added.
  expect(await viewsToday(page)).toBeGreaterThanOrEqual(before + 4);
  const card = Number((await page.locator('[data-count="viewsToday"]').textContent())?.replace(/,/g, ''));
  expect(card).toBeGreaterThanOrEqual(before + 4);
  // The chart is drawn (uPlot's canvas) beside its hidden table of every day.
  await expect(page.locator('figure[aria-labelledby="dash-views"] canvas').first()).toBeAttached();
  await expect(page.getByRole('table', { name: '浏览量与访客数（按天）' }).locator('tbody tr')).toHaveCount(
    30,
  );
});

test('a pending friend link approved from the dashboard is listed on /link/list', async ({
  page,
  request,
}) => {
  const applicant = await createUser({ nick_name: unique('申请人') });
  const name = unique('看板友链');
  const { id } = await postAs(request, applicant, '/api/links/add', {
    site_name: name,
    site_desc: '一个等待审核的小站',
    site_avatar: '',
    url: `https://${name.slice(-6)}.example`,
  });
  try {
    await signIn(page, admin());
    await openDashboard(page);
    await page.getByRole('button', { name: `通过友链：${name}` }).click();
    await expectToast(page, `已通过「${name}」`);
    await expect(page.getByRole('button', { name: `通过友链：${name}` })).toHaveCount(0);
    await page.goto('/link/list');
    await expect(page.getByText(name)).toBeVisible();
  } finally {
    await request.put('/api/links/delete', { data: { idList: [id] }, headers: headers() });
    // The application's notice to the admins (and the approval's to the applicant) go too.
    write('DELETE FROM notify WHERE message LIKE ?', `%${name}%`);
    write('DELETE FROM notify WHERE user_id = ?', applicant.id);
  }
});

test('a comment deleted from the dashboard is gone from its article', async ({ page, request }) => {
  const author = await createUser({ nick_name: unique('评论者') });
  const [{ id: articleId }] = query<{ id: number }>(
    'SELECT id FROM article WHERE status = 1 ORDER BY id LIMIT 1',
  );
  const text = unique('看板要删除的评论 ');
  await postAs(request, author, '/api/comment/add', { type: 1, for_id: articleId, content: text });
  try {
    await signIn(page, admin());
    await openDashboard(page);
    const row = page.locator('li', { hasText: text });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `删除${author.nick_name}的评论` }).click();
    const dialog = page.getByRole('alertdialog', { name: '删除评论' });
    await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(page.locator('li', { hasText: text })).toHaveCount(0);

    await page.goto(`/article?id=${articleId}`);
    const comments = page.locator(`[data-comments="1-${articleId}"]`);
    await comments.scrollIntoViewIfNeeded();
    await hydrated(page, `[data-comments="1-${articleId}"]`);
    await expect(comments.locator('[data-comment]').first()).toBeVisible();
    await expect(comments.getByText(text)).toHaveCount(0);
  } finally {
    write('DELETE FROM comment WHERE content = ?', text);
    write('DELETE FROM notify WHERE message LIKE ?', `%${author.nick_name}%`);
  }
});

test('after an upgrade of the renderer: how many articles wait, until the background job has rendered them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // 375 px in the dark theme (the figures' axe tests cover 1440 px and light without it).
  await page.setViewportSize({ width: 375, height: 800 });
  await useTheme(page, 'dark');
  const res = await request.post('/api/article/add', {
    data: { article_title: unique('重新渲染'), article_content: '## 升级前后\n\n正文', status: 3 },
    headers: headers(),
  });
  const { id } = (await res.json()).result as { id: number };
  const renderer = () =>
    query<{ renderer: string }>('SELECT renderer FROM article_render WHERE article_id = ?', id)[0]?.renderer;
  try {
    const current = renderer();
    expect(current).toBeTruthy();
    // As after an upgrade: the stored rendering is another renderer's, and its page shows it meanwhile.
    write("UPDATE article_render SET renderer = 'old' WHERE article_id = ?", id);
    await signIn(page, admin());
    await openDashboard(page);
    const banner = page.locator('[data-pending-renders]');
    await expect(banner).toContainText(/正文重新渲染中：还有 [\d,]+ 篇文章/);
    await expect(banner).toHaveAttribute(
      'title',
      '渲染器升级后，旧的排版照常显示，后台按从旧到新的顺序重新渲染',
    );
    const { violations } = await new AxeBuilder({ page }).include('[data-pending-renders]').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A read of the body tells the upkeep job, which renders it again in its background lane.
    const preview = await (
      await request.get(`/api/article/adminPreview/${id}`, { headers: headers() })
    ).json();
    expect(preview.code, preview.message).toBe(0);
    await expect.poll(renderer, { timeout: 60_000 }).toBe(current);
    await openDashboard(page);
    await expect(banner).toHaveCount(0);
  } finally {
    await request.delete(`/api/article/delete/${id}`, { headers: headers() });
  }
});

for (const [width, theme] of [
  [375, 'light'],
  [1440, 'dark'],
] as const) {
  test(`axe: 概览 at ${width} px (${theme}), nothing wider than the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await openDashboard(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('views counted in memory are written when the server stops (SIGTERM)', async () => {
  test.setTimeout(90_000);
  const server = await startServer();
  const ua =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  try {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/link/list`, { headers: { 'user-agent': ua } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    // Nothing was written while answering (the first minute's flush is still far off).
    const running = new DatabaseSync(path.join(server.dataDir, 'blog.db'), { readOnly: true });
    try {
      expect(running.prepare('SELECT count(*) AS n FROM view_day').get()).toEqual({ n: 0 });
    } finally {
      running.close();
    }
  } finally {
    expect((await stopServer(server, 'SIGTERM')).code).toBe(0);
  }
  const db = new DatabaseSync(path.join(server.dataDir, 'blog.db'), { readOnly: true });
  try {
    const row = db.prepare('SELECT views, uniques FROM view_day WHERE day = ?').get(chinaDay(Date.now()));
    expect(row).toEqual({ views: 3, uniques: 1 });
  } finally {
    db.close();
  }
});
