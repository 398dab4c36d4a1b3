import { describe, expect, it } from 'vitest';
import { toWireDate } from '../../src/lib/wire-date.ts';
import { db } from '../../src/server/db/connection.ts';
import { publishDue } from '../../src/server/services/articles/schedule.ts';
import { listPublicArticles } from '../../src/server/services/articles.ts';
import { jobParts, setupTestApi } from './helpers.ts';

/**
 * Scheduled publishing (docs/api/admin.md#scheduled-and-password-protected-articles): an article with a
 * future publish_at is missing to visitors everywhere until the job, at that time by the clock it is
 * given, publishes it; its date is the scheduled one; re-publishing never moves a published article.
 */
const api = setupTestApi();
const HOUR = 3_600_000;

async function call(method: string, url: string, body?: unknown, token?: string) {
  return (await api.call(method, url, body, token)).json;
}

const visitorSees = async (id: number, title: string, word: string) => {
  const byId = await call('GET', `/api/article/getArticleById/${id}`);
  const home = await call('GET', '/api/article/blogHomeGetArticleList/1/50');
  const timeline = await call('GET', '/api/article/blogTimelineGetArticleList/1/50');
  const search = await call('GET', `/api/article/getArticleListByContent/${encodeURIComponent(word)}`);
  const categories = await call('GET', '/api/category/getCategoryDictionary');
  const stats = await call('GET', '/api/statistic');
  const feed = await listPublicArticles();
  return {
    byId: byId.code === 0,
    home: home.result.list.some((a: { id: number }) => a.id === id),
    timeline: JSON.stringify(timeline.result).includes(title),
    search: search.result.some((a: { id: number }) => a.id === id),
    category: categories.result.some((c: { name: string }) => c.name === `${title}分类`),
    feed: feed.some((a) => a.id === id),
    articleCount: stats.result.articleCount as number,
  };
};

describe('scheduled publishing', () => {
  it('is missing to visitors until its time, then appears everywhere dated that time', async () => {
    const at = new Date(Date.now() + HOUR).toISOString();
    const title = '定时文章';
    const word = '定时独有词';
    const added = await call(
      'POST',
      '/api/article/add',
      {
        article_title: title,
        article_content: `${word} 的正文`,
        category_name: `${title}分类`,
        publish_at: at,
      },
      api.adminToken,
    );
    expect(added.code, added.message).toBe(0);
    const id = added.result.id as number;
    const before = await visitorSees(id, title, word);
    expect(before).toMatchObject({
      byId: false,
      home: false,
      timeline: false,
      search: false,
      category: false,
      feed: false,
    });

    // The admin sees it, scheduled, with its time.
    const list = await call('POST', '/api/article/getArticleList', { current: 1, size: 50 }, api.adminToken);
    expect(list.result.list.find((a: { id: number }) => a.id === id)).toMatchObject({
      status: 4,
      publish_at: at,
    });
    expect((await call('GET', `/api/article/getArticleById/${id}`, undefined, api.adminToken)).code).toBe(0);

    // Not yet by the clock: nothing; at the time: published once.
    expect(await publishDue(jobParts(HOUR / 2))).toEqual([]);
    expect(await publishDue(jobParts(HOUR + 1_000))).toEqual([id]);
    expect(await publishDue(jobParts(HOUR + 2_000))).toEqual([]);
    const after = await visitorSees(id, title, word);
    expect(after).toMatchObject({
      byId: true,
      home: true,
      timeline: true,
      search: true,
      category: true,
      feed: true,
    });
    expect(after.articleCount).toBe(before.articleCount + 1);
    const shown = await call('GET', `/api/article/getArticleById/${id}`);
    // The wire's dates are China time; publish_at (no `At` key) stays the instant that was sent.
    expect(shown.result).toMatchObject({ status: 1, createdAt: toWireDate(at), publish_at: at });
  });

  it('never moves the date or address of a published article', async () => {
    const added = await call(
      'POST',
      '/api/article/add',
      { article_title: '已发布', article_content: '正文', slug: 'published-once' },
      api.adminToken,
    );
    const id = added.result.id as number;
    const row = () =>
      db
        .selectFrom('article')
        .select(['createdAt', 'slug', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const first = await row();
    const later = new Date(Date.now() + HOUR).toISOString();
    const saved = await call(
      'PUT',
      '/api/article/update',
      { id, status: 1, publish_at: later, article_title: '已发布（改）' },
      api.adminToken,
    );
    expect(saved.code, saved.message).toBe(0);
    expect(await row()).toEqual(first);
    // Hidden and published again: the same date and address.
    await call('PUT', `/api/article/isPublic/${id}/1`, undefined, api.adminToken);
    await call('PUT', `/api/article/isPublic/${id}/2`, undefined, api.adminToken);
    expect(await row()).toEqual(first);
  });

  it('keeps the schedule on a save without a time, and "" publishes at once', async () => {
    const at = new Date(Date.now() + HOUR).toISOString();
    const added = await call(
      'POST',
      '/api/article/add',
      { article_title: '改期', article_content: '正文', publish_at: at },
      api.adminToken,
    );
    const id = added.result.id as number;
    await call('PUT', '/api/article/update', { id, status: 1, article_content: '新正文' }, api.adminToken);
    const status = async () =>
      (await db.selectFrom('article').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe(4);
    await call('PUT', '/api/article/update', { id, publish_at: '' }, api.adminToken);
    expect(await status()).toBe(1);
  });

  it('refuses a time that is not ISO 8601', async () => {
    for (const publish_at of ['明天', '2030-01-01', '2030-01-01T08:00', 5]) {
      const res = await call(
        'POST',
        '/api/article/add',
        { article_title: '坏时间', article_content: '正文', publish_at },
        api.adminToken,
      );
      expect(res.code, String(publish_at)).toBe(100);
      expect(res.message).toContain('发布时间');
    }
  });
});
