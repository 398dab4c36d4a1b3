import { admin } from './accounts.ts';
import { postAs } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * The footer's 运行时间 (ticking), the RSS feed's link, and the ICP filing number
 * from the site settings (`icp_number`), hidden when empty.
 */

test('the footer shows how long the site has run, ticking, and links the RSS feed', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  const footer = page.locator('[data-footer]');
  const uptime = footer.locator('[data-footer-uptime]');
  await expect(uptime).toContainText(/本站已运行 \d+ 天 \d+ 小时 \d+ 分 \d+ 秒/);
  // The demo site started 230 days back (site.yaml): the counter starts from config.createdAt.
  await expect(uptime).toContainText(/已运行 23\d 天/);
  const first = await uptime.textContent();
  await expect(uptime).not.toHaveText(first ?? '');

  const rss = footer.getByRole('link', { name: 'RSS 订阅' });
  await expect(rss).toHaveAttribute('href', '/rss.xml');
  const feed = await request.get('/rss.xml');
  expect(feed.ok()).toBe(true);
  expect(feed.headers()['content-type']).toContain('xml');
});

test('the ICP number comes from the settings, and an empty one is hidden', async ({ page, request }) => {
  const owner = admin();
  const icp = '浙ICP备20260031号-1';
  await postAs(request, owner, '/api/config/update', { icp_number: icp });
  try {
    for (const path of ['/home', '/message']) {
      await page.goto(path);
      const link = page.locator('[data-footer]').getByRole('link', { name: icp });
      await expect(link).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    }
  } finally {
    await postAs(request, owner, '/api/config/update', { icp_number: '' });
  }
  await page.goto('/home');
  const footer = page.locator('[data-footer]');
  await expect(footer).toBeVisible();
  await expect(footer).not.toContainText('ICP');
});
