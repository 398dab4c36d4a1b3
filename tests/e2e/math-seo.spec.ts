import type { APIRequestContext, Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * Math, diagrams and SEO text on the article page and in the editor's preview
 * (docs/owner-guide.md#数学公式与图表, docs/owner-guide.md#seo): KaTeX's stylesheet and mermaid load only
 * where the body needs them.
 */
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });
const PREFIX = '公式图表';

const MATH = '质能方程 $E=mc^2$。\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$\n';
const DIAGRAM = '```mermaid\ngraph LR\n  甲[开始] --> 乙[结束]\n```\n';

test.afterEach(async ({ request }) => {
  const res = await request.post('/api/article/getArticleList', {
    data: { current: 1, size: 50, article_title: PREFIX },
    headers: bearer(),
  });
  const list: { id: number }[] = (await res.json()).result?.list ?? [];
  for (const { id } of list) await request.delete(`/api/article/delete/${id}`, { headers: bearer() });
});

async function addArticle(request: APIRequestContext, fields: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/article/add', {
    data: { article_title: unique(PREFIX), status: 1, ...fields },
    headers: bearer(),
  });
  const body = await res.json();
  expect(body.code, body.message).toBe(0);
  return body.result.id;
}

/** Every response's path the page gets from now on. */
function requested(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  return paths;
}

const head = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute('content');

test('math: KaTeX-rendered on the server, its stylesheet and fonts from this origin', async ({
  page,
  request,
}) => {
  const id = await addArticle(request, { article_content: MATH });
  const paths = requested(page);
  await page.goto(`/article?id=${id}`);
  await expect(page.locator('.md-body .katex').first()).toBeVisible();
  await expect(page.locator('.md-body .katex-display')).toHaveCount(1);
  const link = page.locator('head link[rel="stylesheet"][data-katex]');
  await expect(link).toHaveCount(1);
  expect(await link.getAttribute('href')).toMatch(/^\/_astro\/katex\.min\.[\w-]+\.css$/);
  // The stylesheet applies: the MathML copy is visually hidden, the fractions laid out by KaTeX's rules.
  await expect
    .poll(() =>
      page
        .locator('.md-body .katex-mathml')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    )
    .toBe('absolute');
  await expect.poll(() => paths.some((p) => /^\/_astro\/KaTeX_[\w-]+\.[\w-]+\.woff2$/.test(p))).toBe(true);
  // No diagram here: mermaid never loads.
  expect(paths.filter((p) => /diagrams|mermaid/.test(p))).toEqual([]);
});

test('mermaid: drawn as an SVG in the page theme, drawn again when the theme switches', async ({
  page,
  request,
}) => {
  const id = await addArticle(request, { article_content: `前言\n\n${DIAGRAM}` });
  const paths = requested(page);
  await page.goto(`/article?id=${id}`);
  const figure = page.locator('.md-body figure.diagram');
  const svg = figure.locator('.diagram-svg svg');
  await expect(svg).toBeVisible();
  await expect(svg).toContainText('开始');
  await expect(figure.locator('.diagram-source')).toBeHidden();
  expect(paths.some((p) => /\/diagrams\.[\w-]+\.js$/.test(p))).toBe(true);
  // No math here: no KaTeX stylesheet.
  await expect(page.locator('head link[data-katex]')).toHaveCount(0);

  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  const before = await svg.innerHTML();
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t === 'dark' ? 'light' : 'dark';
  }, theme);
  await expect.poll(() => svg.innerHTML()).not.toBe(before);
  await expect(svg).toContainText('开始');
});

test('mermaid: drawn after a client-router navigation from a page without its script', async ({
  page,
  request,
}) => {
  const title = unique(PREFIX);
  await addArticle(request, { article_title: title, article_content: DIAGRAM });
  await page.goto('/home');
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page).toHaveURL(/\/article\?id=\d+$/);
  await expect(page.locator('.md-body figure.diagram .diagram-svg svg')).toBeVisible();
});

test('an article without math or a diagram loads neither KaTeX nor mermaid', async ({ page, request }) => {
  const id = await addArticle(request, {
    article_content: '## 普通文章\n\n只有文字，价格 5 元。\n\n```js\nlet a = 1;\n```\n',
  });
  const paths = requested(page);
  await page.goto(`/article?id=${id}`);
  await expect(page.locator('.md-body .code-block')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('head link[href*="katex"]')).toHaveCount(0);
  expect(paths.filter((p) => /katex|diagrams|mermaid|rich-body/i.test(p))).toEqual([]);
});

test("the head: the article's own SEO text, else its summary and tags; the site's on other pages", async ({
  page,
  request,
}) => {
  const own = await addArticle(request, {
    article_content: '正文',
    article_description: '文章简介',
    tagNameList: ['标签甲', '标签乙'],
    meta_description: '专门写给搜索引擎的描述',
    meta_keywords: '关键词一，关键词二',
  });
  await page.goto(`/article?id=${own}`);
  expect(await head(page, 'meta[name="description"]')).toBe('专门写给搜索引擎的描述');
  expect(await head(page, 'meta[name="keywords"]')).toBe('关键词一,关键词二');
  expect(await head(page, 'meta[property="og:description"]')).toBe('专门写给搜索引擎的描述');
  expect(await head(page, 'meta[name="twitter:description"]')).toBe('专门写给搜索引擎的描述');

  const plain = await addArticle(request, {
    article_content: '正文',
    article_description: '文章简介',
    tagNameList: ['标签甲', '标签乙'],
  });
  await page.goto(`/article?id=${plain}`);
  expect(await head(page, 'meta[name="description"]')).toBe('文章简介');
  expect(await head(page, 'meta[name="keywords"]')).toBe('标签甲,标签乙');
  expect(await head(page, 'meta[property="og:description"]')).toBe('文章简介');

  // A password-protected article without a summary: nothing of its body in the head.
  const locked = await addArticle(request, { article_content: '不可外泄的正文', password: 'p4ss-word' });
  await page.goto(`/article?id=${locked}`);
  await expect(page.locator('[data-unlock-form]')).toBeVisible();
  expect(await page.locator('head').innerHTML()).not.toContain('不可外泄');

  // The site's settings: the title suffix everywhere, its description and keywords on the home page.
  const site = {
    seo_title_suffix: '测试后缀',
    seo_keywords: '站点词一，站点词二',
    seo_description: '站点的描述',
  };
  await request.post('/api/config/update', { data: site, headers: bearer() });
  try {
    await page.goto(`/article?id=${plain}`);
    await expect(page).toHaveTitle(/ - 测试后缀$/);
    await page.goto('/home');
    expect(await head(page, 'meta[name="description"]')).toBe('站点的描述');
    expect(await head(page, 'meta[name="keywords"]')).toBe('站点词一,站点词二');
  } finally {
    await request.post('/api/config/update', {
      data: { seo_title_suffix: '', seo_keywords: '', seo_description: '' },
      headers: bearer(),
    });
  }
});

/** The `property` meta tags of a page's server HTML, as a link-card crawler reads them (no script runs). */
async function ogTags(request: APIRequestContext, path: string): Promise<Record<string, string[]>> {
  const html = await (await request.get(path)).text();
  const tags: Record<string, string[]> = {};
  for (const [, name, content] of html.matchAll(/<meta property="([^"]+)" content="([^"]*)"/g))
    tags[name] = [...(tags[name] ?? []), content];
  return tags;
}

test('link cards: an article page is og:type article with its author, time and tags; others website', async ({
  request,
}) => {
  const id = await addArticle(request, { article_content: '正文', tagNameList: ['卡片甲', '卡片乙'] });
  const detail = (await (await request.get(`/api/article/getArticleById/${id}`)).json()).result;
  const tags = await ogTags(request, `/article?id=${id}`);
  expect(tags['og:type']).toEqual(['article']);
  expect(tags['article:author']).toEqual([detail.authorName]);
  expect(detail.authorName).not.toBe('');
  expect(tags['article:tag']).toEqual(['卡片甲', '卡片乙']);
  expect(tags['article:published_time']).toHaveLength(1);
  for (const path of ['/home', '/archives', '/talk', `/article?id=${id + 100_000}`])
    expect((await ogTags(request, path))['og:type'], path).toEqual(['website']);
});

test("the editor's preview shows math and diagrams too", async ({ page, request }) => {
  const id = await addArticle(request, { article_content: `${MATH}\n${DIAGRAM}`, status: 3 });
  await signIn(page, admin());
  await page.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(page, '编辑文章');
  await page.getByRole('button', { name: '预览', exact: true }).click();
  const preview = page.locator('[data-preview] .md-body');
  await expect(preview.locator('.katex').first()).toBeVisible();
  await expect(page.locator('head link[rel="stylesheet"][href*="katex"]')).toHaveCount(1);
  await expect
    .poll(() =>
      preview
        .locator('.katex-mathml')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    )
    .toBe('absolute');
  await expect(preview.locator('figure.diagram .diagram-svg svg')).toBeVisible();
});

test("the article and the editor's preview draw with one copy of mermaid", async ({ page, request }) => {
  const id = await addArticle(request, { article_content: DIAGRAM });
  /** The drawer's and the flowchart's chunks a page fetched: the same files for both, not a copy each. */
  const drawing = (paths: string[]) =>
    paths.filter((p) => /^\/_astro\/(diagrams|flowDiagram-\w+)\.[\w-]+\.js$/.test(p)).sort();
  // Routed requests skip the browser's cache, so the preview's fetches are seen as well.
  await page.route('**/_astro/**', (route) => route.continue());
  const onArticle = requested(page);
  await page.goto(`/article?id=${id}`);
  await expect(page.locator('.md-body figure.diagram .diagram-svg svg')).toBeVisible();
  const article = drawing(onArticle);
  expect(article).toHaveLength(2);

  await signIn(page, admin());
  const inPreview = requested(page);
  await page.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(page, '编辑文章');
  await page.getByRole('button', { name: '预览', exact: true }).click();
  await expect(page.locator('[data-preview] .md-body figure.diagram .diagram-svg svg')).toBeVisible();
  expect(drawing(inPreview)).toEqual(article);
});

test("the editor's SEO section saves the article's description and keywords", async ({ page, request }) => {
  const id = await addArticle(request, { article_content: '正文', status: 3 });
  await signIn(page, admin());
  await page.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(page, '编辑文章');
  const seo = page.getByRole('group', { name: '搜索引擎（SEO）' });
  await seo.getByLabel('描述').fill('编辑器里写的描述');
  await seo.getByLabel('关键词').fill('甲，乙 , 甲');
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/article/getArticleById/${id}`, { headers: bearer() });
      const { meta_description, meta_keywords } = (await res.json()).result;
      return { meta_description, meta_keywords };
    })
    .toEqual({ meta_description: '编辑器里写的描述', meta_keywords: '甲,乙' });
});
