import { expect, test } from './fixtures.ts';
import { BUDGET, inlineScriptBytes, scriptBytes, total } from './script-bytes.ts';

/**
 * Issue 22 goal 3 on every content route: a guest who only reads (a first load, scrolled to the
 * bottom, no press, focus or key) downloads ≤ 20 KB gzip of JavaScript, the script files and the
 * scripts inline in the HTML (theme bootstrap, island loader, client directives) together.
 */
const CONTENT = [
  '/home',
  '/article?id=3',
  '/archives',
  '/category',
  '/tag',
  '/articleList?id=1&type=category',
  '/articleList?id=1&type=tag',
  '/talk',
  '/photoAlbum',
  '/photos?id=1',
  '/bangumi',
  '/link/list',
  '/resources/front',
  '/resources/back',
  '/siteList',
  '/message/list',
  '/message/detail?id=1',
];

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

for (const route of CONTENT)
  test(`a reader who only reads ${route} downloads ≤ 20 KB of JavaScript, inline scripts counted`, async ({
    page,
  }) => {
    const bytes = scriptBytes(page);
    await page.goto(route);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    // Idle work (the chat connection, the welcome) has had its turn: nothing more is on its way.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 2000 })));
    await page.waitForLoadState('networkidle');
    const inline = await inlineScriptBytes(page);
    const files = total(bytes);
    expect(files + inline, JSON.stringify({ inline, files: [...bytes] })).toBeLessThanOrEqual(BUDGET);
  });
