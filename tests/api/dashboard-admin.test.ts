import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { withPageCache } from '../../src/server/page-cache.ts';
import { getTrend } from '../../src/server/services/dashboard-trend.ts';
import { flushViews } from '../../src/server/services/views/flush.ts';
import { countPageView, countVisitor, takeCounts } from '../../src/server/services/views/tally.ts';
import { PLAIN_LOOK, setupTestApi } from './helpers.ts';

/**
 * The dashboard (docs/api/admin.md#dashboard-and-view-counts): GET /api/dashboard/getOverview and
 * /getTrend, and the view counts behind them (memory, then view_day / article_view_day in batches). A fresh
 * database without the demo.
 */
const api = setupTestApi();
const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

// 2020-03-01 23:59:59 and 2020-03-02 00:00:00 China time: the edge of a day in UTC+8.
const LATE_MARCH_1 = Date.parse('2020-03-01T15:59:59.000Z');
const EARLY_MARCH_2 = Date.parse('2020-03-01T16:00:00.000Z');
const MARCH_3 = Date.parse('2020-03-03T04:00:00.000Z');

const stored = (day: string) =>
  db.selectFrom('view_day').selectAll().where('day', '=', day).executeTakeFirst();

describe('view counting', () => {
  it('days are China days, a visitor counts once a day by hash, and nothing is stored before the flush', async () => {
    countVisitor('203.0.113.7', BROWSER, LATE_MARCH_1);
    countVisitor('203.0.113.7', BROWSER, LATE_MARCH_1 - 1000);
    countVisitor('203.0.113.8', BROWSER, LATE_MARCH_1);
    // A second later it is the next China day: the same visitor is new there (the salt changed too).
    countVisitor('203.0.113.7', BROWSER, EARLY_MARCH_2);
    countVisitor('203.0.113.7', `${BROWSER} Edg/120`, EARLY_MARCH_2);
    expect(await stored('2020-03-01')).toBeUndefined();
    await flushViews(db);
    expect(await stored('2020-03-01')).toEqual({ day: '2020-03-01', views: 3, uniques: 2 });
    expect(await stored('2020-03-02')).toEqual({ day: '2020-03-02', views: 2, uniques: 2 });
    // Later views of a day add to its row; a visitor seen before the flush is still not new.
    countVisitor('203.0.113.7', BROWSER, EARLY_MARCH_2 + 60_000);
    await flushViews(db);
    expect(await stored('2020-03-02')).toEqual({ day: '2020-03-02', views: 3, uniques: 2 });
    // Nothing of the visitor is in the database: only days and numbers.
    const columns = Object.keys((await stored('2020-03-02')) ?? {});
    expect(columns.sort()).toEqual(['day', 'uniques', 'views']);
  });

  it('the trend has one entry per China day of the window, oldest first, zero where nothing happened', async () => {
    const trend = await getTrend(7, MARCH_3);
    expect(trend.days).toEqual([
      '2020-02-26',
      '2020-02-27',
      '2020-02-28',
      '2020-02-29',
      '2020-03-01',
      '2020-03-02',
      '2020-03-03',
    ]);
    expect(trend.views).toEqual([0, 0, 0, 0, 3, 3, 0]);
    expect(trend.uniques).toEqual([0, 0, 0, 0, 2, 2, 0]);
  });

  it('a kept-alive connection repeating its visitor skips the hash, and still counts who is new', async () => {
    const socket = { remoteAddress: '198.51.100.4' };
    const view = (ua: string, forwarded?: string, url = '/home') =>
      countPageView(
        {
          method: 'GET',
          url,
          headers: { 'user-agent': ua, 'x-forwarded-for': forwarded },
          socket,
        } as never as IncomingMessage,
        forwarded !== undefined,
      );
    takeCounts();
    view(BROWSER);
    view(BROWSER, undefined, '/article?id=1');
    view('curl/8.5.0'); // a robot on the same connection: not a view
    view(BROWSER);
    // Behind a proxy one connection carries many visitors: each forwarded address is its own.
    view(BROWSER, '203.0.113.20');
    view(BROWSER, '203.0.113.21');
    view(BROWSER, '203.0.113.20');
    view(`${BROWSER} Edg/120`, '203.0.113.20');
    view(BROWSER, undefined, '/api/site'); // not a page
    const { days } = takeCounts();
    expect(days.map(([, c]) => c)).toEqual([{ views: 7, uniques: 4 }]);
  });

  it('counts pages the page cache answers, hits included; not robots, HEAD or other answers', async () => {
    const render = withPageCache((req, res) => {
      if (req.url?.startsWith('/json')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>页面</p>');
    });
    const server = http.createServer((req, res) => void render(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const today = () => as('GET', '/api/dashboard/getOverview').then((r) => r.json.result.counts);
    try {
      const before = await today();
      const get = (path: string, ua = BROWSER, method = 'GET') =>
        fetch(`${base}${path}`, { method, headers: { 'user-agent': ua } }).then((r) => r.arrayBuffer());
      await get('/dashboard-page'); // a miss, rendered and stored
      await get('/dashboard-page'); // a hit
      await get(
        '/dashboard-page',
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      );
      await get('/dashboard-page', 'curl/8.5.0');
      await get('/dashboard-page', BROWSER, 'HEAD');
      await get('/json');
      const after = await today();
      expect(after.viewsToday - before.viewsToday).toBe(2);
      expect(after.uniquesToday - before.uniquesToday).toBe(before.uniquesToday === 0 ? 1 : 0);
      expect(after.viewsTotal - before.viewsTotal).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('GET /api/dashboard/getOverview', () => {
  it('counts, pending links, the newest comments (with what they are on) and messages', async () => {
    const user = await api.user();
    const link = await api.call(
      'POST',
      '/api/links/add',
      { site_name: '待审小站', site_desc: '一个博客', site_avatar: '', url: 'https://pending.example' },
      user.token,
    );
    expect(link.json.code, link.json.message).toBe(0);
    const article = await as('POST', '/api/article/add', {
      article_title: '看板的文章',
      article_content: '正文',
      category_name: '看板',
      tagNameList: ['看板'],
    });
    const articleId = article.json.result.id as number;
    const comment = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '第一条评论' },
      user.token,
    );
    expect(comment.json.code, comment.json.message).toBe(0);
    const message = await api.call(
      'POST',
      '/api/message/add',
      { message: '看板留言', ...PLAIN_LOOK },
      user.token,
    );
    expect(message.json.code, message.json.message).toBe(0);

    const { json } = await as('GET', '/api/dashboard/getOverview');
    expect(json.code).toBe(0);
    const { counts, pendingLinks, comments, messages } = json.result;
    expect(counts).toMatchObject({ articles: 1, comments: 1, messages: 1, users: 2, pendingLinks: 1 });
    for (const key of ['viewsToday', 'uniquesToday', 'viewsTotal', 'visits'])
      expect(typeof counts[key]).toBe('number');
    expect(pendingLinks).toEqual([
      expect.objectContaining({
        id: link.json.result.id,
        site_name: '待审小站',
        status: 1,
        user_id: user.id,
      }),
    ]);
    expect(comments).toEqual([
      expect.objectContaining({
        id: comment.json.result.id,
        type: 1,
        for_id: articleId,
        parent_id: null,
        content: '第一条评论',
        target: '看板的文章',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      }),
    ]);
    expect(comments[0]).not.toHaveProperty('ip');
    expect(messages).toEqual([expect.objectContaining({ message: '看板留言', user_id: user.id })]);
  });

  it('counts the articles waiting for a rendering of the current renderer', async () => {
    const pending = async () => {
      const { json } = await as('GET', '/api/dashboard/getOverview');
      expect(json.code, json.message).toBe(0);
      return json.result.counts.pendingRenders as number;
    };
    const before = await pending();
    const { json } = await as('POST', '/api/article/add', {
      article_title: '渲染进度',
      article_content: '正文',
    });
    const id = json.result.id as number;
    // Rendered when saved: nothing waits for it.
    expect(await pending()).toBe(before);
    const renderer = (name: string) =>
      db.updateTable('article_render').set({ renderer: name }).where('article_id', '=', id).execute();
    const { renderer: current } = await db
      .selectFrom('article_render')
      .select('renderer')
      .where('article_id', '=', id)
      .executeTakeFirstOrThrow();
    // As after an upgrade of the renderer: the row is of another one until the upkeep renders it again.
    await renderer('old');
    expect(await pending()).toBe(before + 1);
    await renderer(current);
    expect(await pending()).toBe(before);
    // An article without a rendering at all (a row written by hand) waits too.
    await db.deleteFrom('article_render').where('article_id', '=', id).execute();
    expect(await pending()).toBe(before + 1);
  });

  it('is the admin’s alone', async () => {
    const user = await api.user();
    for (const path of ['/api/dashboard/getOverview', '/api/dashboard/getTrend']) {
      expect((await api.call('GET', path)).status).toBe(401);
      expect((await api.call('GET', path, undefined, user.token)).status).toBe(403);
    }
  });
});

describe('GET /api/dashboard/getTrend', () => {
  it('30 days by default: views, uniques, comments and new users per day, the most-read articles', async () => {
    const first = (
      await as('POST', '/api/article/add', {
        article_title: '最常读',
        article_content: '正文',
        category_name: '看板',
        tagNameList: ['看板'],
      })
    ).json.result.id;
    const second = (
      await as('POST', '/api/article/add', {
        article_title: '次常读',
        article_content: '正文',
        category_name: '看板',
        tagNameList: ['看板'],
      })
    ).json.result.id;
    // The article pages' beacon (one view per address and window) is what counts an article view.
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      await api.callFrom(ip, 'PUT', `/api/article/addView/${first}`);
    await api.callFrom('198.51.100.1', 'PUT', `/api/article/addView/${first}`); // the same visitor again
    await api.callFrom('198.51.100.1', 'PUT', `/api/article/addView/${second}`);

    const { json } = await as('GET', '/api/dashboard/getTrend');
    expect(json.code).toBe(0);
    const trend = json.result;
    expect(trend.days).toHaveLength(30);
    for (const key of ['views', 'uniques', 'comments', 'users']) expect(trend[key]).toHaveLength(30);
    expect(trend.days.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Today's comments and sign-ups (this file made one comment and a few users today).
    expect(trend.comments.at(-1)).toBeGreaterThanOrEqual(1);
    expect(trend.users.at(-1)).toBeGreaterThanOrEqual(2);
    expect(trend.topArticles.slice(0, 2)).toEqual([
      { id: first, article_title: '最常读', views: 3 },
      { id: second, article_title: '次常读', views: 1 },
    ]);
    expect((await as('GET', '/api/dashboard/getTrend?days=7')).json.result.days).toHaveLength(7);
    for (const days of ['3', '91', 'x', '1e1'])
      expect((await as('GET', `/api/dashboard/getTrend?days=${days}`)).json.code, days).toBe(100);
  });

  it('buckets comments and sign-ups by their China day', async () => {
    const user = await api.user();
    await db
      .updateTable('user')
      .set({ createdAt: '2020-03-01T15:59:59.000Z' })
      .where('id', '=', user.id)
      .execute();
    const other = await api.user();
    await db
      .updateTable('user')
      .set({ createdAt: '2020-03-01T16:00:00.000Z' })
      .where('id', '=', other.id)
      .execute();
    const trend = await getTrend(7, MARCH_3);
    expect(trend.users).toEqual([0, 0, 0, 0, 1, 1, 0]);
  });
});
