import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { getRecommendations } from '../../src/server/services/articles.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi({ seed: true });

async function publicCount() {
  const r = await db
    .selectFrom('article')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function hiddenIds() {
  const rows = await db.selectFrom('article').select(['id', 'status']).where('status', '!=', 1).execute();
  return rows;
}

describe('reading articles', () => {
  it('home list: summaries without content, pinned first, then newest, paged', async () => {
    const total = await publicCount();
    const { json } = await api.call('GET', '/api/article/blogHomeGetArticleList/1/50');
    expect(json.code).toBe(0);
    const page = json.result;
    expect(page).toMatchObject({ current: 1, size: 50, total });
    expect(page.list).toHaveLength(total);
    const first = page.list[0];
    expect(first).not.toHaveProperty('article_content');
    for (const key of ['id', 'article_title', 'article_cover', 'is_top', 'status', 'view_times', 'createdAt'])
      expect(first).toHaveProperty(key);
    expect(Array.isArray(first.tagNameList)).toBe(true);
    expect(typeof first.categoryName).toBe('string');
    // Pinned (is_top 1) first, by order; the rest newest first.
    const tops = page.list.map((a: { is_top: number }) => a.is_top);
    expect(tops.indexOf(2)).toBeGreaterThan(0);
    expect(tops.slice(tops.indexOf(2)).every((t: number) => t === 2)).toBe(true);
    const pinned = page.list.filter((a: { is_top: number }) => a.is_top === 1);
    const orders = pinned.map((a: { order: number }) => a.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    const rest = page.list.filter((a: { is_top: number }) => a.is_top === 2);
    const dates = rest.map((a: { createdAt: string }) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Only public ones.
    expect(page.list.every((a: { status: number }) => a.status === 1)).toBe(true);

    const p2 = (await api.call('GET', '/api/article/blogHomeGetArticleList/2/5')).json.result;
    expect(p2.list).toHaveLength(5);
    expect(p2.list[0].id).toBe(page.list[5].id);
  });

  it('page numbers and sizes are checked; size is capped at 50', async () => {
    expect((await api.call('GET', '/api/article/blogHomeGetArticleList/0/10')).json.code).toBe(100);
    expect((await api.call('GET', '/api/article/blogHomeGetArticleList/1/51')).json.result.size).toBe(50);
    expect((await api.call('GET', '/api/article/blogHomeGetArticleList/x/10')).json.code).toBe(100);
    const past = await api.call('GET', '/api/article/blogHomeGetArticleList/99/10');
    expect(past.json.result.list).toEqual([]);
  });

  it('timeline groups by year, newest first, and pages', async () => {
    const total = await publicCount();
    const { json } = await api.call('GET', '/api/article/blogTimelineGetArticleList/1/50');
    expect(json.result.total).toBe(total);
    const years = json.result.list;
    expect(years.length).toBeGreaterThan(0);
    expect(years[0]).toHaveProperty('year');
    const flat = years.flatMap((y: { articleList: unknown[] }) => y.articleList);
    expect(flat).toHaveLength(total);
    expect(Object.keys(flat[0]).sort()).toEqual(['article_cover', 'article_title', 'createdAt', 'id']);
    const dates = flat.map((a: { createdAt: string }) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const small = (await api.call('GET', '/api/article/blogTimelineGetArticleList/2/3')).json.result;
    expect(small.list.flatMap((y: { articleList: unknown[] }) => y.articleList)).toHaveLength(3);
  });

  it('lists by tag and by category, with counts matching the dictionaries', async () => {
    const cats = (await api.call('GET', '/api/category/getCategoryDictionary')).json.result;
    const tags = (await api.call('GET', '/api/tag/getTagDictionary')).json.result;
    expect(cats[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      category_name: cats[0].name,
      articleCount: expect.any(Number),
    });
    // The original's field names too (its clients label with them), the same text as `name`.
    expect(cats.every((c: { name: string; category_name: string }) => c.category_name === c.name)).toBe(true);
    expect(tags[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      tag_name: tags[0].name,
      articleCount: expect.any(Number),
    });
    expect(tags.every((t: { name: string; tag_name: string }) => t.tag_name === t.name)).toBe(true);
    expect(cats.reduce((n: number, c: { articleCount: number }) => n + c.articleCount, 0)).toBe(
      await publicCount(),
    );
    for (const c of cats) {
      const { json } = await api.call('POST', '/api/article/getArticleListByCategoryId', {
        id: c.id,
        current: 1,
        size: 50,
      });
      expect(json.result.total).toBe(c.articleCount);
      expect(json.result.list.every((a: { categoryName: string }) => a.categoryName === c.name)).toBe(true);
    }
    for (const t of tags) {
      const { json } = await api.call('POST', '/api/article/getArticleListByTagId', {
        id: t.id,
        current: 1,
        size: 50,
      });
      expect(json.result.total).toBe(t.articleCount);
      expect(json.result.list.every((a: { tagNameList: string[] }) => a.tagNameList.includes(t.name))).toBe(
        true,
      );
    }
    const missing = await api.call('POST', '/api/article/getArticleListByTagId', { id: 9999 });
    expect(missing.json).toEqual({ code: 100, message: '标签不存在' });
    const missingCat = await api.call('POST', '/api/article/getArticleListByCategoryId', { id: 9999 });
    expect(missingCat.json).toEqual({ code: 100, message: '分类不存在' });
    expect((await api.call('POST', '/api/article/getArticleListByTagId', { id: 'x' })).json.code).toBe(100);
  });

  it('one article: content, taxonomy names, author; a view counted once per visitor', async () => {
    const list = (await api.call('GET', '/api/article/blogHomeGetArticleList/1/1')).json.result.list;
    const id = list[0].id;
    const first = await api.call('GET', `/api/article/getArticleById/${id}`);
    expect(first.json.code).toBe(0);
    const a = first.json.result;
    expect(a.article_content.length).toBeGreaterThan(100);
    expect(a.authorName).toBeTruthy();
    expect(a.tagIdList.length).toBe(a.tagNameList.length);
    const before = (
      await db.selectFrom('article').select('view_times').where('id', '=', id).executeTakeFirstOrThrow()
    ).view_times;
    expect(a.view_times).toBe(before);
    // The same visitor again within the window: no second view.
    await api.call('GET', `/api/article/getArticleById/${id}`);
    const after = (
      await db.selectFrom('article').select('view_times').where('id', '=', id).executeTakeFirstOrThrow()
    ).view_times;
    expect(after).toBe(before);
  });

  it('the page view beacon counts once per visitor and refuses hidden articles', async () => {
    const id = (await api.call('GET', '/api/article/blogHomeGetArticleList/1/50')).json.result.list.at(-1).id;
    const views = async () =>
      (await db.selectFrom('article').select('view_times').where('id', '=', id).executeTakeFirstOrThrow())
        .view_times;
    const before = await views();
    const first = await api.call('PUT', `/api/article/addView/${id}`, undefined);
    expect(first.json).toEqual({ code: 0, message: '成功', result: { view_times: before + 1 } });
    expect(await views()).toBe(before + 1);
    const again = await api.call('PUT', `/api/article/addView/${id}`);
    expect(again.json.result.view_times).toBe(before + 1);
    expect(await views()).toBe(before + 1);
    for (const { id: hidden } of await hiddenIds())
      expect((await api.call('PUT', `/api/article/addView/${hidden}`)).json.code).toBe(100);
    expect((await api.call('PUT', '/api/article/addView/0')).json.code).toBe(100);
  });

  it('a missing id and a malformed one are clear refusals (code 100)', async () => {
    expect((await api.call('GET', '/api/article/getArticleById/99999')).json).toEqual({
      code: 100,
      message: '文章不存在',
    });
    expect((await api.call('GET', '/api/article/getArticleById/abc')).json.code).toBe(100);
    expect((await api.call('GET', '/api/article/getRecommendArticleById/99999')).json.code).toBe(100);
    expect((await api.call('PUT', '/api/article/addReadingDuration/99999/10')).json.code).toBe(100);
  });

  it('private and draft articles are hidden from visitors and users, shown to the admin', async () => {
    const hidden = await hiddenIds();
    expect(hidden.map((h) => h.status).sort()).toEqual([2, 3]);
    const user = await api.user();
    for (const { id } of hidden) {
      expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.code).toBe(100);
      expect(
        (await api.call('GET', `/api/article/getArticleById/${id}`, undefined, user.token)).json.code,
      ).toBe(100);
      const admin = await api.call('GET', `/api/article/getArticleById/${id}`, undefined, api.adminToken);
      expect(admin.json.code).toBe(0);
      expect(admin.json.result.id).toBe(id);
      expect((await api.call('GET', `/api/article/getRecommendArticleById/${id}`)).json.code).toBe(100);
    }
    const hiddenIdSet = new Set(hidden.map((h) => h.id));
    const search = (
      await api.call('GET', `/api/article/getArticleListByContent/${encodeURIComponent('私密')}`)
    ).json;
    expect(search.result.some((r: { id: number }) => hiddenIdSet.has(r.id))).toBe(false);
    const hot = (await api.call('GET', '/api/article/getHotArticle')).json.result;
    expect(hot.some((r: { id: number }) => hiddenIdSet.has(r.id))).toBe(false);
    const all = (await api.call('POST', '/api/article/adminGetArticleList', { size: 50 }, api.adminToken))
      .json.result;
    expect(all.total).toBe((await publicCount()) + hidden.length);
    expect((await api.call('POST', '/api/article/adminGetArticleList', {}, user.token)).status).toBe(403);
  });

  it('recommendations: previous, next and up to 6 related public articles', async () => {
    const list = (
      await api.call('GET', '/api/article/blogTimelineGetArticleList/1/50')
    ).json.result.list.flatMap((y: { articleList: { id: number }[] }) => y.articleList);
    const middle = list[3].id;
    const { json } = await api.call('GET', `/api/article/getRecommendArticleById/${middle}`);
    expect(json.code).toBe(0);
    // The timeline is newest first: previous (older) is the next entry, next (newer) the one before.
    expect(json.result.previous.id).toBe(list[4].id);
    expect(json.result.next.id).toBe(list[2].id);
    expect(json.result.recommend.length).toBeGreaterThan(0);
    expect(json.result.recommend.length).toBeLessThanOrEqual(6);
    expect(json.result.recommend.some((r: { id: number }) => r.id === middle)).toBe(false);
  });

  it('recommendations at either end answer the current article, never null (the original contract)', async () => {
    const list = (
      await api.call('GET', '/api/article/blogTimelineGetArticleList/1/50')
    ).json.result.list.flatMap(
      (y: { articleList: { id: number; article_title: string }[] }) => y.articleList,
    );
    const first = list[0];
    const last = list.at(-1);
    const newest = (await api.call('GET', `/api/article/getRecommendArticleById/${first.id}`)).json.result;
    expect(newest.next).toMatchObject({ id: first.id, article_title: first.article_title });
    expect(newest.previous.id).toBe(list[1].id);
    expect(Object.keys(newest.next).sort()).toEqual(['article_cover', 'article_title', 'createdAt', 'id']);
    const oldest = (await api.call('GET', `/api/article/getRecommendArticleById/${last.id}`)).json.result;
    expect(oldest.previous).toMatchObject({ id: last.id, article_title: last.article_title });
    expect(oldest.next.id).toBe(list.at(-2).id);
    // Our own page keeps the service's null, so it never links an article to itself.
    const own = await getRecommendations(first.id);
    expect(own?.next).toBeNull();
    expect((await getRecommendations(last.id))?.previous).toBeNull();
  });

  it('hot articles: 5 by views', async () => {
    const hot = (await api.call('GET', '/api/article/getHotArticle')).json.result;
    expect(hot).toHaveLength(5);
    expect(Object.keys(hot[0]).sort()).toEqual(['article_title', 'id', 'view_times']);
    const views = hot.map((h: { view_times: number }) => h.view_times);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });

  it('search: Chinese substrings, excerpts around the match, at most 8, wildcards literal', async () => {
    const { json } = await api.call(
      'GET',
      `/api/article/getArticleListByContent/${encodeURIComponent('类型')}`,
    );
    expect(json.result.length).toBeGreaterThan(0);
    expect(json.result.length).toBeLessThanOrEqual(8);
    const hit = json.result[0];
    expect(Object.keys(hit).sort()).toEqual(['article_content', 'article_title', 'id']);
    expect(hit.article_title + hit.article_content).toContain('类型');
    expect(hit.article_content.length).toBeLessThan(200);
    const wild = await api.call('GET', `/api/article/getArticleListByContent/${encodeURIComponent('%%%')}`);
    expect(wild.json.result).toEqual([]);
  });

  it('reading duration is added, bounded per report, and validated', async () => {
    const id = (await api.call('GET', '/api/article/getHotArticle')).json.result[0].id;
    const read = async () =>
      (
        await db
          .selectFrom('article')
          .select('reading_duration')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).reading_duration;
    const start = await read();
    // Milliseconds on the wire (the original's unit: a 10.4 s visit sends 10427); seconds in the column.
    expect((await api.call('PUT', `/api/article/addReadingDuration/${id}/10427`)).json.code).toBe(0);
    expect(await read()).toBe(start + 10);
    expect((await api.call('PUT', `/api/article/addReadingDuration/${id}/42000`)).json.code).toBe(0);
    expect(await read()).toBe(start + 52);
    // One report counts at most two hours; up to a day is clamped to that.
    expect((await api.call('PUT', `/api/article/addReadingDuration/${id}/86400000`)).json.code).toBe(0);
    expect(await read()).toBe(start + 52 + 7200);
    // Absurd values are refused with a reason, and add nothing.
    for (const bad of ['-5', '86400001', '99999999999', '1.5', 'abc']) {
      const res = await api.call('PUT', `/api/article/addReadingDuration/${id}/${bad}`);
      expect(res.json.code, bad).not.toBe(0);
      expect(res.json.message, bad).toMatch(/阅读时长|参数错误/);
    }
    expect(await read()).toBe(start + 52 + 7200);
  });
});

describe('writing articles (admin only)', () => {
  it('refuses visitors (401) and ordinary users (403) on every write', async () => {
    const user = await api.user();
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/article/add', { article_title: 'x', article_content: 'y' }],
      ['PUT', '/api/article/update', { id: 1, article_title: 'x' }],
      ['DELETE', '/api/article/delete/1'],
      ['PUT', '/api/article/updateTop/1/1'],
      ['POST', '/api/category/add', { category_name: 'x' }],
      ['PUT', '/api/category/update', { id: 1, category_name: 'x' }],
      ['DELETE', '/api/category/delete/1'],
      ['POST', '/api/tag/add', { tag_name: 'x' }],
      ['PUT', '/api/tag/update', { id: 1, tag_name: 'x' }],
      ['DELETE', '/api/tag/delete/1'],
    ];
    for (const [method, url, body] of writes) {
      expect((await api.call(method, url, body)).status, url).toBe(401);
      expect((await api.call(method, url, body, user.token)).status, url).toBe(403);
    }
    expect((await api.call('GET', '/api/article/getArticleById/1')).json.code).toBe(0);
  });

  it('adds, updates, pins and deletes an article, creating taxonomy by name', async () => {
    const add = await api.call(
      'POST',
      '/api/article/add',
      {
        article_title: 'Hello 新文章',
        article_content: '# 标题\n\n正文内容',
        category_name: '新分类',
        tagNameList: ['新标签', 'TypeScript'],
        author_id: 999, // ignored: the author is the caller
      },
      api.adminToken,
    );
    expect(add.json.code).toBe(0);
    const id = add.json.result.id;
    const made = (await api.call('GET', `/api/article/getArticleById/${id}`)).json.result;
    expect(made).toMatchObject({
      article_title: 'Hello 新文章',
      categoryName: '新分类',
      // The slug from the title: its Chinese in pinyin (src/lib/slug.ts).
      slug: 'hello-xin-wen-zhang',
      status: 1,
      is_top: 2,
    });
    expect(made.author_id).toBe(api.adminId);
    expect([...made.tagNameList].sort()).toEqual(['TypeScript', '新标签']);

    const upd = await api.call(
      'PUT',
      '/api/article/update',
      { id, article_title: '改过的标题', status: 3, tagNameList: ['新标签'] },
      api.adminToken,
    );
    expect(upd.json.code).toBe(0);
    expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.code).toBe(100);
    const draft = (await api.call('GET', `/api/article/getArticleById/${id}`, undefined, api.adminToken)).json
      .result;
    expect(draft).toMatchObject({
      article_title: '改过的标题',
      status: 3,
      tagNameList: ['新标签'],
      categoryName: '新分类',
    });
    expect(draft.updatedAt >= made.updatedAt).toBe(true);

    await api.call('PUT', '/api/article/update', { id, status: 1 }, api.adminToken);
    expect(
      (await api.call('PUT', `/api/article/updateTop/${id}/1`, undefined, api.adminToken)).json.code,
    ).toBe(0);
    const home = (await api.call('GET', '/api/article/blogHomeGetArticleList/1/50')).json.result.list;
    expect(home.findIndex((a: { id: number }) => a.id === id)).toBeLessThan(
      home.findIndex((a: { is_top: number }) => a.is_top === 2),
    );
    expect(
      (await api.call('PUT', `/api/article/updateTop/${id}/3`, undefined, api.adminToken)).json.code,
    ).toBe(100);

    expect((await api.call('DELETE', `/api/article/delete/${id}`, undefined, api.adminToken)).json.code).toBe(
      0,
    );
    expect(
      (await api.call('GET', `/api/article/getArticleById/${id}`, undefined, api.adminToken)).json.code,
    ).toBe(100);
    expect((await api.call('DELETE', `/api/article/delete/${id}`, undefined, api.adminToken)).json.code).toBe(
      100,
    );
    expect(
      (await api.call('PUT', '/api/article/update', { id, article_title: 'x' }, api.adminToken)).json.code,
    ).toBe(100);
  });

  it('validates article input with clear messages', async () => {
    const bad = async (body: unknown) =>
      (await api.call('POST', '/api/article/add', body, api.adminToken)).json;
    expect((await bad({ article_content: 'x' })).code).toBe(100);
    expect((await bad({ article_title: ' ', article_content: 'x' })).message).toContain('请填写文章标题');
    expect((await bad({ article_title: 'a', article_content: 'x', status: 9 })).code).toBe(100);
    expect(
      (await bad({ article_title: 'a', article_content: 'x', origin_url: 'javascript:alert(1)' })).message,
    ).toContain('原文链接');
    expect(
      (await bad({ article_title: 'a', article_content: 'x', article_cover: 'javascript:x' })).code,
    ).toBe(100);
    expect((await bad({ article_title: 'a', article_content: 'x', type: 2 })).message).toContain('原文链接');
    expect((await bad({ article_title: 'a', article_content: 'x', category_id: 9999 })).code).toBe(100);
    expect((await bad({ article_title: 'a', article_content: 'x', tagIdList: [9999] })).code).toBe(100);
    const taken = await bad({ article_title: 'a', article_content: 'x', slug: 'typescript-type-narrowing' });
    expect(taken).toEqual({ code: 100, message: '链接别名已被其他文章使用' });
    const json = { 'content-type': 'application/json' };
    expect((await api.call('POST', '/api/article/add', '{not json', api.adminToken, json)).json.code).toBe(
      100,
    );
  });

  it('categories and tags: add, rename, refuse duplicates, delete rules', async () => {
    const add = await api.call('POST', '/api/category/add', { category_name: '测试分类' }, api.adminToken);
    expect(add.json.code).toBe(0);
    const catId = add.json.result.id;
    expect(
      (await api.call('POST', '/api/category/add', { category_name: '测试分类' }, api.adminToken)).json,
    ).toEqual({
      code: 100,
      message: '分类已存在',
    });
    expect(
      (
        await api.call(
          'PUT',
          '/api/category/update',
          { id: catId, category_name: '改名分类' },
          api.adminToken,
        )
      ).json.code,
    ).toBe(0);
    expect(
      (await api.call('PUT', '/api/category/update', { id: 9999, category_name: 'x' }, api.adminToken)).json
        .code,
    ).toBe(100);
    expect(
      (await api.call('POST', '/api/category/add', { category_name: '' }, api.adminToken)).json.code,
    ).toBe(100);

    // A category in use cannot be deleted (code 100); once empty it can.
    const art = await api.call(
      'POST',
      '/api/article/add',
      { article_title: 'uses category', article_content: 'x', category_id: catId, tagNameList: ['临时标签'] },
      api.adminToken,
    );
    const refused = await api.call('DELETE', `/api/category/delete/${catId}`, undefined, api.adminToken);
    expect(refused.json.code).toBe(100);
    expect(refused.json.message).toContain('该分类下还有文章');
    const cats = (await api.call('GET', '/api/category/getCategoryDictionary')).json.result;
    expect(cats.find((c: { id: number }) => c.id === catId)).toMatchObject({
      name: '改名分类',
      articleCount: 1,
    });

    // A tag in use is detached from its articles and deleted.
    const tags = (await api.call('GET', '/api/tag/getTagDictionary')).json.result;
    const tempTag = tags.find((t: { name: string }) => t.name === '临时标签');
    expect(
      (await api.call('DELETE', `/api/tag/delete/${tempTag.id}`, undefined, api.adminToken)).json.code,
    ).toBe(0);
    const after = (await api.call('GET', `/api/article/getArticleById/${art.json.result.id}`)).json.result;
    expect(after.tagNameList).toEqual([]);
    expect(
      (await api.call('DELETE', `/api/tag/delete/${tempTag.id}`, undefined, api.adminToken)).json.code,
    ).toBe(100);
    expect((await api.call('POST', '/api/tag/add', { tag_name: 'CSS' }, api.adminToken)).json).toEqual({
      code: 100,
      message: '标签已存在',
    });
    const tag = await api.call('POST', '/api/tag/add', { tag_name: '新的' }, api.adminToken);
    expect(
      (
        await api.call(
          'PUT',
          '/api/tag/update',
          { id: tag.json.result.id, tag_name: '更新的' },
          api.adminToken,
        )
      ).json.code,
    ).toBe(0);

    await api.call('DELETE', `/api/article/delete/${art.json.result.id}`, undefined, api.adminToken);
    expect(
      (await api.call('DELETE', `/api/category/delete/${catId}`, undefined, api.adminToken)).json.code,
    ).toBe(0);
  });
});
