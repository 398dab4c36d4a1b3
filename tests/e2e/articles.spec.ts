import { copiedMessage } from '../../src/islands/common/copy.ts';
import { admin, createUser, signIn } from './accounts.ts';
import { expect, expectToast, test } from './fixtures.ts';

/** The seeded article with the most code: TypeScript type narrowing (pinned first on /home). */
const CODE_ARTICLE = 'TypeScript 类型收窄的几种姿势';

async function articleIdByTitle(request: import('@playwright/test').APIRequestContext, title: string) {
  const res = await request.get('/api/article/blogHomeGetArticleList/1/50');
  const list = (await res.json()).result.list as { id: number; article_title: string }[];
  const found = list.find((a) => a.article_title === title);
  if (!found) throw new Error(`no seeded article ${title}`);
  return found.id;
}

test('open an article from /home: server-rendered body, table of contents, meta', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('link', { name: CODE_ARTICLE, exact: true }).first().click();
  await expect(page).toHaveURL(/\/article\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: CODE_ARTICLE })).toBeVisible();
  await expect(page.locator('.md-body .code-block').first()).toBeVisible();
  const toc = page.getByRole('navigation', { name: '目录', exact: true });
  await expect(toc).toBeVisible();
  // The TOC follows the scroll: after scrolling to a later heading, its entry is the active one.
  const last = toc.locator('a').last();
  const target = decodeURIComponent((await last.getAttribute('href')) ?? '').slice(1);
  await page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), target);
  await expect(last).toHaveAttribute('aria-current', 'location');
  await expect(page.getByRole('navigation', { name: '上一篇和下一篇' })).toBeVisible();
  await expect(page.locator('#comments')).toHaveCount(1);
});

test('switch code and preview themes: colours change without reload and the choice stays', async ({
  page,
  request,
}) => {
  const id = await articleIdByTitle(request, CODE_ARTICLE);
  await page.goto(`/article?id=${id}`);
  await page.evaluate(() => {
    (window as unknown as { __same: boolean }).__same = true;
  });
  const block = page.locator('.md-body .code-block').first();
  const h2 = page.locator('.md-body h2').first();
  const bg = () => block.evaluate((el) => getComputedStyle(el).backgroundColor);
  const h2Color = () => h2.evaluate((el) => getComputedStyle(el).color);
  const atomBg = await bg();
  const defaultH2 = await h2Color();
  await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'atom');

  const switcher = page.locator('[data-theme-switch]');
  await switcher.locator('summary').click();
  await switcher.locator('[data-code="github"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'github');
  await expect.poll(bg).not.toBe(atomBg);
  await switcher.getByRole('button', { name: 'mk-cute' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-preview-theme', 'mk-cute');
  await expect.poll(h2Color).not.toBe(defaultH2);
  await expect(switcher.getByRole('button', { name: 'mk-cute' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);

  // Kept across client-router navigation…
  await page.locator('.post-end .tags a').first().click();
  await expect(page).toHaveURL(/\/articleList\?/);
  await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'github');
  await page.goBack();
  await expect(page).toHaveURL(/\/article\?id=/);
  await expect(page.locator('html')).toHaveAttribute('data-preview-theme', 'mk-cute');
  await expect.poll(bg).not.toBe(atomBg);
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  // …and across a full reload (the static-data store in local storage).
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'github');
  await expect(page.locator('html')).toHaveAttribute('data-preview-theme', 'mk-cute');
  await page.locator('[data-theme-switch] summary').click();
  await expect(page.locator('[data-theme-switch] [data-code="github"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('copy a code block: the clipboard gets the code and the toast says so', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await articleIdByTitle(request, CODE_ARTICLE);
  await page.goto(`/article?id=${id}`);
  const block = page.locator('.md-body .code-block').first();
  const code = (await block.locator('pre code').textContent()) ?? '';
  expect(code.length).toBeGreaterThan(10);
  await block.getByRole('button', { name: '复制代码' }).click();
  await expectToast(page, copiedMessage(code));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
});

test('follow a tag from an article to /articleList', async ({ page, request }) => {
  const id = await articleIdByTitle(request, CODE_ARTICLE);
  await page.goto(`/article?id=${id}`);
  const tag = page.locator('.post-end .tags a').first();
  const name = ((await tag.textContent()) ?? '').trim();
  await tag.click();
  await expect(page).toHaveURL(/\/articleList\?id=\d+&type=tag&name=/);
  await expect(page.getByRole('heading', { level: 1, name: `标签：${name}` })).toBeVisible();
  const cards = page.locator('.article-card');
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.filter({ hasText: CODE_ARTICLE })).toHaveCount(1);
});

test('reading time is reported when the reader leaves', async ({ page, request }) => {
  const id = await articleIdByTitle(request, '用 Astro 重写博客的一些记录');
  const token = admin().token;
  const read = async () =>
    (
      await (
        await request.get(`/api/article/adminPreview/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).result.article.reading_duration as number;
  const before = await read();
  // The page's clock is the test's: the reader's two seconds pass without the test waiting them out.
  await page.clock.install();
  const viewed = page.waitForRequest((r) => r.url().includes(`/api/article/addView/${id}`));
  await page.goto(`/article?id=${id}`);
  // The view is counted as the reading clock starts (src/islands/article/article-page.ts).
  await viewed;
  await page.clock.fastForward(2200);
  const reported = page.waitForRequest((r) => r.url().includes(`/api/article/addReadingDuration/${id}/`));
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(Number((await reported).url().split('/').pop())).toBeGreaterThanOrEqual(2000);
  await expect.poll(read).toBeGreaterThan(before);
});

test('private and draft articles: 404 to visitors, shown to the admin in the browser', async ({
  page,
  request,
}) => {
  const hidden = await request.get('/api/article/adminPreview/1');
  expect(hidden.status()).toBe(401);
  const list = await request.post('/api/article/adminGetArticleList', {
    data: { status: 2, size: 5 },
    headers: { authorization: `Bearer ${admin().token}` },
  });
  const privateOne = (await list.json()).result.list[0] as { id: number; article_title: string };
  const res = await page.goto(`/article?id=${privateOne.id}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '文章不存在' })).toBeVisible();
  await expect(page.getByText(privateOne.article_title)).toHaveCount(0);

  const adminPage = await page.context().browser()?.newPage();
  if (!adminPage) throw new Error('no browser');
  await signIn(adminPage, admin());
  await adminPage.goto(`${process.env.E2E_URL}/article?id=${privateOne.id}`);
  await expect(
    adminPage.getByRole('heading', { name: new RegExp(`${privateOne.article_title}.*仅管理员可见`) }),
  ).toBeVisible();
  await adminPage.close();
});

test('feeds and head tags: rss, sitemap, robots, per-page title and Open Graph', async ({ request }) => {
  const list = (await (await request.get('/api/article/blogHomeGetArticleList/1/50')).json()).result;
  const publicIds = new Set<number>(list.list.map((a: { id: number }) => a.id));
  const hidden = await request.post('/api/article/adminGetArticleList', {
    data: { size: 50 },
    headers: { authorization: `Bearer ${admin().token}` },
  });
  const hiddenIds = ((await hidden.json()).result.list as { id: number; status: number }[])
    .filter((a) => a.status !== 1)
    .map((a) => a.id);
  expect(hiddenIds.length).toBeGreaterThan(0);

  const rss = await request.get('/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  const rssText = await rss.text();
  const items = [...rssText.matchAll(/<link>[^<]*\/article\?id=(\d+)<\/link>/g)].map((m) => Number(m[1]));
  expect(items.length).toBe(Math.min(20, publicIds.size));
  expect(items.every((id) => publicIds.has(id))).toBe(true);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const inMap = new Set([...sitemap.matchAll(/\/article\?id=(\d+)<\/loc>/g)].map((m) => Number(m[1])));
  expect(inMap).toEqual(publicIds);
  expect(sitemap).toContain('/home</loc>');
  for (const id of hiddenIds) expect(inMap.has(id)).toBe(false);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);

  const first = list.list[0] as { id: number; article_title: string };
  const html = await (await request.get(`/article?id=${first.id}`)).text();
  expect(html).toContain(`<title>${first.article_title} - `);
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="${first.article_title} - `));
  expect(html).toContain('property="article:published_time"');
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
});

test('like an article from its page: the count moves and the like is kept', async ({ page }) => {
  const user = await createUser({ nick_name: '点赞读者' });
  await signIn(page, user);
  await page.goto('/article?id=2');
  const like = page.locator('[data-article-like]');
  await like.scrollIntoViewIfNeeded();
  await expect(like).toBeEnabled();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = ((await like.textContent()) ?? '').trim();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).not.toHaveText(before);
  await page.reload();
  await page.locator('[data-article-like]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-article-like]')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-article-like]').click();
  await expect(page.locator('[data-article-like]')).toHaveAttribute('aria-pressed', 'false');
});

test('the newest and the oldest article never link to themselves as 下一篇 / 上一篇', async ({
  page,
  request,
}) => {
  const timeline = async (n: number) =>
    (await (await request.get(`/api/article/blogTimelineGetArticleList/${n}/50`)).json()).result as {
      total: number;
      list: { articleList: { id: number }[] }[];
    };
  const ids = (t: Awaited<ReturnType<typeof timeline>>) =>
    t.list.flatMap((y) => y.articleList.map((a) => a.id));
  const first = await timeline(1);
  const newest = ids(first)[0];
  const oldest = ids(await timeline(Math.ceil(first.total / 50))).at(-1) as number;
  // The API answers the current article at either end (the original's contract)…
  const recommend = async (id: number) =>
    (await (await request.get(`/api/article/getRecommendArticleById/${id}`)).json()).result;
  expect((await recommend(oldest)).previous.id).toBe(oldest);
  // …but the page shows no link to itself there (other tests may publish newer articles meanwhile:
  // the newest one's page then links to those, never to itself).
  const siblings = page.getByRole('navigation', { name: '上一篇和下一篇' });
  for (const id of [newest, oldest]) {
    await page.goto(`/article?id=${id}`);
    await expect(siblings.locator('a').first()).toBeVisible();
    await expect(siblings.locator(`a[href="/article?id=${id}"]`)).toHaveCount(0);
  }
  await expect(siblings.locator('a.prev')).toHaveCount(0);
});
