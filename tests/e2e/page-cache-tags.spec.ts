import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { type Started, startServer, stopServer } from './server.ts';

/**
 * A write drops exactly (docs/decisions/0004-page-cache-and-tags.md) the cached pages that showed what it
 * changed, and the others stay cached (X-Page-Cache: hit), seen by the browser. A server of its own (demo
 * content), so that no other spec's writes drop pages meanwhile.
 */

test.describe.configure({ mode: 'serial' });

let server: Started;
let token = '';
let articles: number[] = [];
let talkId = 0;
let messageId = 0;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ LOG_LEVEL: 'warn' });
  const request = await playwright.request.newContext({ baseURL: server.url });
  const login = await request.post('/api/user/login', {
    data: { username: 'admin', password: 'Admin12345' },
  });
  token = (await login.json()).result.token;
  const list = await (await request.get('/api/article/blogHomeGetArticleList/1/10')).json();
  articles = list.result.list.map((a: { id: number }) => a.id);
  const talks = await (
    await request.post('/api/talk/blogGetTalkList', { data: { current: 1, size: 10 } })
  ).json();
  talkId = talks.result.list[0].id;
  const messages = await (
    await request.post('/api/message/getMessageList', { data: { current: 1, size: 10 } })
  ).json();
  messageId = messages.result.list[0].id;
  await request.dispose();
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

const pages = () => [
  '/home',
  `/article?id=${articles[0]}`,
  '/talk',
  '/message/list',
  `/message/detail?id=${messageId}`,
  '/bangumi',
];

/** Visits a page in the browser: the page cache's answer (hit or miss). */
async function visit(page: Page, path: string): Promise<string | undefined> {
  const res = await page.goto(`${server.url}${path}`);
  expect(res?.status(), path).toBe(200);
  return res?.headers()['x-page-cache'];
}

/** Visits every page twice: each is cached afterwards. */
async function warm(page: Page) {
  for (const p of pages()) await visit(page, p);
  for (const p of pages()) expect(await visit(page, p), p).toBe('hit');
}

/** The pages a visit renders anew (dropped by the write before). */
async function dropped(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const p of pages()) if ((await visit(page, p)) === 'miss') out.push(p);
  return out;
}

async function write(request: APIRequestContext, method: 'post' | 'put', url: string, data: object) {
  const res = await request[method](`${server.url}${url}`, {
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await res.json()).code).toBe(0);
}

test('a comment on another article (no cached page shows it) drops nothing', async ({ page, request }) => {
  await warm(page);
  await write(request, 'post', '/api/comment/add', { type: 1, for_id: articles[1], content: '别的文章' });
  expect(await dropped(page)).toEqual([]);
});

test("a comment on an article drops that article's page only (its comments are in its HTML)", async ({
  page,
  request,
}) => {
  await warm(page);
  await write(request, 'post', '/api/comment/add', { type: 1, for_id: articles[0], content: '文章的评论' });
  expect(await dropped(page)).toEqual([`/article?id=${articles[0]}`]);
  await visit(page, `/article?id=${articles[0]}`);
  await expect(page.locator('body')).toContainText('文章的评论');
});

test('a comment on a talk drops the talk page only', async ({ page, request }) => {
  await warm(page);
  await write(request, 'post', '/api/comment/add', { type: 2, for_id: talkId, content: '说说的评论' });
  expect(await dropped(page)).toEqual(['/talk']);
});

test("a comment on a guestbook message drops the guestbook and that message's page", async ({
  page,
  request,
}) => {
  await warm(page);
  await write(request, 'post', '/api/comment/add', { type: 3, for_id: messageId, content: '留言的评论' });
  expect(await dropped(page)).toEqual(['/message/list', `/message/detail?id=${messageId}`]);
});

test('a new guestbook message drops the guestbook list only', async ({ page, request }) => {
  await warm(page);
  await write(request, 'post', '/api/message/add', { message: '新的留言', tag: '' });
  expect(await dropped(page)).toEqual(['/message/list']);
});

test("an edit of an article's body drops that article's page only", async ({ page, request }) => {
  await warm(page);
  const got = await request.get(`${server.url}/api/article/getArticleById/${articles[0]}`);
  const content: string = (await got.json()).result.article_content;
  // The same length: the reading time the home's card shows stays as it was.
  const edited = content.slice(0, -1) + (content.endsWith('。') ? '！' : '。');
  await write(request, 'put', '/api/article/update', { id: articles[0], article_content: edited });
  expect(await dropped(page)).toEqual([`/article?id=${articles[0]}`]);
});

test('a like of an article or a talk drops no page at once: the pages showing its count are kept up to a minute', async ({
  page,
  request,
}) => {
  // PAGE_COUNTS_MAX_AGE (60 s): which pages a like refreshes, and when, is checked with the setting
  // at 0 in tests/api/page-tags.test.ts and with a clock in tests/unit/page-cache-tags.test.ts.
  // Every page rendered just now (a page kept from an earlier test may be a minute old already).
  await write(request, 'post', '/api/config/update', { blog_name: '点赞之前' });
  await warm(page);
  await write(request, 'post', '/api/like/addLike', { type: 1, for_id: articles[0] });
  await write(request, 'post', '/api/like/addLike', { type: 2, for_id: talkId });
  expect(await dropped(page)).toEqual([]);
});

test('a change of the site settings drops every page', async ({ page, request }) => {
  await warm(page);
  await write(request, 'post', '/api/config/update', { blog_name: '标签之后' });
  expect(await dropped(page)).toEqual(pages());
});
