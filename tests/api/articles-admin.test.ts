import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/server/core/messages.ts';
import { db } from '../../src/server/db/connection.ts';
import { pageCacheStats } from '../../src/server/page-cache.ts';
import { purgeExpiredArticles, startBinPurge } from '../../src/server/services/articles/trash.ts';
import { jobParts, setupTestApi } from './helpers.ts';

/**
 * The owner's article, category and tag routes (docs/api/admin.md#articles-categories-and-tags), the
 * original admin app's and the console's own: filters, the recycle bin, autosave, optimistic concurrency,
 * the preview, merges and guarded deletes. A fresh database without the demo: every row is made here.
 */
const api = setupTestApi();
const DAY_MS = 86_400_000;

type Item = { id: number; status: number; deletedAt: string | null; tagNameList: string[] };

async function add(fields: Record<string, unknown>) {
  const { json } = await api.call(
    'POST',
    '/api/article/add',
    { article_content: '正文', ...fields },
    api.adminToken,
  );
  expect(json.code, json.message).toBe(0);
  return json.result.id as number;
}

async function list(filter: Record<string, unknown> = {}): Promise<{ total: number; list: Item[] }> {
  const { json } = await api.call(
    'POST',
    '/api/article/getArticleList',
    { current: 1, size: 50, ...filter },
    api.adminToken,
  );
  expect(json.code, json.message).toBe(0);
  return json.result;
}

const ids = (page: { list: Item[] }) => page.list.map((a) => a.id).sort((a, b) => a - b);

async function status(id: number) {
  const row = await db
    .selectFrom('article')
    .select(['status', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

async function versionOf(id: number): Promise<number> {
  const { json } = await api.call('GET', `/api/article/getAutosave/${id}`, undefined, api.adminToken);
  expect(json.code, json.message).toBe(0);
  return json.result.version;
}

describe('POST /api/article/getArticleList', () => {
  it('filters by title, pin, status, tag, category and creation days; "" and null are no filter', async () => {
    const spring = await add({
      article_title: '春天的列表',
      category_name: '列表分类',
      tagNameList: ['列表标签'],
    });
    const summer = await add({ article_title: '夏天的列表', is_top: 1, status: 2 });
    const draft = await add({ article_title: '春天的草稿', status: 3 });
    // Created 2024-03-10 23:30 and 2024-03-11 00:30 China time.
    await db
      .updateTable('article')
      .set({ createdAt: '2024-03-10T15:30:00.000Z' })
      .where('id', '=', spring)
      .execute();
    await db
      .updateTable('article')
      .set({ createdAt: '2024-03-10T16:30:00.000Z' })
      .where('id', '=', summer)
      .execute();

    const all = await list({
      article_title: '',
      is_top: null,
      status: '',
      tag_id: null,
      create_time: ['', ''],
    });
    expect(ids(all)).toEqual(expect.arrayContaining([spring, summer]));
    expect(ids(all)).not.toContain(draft); // absent status: public and private only
    const first = all.list[0] as Record<string, unknown>;
    for (const key of ['id', 'article_title', 'status', 'is_top', 'categoryName', 'tagNameList', 'createdAt'])
      expect(first).toHaveProperty(key);
    expect(first).not.toHaveProperty('article_content');

    expect(ids(await list({ article_title: '春天' }))).toEqual([spring]);
    expect(ids(await list({ article_title: '春天', status: 3 }))).toEqual([draft]);
    // LIKE's wildcards are text here.
    expect((await list({ article_title: '%' })).total).toBe(0);
    expect((await list({ article_title: '_' })).total).toBe(0);
    expect(ids(await list({ is_top: 1 }))).toEqual([summer]);
    expect(ids(await list({ status: 2 }))).toEqual([summer]);
    const cat = (
      await db
        .selectFrom('category')
        .select('id')
        .where('category_name', '=', '列表分类')
        .executeTakeFirstOrThrow()
    ).id;
    const tag = (
      await db.selectFrom('tag').select('id').where('tag_name', '=', '列表标签').executeTakeFirstOrThrow()
    ).id;
    expect(ids(await list({ category_id: cat }))).toEqual([spring]);
    expect(ids(await list({ tag_id: tag }))).toEqual([spring]);
    // A tag without articles gives nothing (the original dropped the filter).
    const lonely = (await api.call('POST', '/api/tag/add', { tag_name: '空标签' }, api.adminToken)).json
      .result.id;
    expect((await list({ tag_id: lonely })).total).toBe(0);
    // The end day is included, in China time.
    expect(ids(await list({ create_time: ['2024-03-01', '2024-03-10'] }))).toEqual([spring]);
    expect(ids(await list({ create_time: ['2024-03-11', '2024-03-11'] }))).toEqual([summer]);
    expect(ids(await list({ create_time: ['2024-03-10', '2024-03-11'] }))).toEqual([spring, summer]);
  });

  it('refuses bad filters with a Chinese message', async () => {
    for (const bad of [
      { status: 5 },
      { is_top: 3 },
      { create_time: ['2024-03-11', '2024-03-01'] },
      { create_time: ['昨天', '今天'] },
    ]) {
      const { status: http, json } = await api.call(
        'POST',
        '/api/article/getArticleList',
        bad,
        api.adminToken,
      );
      expect(http).toBe(200);
      expect(json.code).toBe(100);
      expect(json.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('POST /api/article/titleExist', () => {
  it('is true for a title taken by another article, false for the article itself', async () => {
    const id = await add({ article_title: '独一无二的标题' });
    const ask = async (body: Record<string, unknown>) =>
      (await api.call('POST', '/api/article/titleExist', body, api.adminToken)).json.result;
    expect(await ask({ article_title: '独一无二的标题' })).toBe(true);
    expect(await ask({ article_title: '独一无二的标题', id })).toBe(false);
    expect(await ask({ article_title: '没人用过的标题' })).toBe(false);
  });
});

describe('add and update with the original admin app bodies', () => {
  it('finds or creates the category by name and the tags of tagList, ignoring form-only keys and author_id', async () => {
    const known = (await api.call('POST', '/api/tag/add', { tag_name: '已有标签' }, api.adminToken)).json
      .result;
    expect(known).toEqual({ id: expect.any(Number), tag_name: '已有标签' });
    const intruder = await api.user();
    const id = await add({
      article_title: '原版后台写的文章',
      article_description: '简介',
      article_cover: null,
      author_id: intruder.id,
      category: { category_name: '原版分类' },
      tagList: [{ id: known.id, tag_name: '已有标签' }, { tag_name: '原版新标签' }],
      tagIdList: [known.id, '原版新标签'],
      coverList: [],
      is_top: 2,
      order: null,
      status: 1,
      type: 1,
      origin_url: null,
    });
    const got = (await api.call('GET', `/api/article/getArticleById/${id}`)).json.result;
    expect(got.categoryName).toBe('原版分类');
    expect(got.tagNameList).toEqual(['已有标签', '原版新标签']);
    expect(got.author_id).toBe(api.adminId);

    const cat = (await api.call('POST', '/api/category/add', { category_name: '另一分类' }, api.adminToken))
      .json.result;
    expect(cat).toEqual({ id: expect.any(Number), category_name: '另一分类' });
    const { json } = await api.call(
      'PUT',
      '/api/article/update',
      {
        id,
        article_title: '原版后台改过',
        category: { id: cat.id, category_name: '另一分类' },
        tagList: [{ tag_name: '只剩这个' }],
      },
      api.adminToken,
    );
    expect(json.code, json.message).toBe(0);
    const after = (await api.call('GET', `/api/article/getArticleById/${id}`)).json.result;
    expect(after.article_title).toBe('原版后台改过');
    expect(after.categoryName).toBe('另一分类');
    expect(after.tagNameList).toEqual(['只剩这个']);
  });
});

describe('the recycle bin (status 3)', () => {
  it('delete → 3 → revert → 1; delete twice → gone', async () => {
    const id = await add({ article_title: '回收站往返' });
    const del = await api.call('DELETE', `/api/article/delete/${id}/1`, undefined, api.adminToken);
    expect(del.json).toMatchObject({ code: 0, result: true });
    expect((await status(id))?.status).toBe(3);
    // Binned: off the public pages, in the bin tab with its date, not among the drafts.
    expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.code).toBe(100);
    const binned = (await list({ status: 3, is_deleted: 1 })).list.find((a) => a.id === id);
    expect(binned?.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(ids(await list({ status: 3, is_deleted: 2 }))).not.toContain(id);

    const revert = await api.call('PUT', `/api/article/revert/${id}`, undefined, api.adminToken);
    expect(revert.json).toMatchObject({ code: 0, result: true });
    expect(await status(id)).toEqual({ status: 1, deleted_at: null });
    expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.code).toBe(0);

    await api.call('DELETE', `/api/article/delete/${id}/1`, undefined, api.adminToken);
    const gone = await api.call('DELETE', `/api/article/delete/${id}/3`, undefined, api.adminToken);
    expect(gone.json).toMatchObject({ code: 0, result: true });
    expect(await status(id)).toBeNull();
    expect((await api.call('PUT', `/api/article/revert/${id}`, undefined, api.adminToken)).json.code).toBe(
      100,
    );
  });

  it('a private article goes to the bin too; a draft is deleted for good at once', async () => {
    const hidden = await add({ article_title: '私密的', status: 2 });
    await api.call('DELETE', `/api/article/delete/${hidden}/2`, undefined, api.adminToken);
    expect((await status(hidden))?.status).toBe(3);
    const draft = await add({ article_title: '只是草稿', status: 3 });
    expect(ids(await list({ status: 3, is_deleted: 2 }))).toContain(draft);
    await api.call('DELETE', `/api/article/delete/${draft}/3`, undefined, api.adminToken);
    expect(await status(draft)).toBeNull();
  });

  it('a client whose status is out of date is refused, not guessed at', async () => {
    const id = await add({ article_title: '状态过期' });
    const wrong = await api.call('DELETE', `/api/article/delete/${id}/3`, undefined, api.adminToken);
    expect(wrong.json).toMatchObject({ code: 100, message: MSG.articleStatusChanged });
    expect((await status(id))?.status).toBe(1);
    await api.call('DELETE', `/api/article/delete/${id}/1`, undefined, api.adminToken);
    const twice = await api.call('DELETE', `/api/article/delete/${id}/1`, undefined, api.adminToken);
    expect(twice.json.code).toBe(100);
    expect(await status(id)).not.toBeNull();
  });

  it('binned articles older than 30 days are purged with a moved clock; drafts never expire', async () => {
    const old = await add({ article_title: '过期的回收站文章' });
    const fresh = await add({ article_title: '刚删除的文章' });
    const draft = await add({ article_title: '永不过期的草稿', status: 3 });
    await api.call('DELETE', `/api/article/delete/${old}/1`, undefined, api.adminToken);
    await api.call('DELETE', `/api/article/delete/${fresh}/1`, undefined, api.adminToken);
    // The first was binned ten days before the second as far as the purge can tell.
    const row = await db
      .selectFrom('article')
      .select('deleted_at')
      .where('id', '=', old)
      .executeTakeFirstOrThrow();
    const earlier = new Date(Date.parse(row.deleted_at ?? '') - 10 * DAY_MS).toISOString();
    await db.updateTable('article').set({ deleted_at: earlier }).where('id', '=', old).execute();

    // 19 days on, the old one has been in the bin 29 days: kept.
    expect(await purgeExpiredArticles(jobParts(19 * DAY_MS))).toEqual([]);
    // 21 days on (31 for the old one): the daily purge, started with that clock, removes only it.
    const purge = startBinPurge(jobParts(21 * DAY_MS));
    expect(await purge.first).toEqual([old]);
    purge.stop();
    expect(await status(old)).toBeNull();
    expect(await status(fresh)).not.toBeNull();
    expect(await purgeExpiredArticles(jobParts(3650 * DAY_MS))).toContain(fresh);
    expect((await status(draft))?.status).toBe(3);
  });
});

describe('what follows a bin move', () => {
  it('the page cache is cleared by a move, not by a refusal; search drops and regains the article', async () => {
    const id = await add({ article_title: '琉璃瓦上的月光', article_content: '琉璃瓦上的月光照着小站' });
    const found = async () =>
      (
        await api.call('GET', `/api/article/getArticleListByContent/${encodeURIComponent('琉璃瓦上的月光')}`)
      ).json.result.map((hit: { id: number }) => hit.id);
    expect(await found()).toContain(id);
    let before = pageCacheStats.invalidations;
    await api.call('DELETE', `/api/article/delete/${id}/1`, undefined, api.adminToken);
    expect(pageCacheStats.invalidations).toBe(before + 1);
    expect(await found()).not.toContain(id);
    before = pageCacheStats.invalidations;
    expect(
      (await api.call('DELETE', `/api/article/delete/${id}/1`, undefined, api.adminToken)).json.code,
    ).toBe(100);
    expect(pageCacheStats.invalidations).toBe(before);
    await api.call('PUT', `/api/article/revert/${id}`, undefined, api.adminToken);
    expect(pageCacheStats.invalidations).toBe(before + 1);
    expect(await found()).toContain(id);
  });
});

describe('PUT /api/article/isPublic/{id}/{status}', () => {
  it('takes the current status: 1 hides, 2 publishes', async () => {
    const id = await add({ article_title: '公开与隐藏' });
    const hide = await api.call('PUT', `/api/article/isPublic/${id}/1`, undefined, api.adminToken);
    expect(hide.json).toMatchObject({ code: 0, message: '隐藏文章成功', result: true });
    expect((await status(id))?.status).toBe(2);
    const show = await api.call('PUT', `/api/article/isPublic/${id}/2`, undefined, api.adminToken);
    expect(show.json).toMatchObject({ code: 0, message: '公开文章成功', result: true });
    expect((await status(id))?.status).toBe(1);
  });
});

describe('autosave and optimistic concurrency', () => {
  it('stores the editor state apart from the article, reads it back, and a save clears it', async () => {
    const id = await add({ article_title: '自动保存', article_content: '已发布的正文' });
    const version = await versionOf(id);
    const saved = await api.call(
      'PUT',
      '/api/article/autosave',
      { id, version, article_title: '自动保存', article_content: '写到一半的句' },
      api.adminToken,
    );
    expect(saved.json.code, saved.json.message).toBe(0);
    expect(saved.json.result).toEqual({ savedAt: expect.any(String), version });
    // The published article is untouched.
    expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.result.article_content).toBe(
      '已发布的正文',
    );
    const state = (await api.call('GET', `/api/article/getAutosave/${id}`, undefined, api.adminToken)).json
      .result;
    expect(state).toMatchObject({
      version,
      autosave: { base_version: version, draft: { article_content: '写到一半的句' } },
    });

    const save = await api.call(
      'PUT',
      '/api/article/update',
      { id, version, article_content: '写完的句子。' },
      api.adminToken,
    );
    expect(save.json.result).toEqual({ id, version: version + 1 });
    expect(
      (await api.call('GET', `/api/article/getAutosave/${id}`, undefined, api.adminToken)).json.result,
    ).toEqual({
      version: version + 1,
      autosave: null,
    });
  });

  it('keeps a new article per author until it is created', async () => {
    await api.call(
      'PUT',
      '/api/article/autosave',
      { article_title: '新文章', article_content: '开头' },
      api.adminToken,
    );
    const state = (await api.call('GET', '/api/article/getAutosave/0', undefined, api.adminToken)).json
      .result;
    expect(state).toMatchObject({
      version: null,
      autosave: { base_version: null, draft: { article_title: '新文章' } },
    });
    await add({ article_title: '新文章' });
    expect(
      (await api.call('GET', '/api/article/getAutosave/0', undefined, api.adminToken)).json.result.autosave,
    ).toBeNull();
    expect((await api.call('PUT', '/api/article/autosave', { id: 999_999 }, api.adminToken)).json.code).toBe(
      100,
    );
  });

  it('refuses a save over a newer version unless the client overwrites', async () => {
    const id = await add({ article_title: '两个标签页' });
    const loaded = await versionOf(id);
    const tabA = await api.call(
      'PUT',
      '/api/article/update',
      { id, version: loaded, article_content: 'A 的版本' },
      api.adminToken,
    );
    expect(tabA.json.code).toBe(0);
    const tabB = await api.call(
      'PUT',
      '/api/article/update',
      { id, version: loaded, article_content: 'B 的版本' },
      api.adminToken,
    );
    expect(tabB.json).toEqual({ code: 100, message: MSG.articleChanged });
    expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.result.article_content).toBe(
      'A 的版本',
    );
    const forced = await api.call(
      'PUT',
      '/api/article/update',
      { id, version: loaded, overwrite: true, article_content: 'B 的版本' },
      api.adminToken,
    );
    expect(forced.json.code).toBe(0);
    expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.result.article_content).toBe(
      'B 的版本',
    );
    // A pin or a status move is a new version too.
    const before = await versionOf(id);
    await api.call('PUT', `/api/article/isPublic/${id}/1`, undefined, api.adminToken);
    expect(await versionOf(id)).toBe(before + 1);
  });
});

describe('POST /api/article/preview', () => {
  it('renders exactly what the article page shows for the same Markdown', async () => {
    const markdown =
      '# 预览\n\n正文 **粗体** <script>alert(1)</script>\n\n```ts\nconst a: number = 1;\n```\n\n## 第二节\n';
    const id = await add({ article_title: '预览对照', article_content: markdown });
    const page = (await api.call('GET', `/api/article/adminPreview/${id}`, undefined, api.adminToken)).json
      .result;
    const { json } = await api.call(
      'POST',
      '/api/article/preview',
      { article_content: markdown },
      api.adminToken,
    );
    expect(json.code).toBe(0);
    // The same HTML, but for the marks of each block's source line that the editor scrolls by.
    expect(json.result.html.replace(/ data-source-line="\d+"/g, '')).toBe(page.html);
    expect(json.result.html).toContain('<h2 id="第二节" data-source-line="9">');
    expect(json.result.toc).toEqual(page.toc);
    expect(json.result.html).not.toContain('<script');
    expect(json.result.html).toContain('shiki');
    // Two first renders, each maybe in a new Markdown worker loading Shiki's grammars: on a busy
    // 2-core machine that alone took over 20 s.
  }, 90_000);
});

describe('categories and tags', () => {
  it('lists with article counts and a name filter', async () => {
    await api.call('POST', '/api/category/add', { category_name: '计数分类' }, api.adminToken);
    await add({ article_title: '计数用', category_name: '计数分类', status: 3 });
    const { json } = await api.call(
      'POST',
      '/api/category/getCategoryList',
      { current: 1, size: 10, category_name: '计数' },
      api.adminToken,
    );
    expect(json.result).toMatchObject({ current: 1, size: 10, total: 1 });
    expect(json.result.list[0]).toEqual({
      id: expect.any(Number),
      category_name: '计数分类',
      articleCount: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const tags = (
      await api.call('POST', '/api/tag/getTagList', { current: 1, size: 50, tag_name: '' }, api.adminToken)
    ).json.result;
    expect(tags.list[0]).toHaveProperty('tag_name');
    expect(tags.total).toBeGreaterThan(1);
  });

  it('bulk deletes unused terms, refuses used ones unless moveTo is given', async () => {
    const make = async (name: string) =>
      (await api.call('POST', '/api/category/add', { category_name: name }, api.adminToken)).json.result.id;
    const [a, b, used, target] = [
      await make('删甲'),
      await make('删乙'),
      await make('有文章'),
      await make('接收'),
    ];
    const article = await add({ article_title: '要搬家的文章', category_id: used });
    const ok = await api.call('POST', '/api/category/delete', { categoryIdList: [a, b] }, api.adminToken);
    expect(ok.json).toMatchObject({ code: 0, result: { updateNum: 2 } });
    const refused = await api.call(
      'POST',
      '/api/category/delete',
      { categoryIdList: [used] },
      api.adminToken,
    );
    expect(refused.json).toEqual({ code: 100, message: MSG.categoryInUse });
    const self = await api.call(
      'POST',
      '/api/category/delete',
      { categoryIdList: [used], moveTo: used },
      api.adminToken,
    );
    expect(self.json.code).toBe(100);
    const moved = await api.call(
      'POST',
      '/api/category/delete',
      { categoryIdList: [used], moveTo: target },
      api.adminToken,
    );
    expect(moved.json.result).toEqual({ updateNum: 1 });
    expect((await api.call('GET', `/api/article/getArticleById/${article}`)).json.result.categoryName).toBe(
      '接收',
    );
    expect(
      (await api.call('POST', '/api/category/delete', { categoryIdList: [] }, api.adminToken)).json.code,
    ).toBe(100);

    const tag = (await api.call('POST', '/api/tag/add', { tag_name: '用着的标签' }, api.adminToken)).json
      .result.id;
    const spare = (await api.call('POST', '/api/tag/add', { tag_name: '闲着的标签' }, api.adminToken)).json
      .result.id;
    await api.call('PUT', '/api/article/update', { id: article, tagIdList: [tag] }, api.adminToken);
    expect((await api.call('POST', '/api/tag/delete', { tagIdList: [tag] }, api.adminToken)).json).toEqual({
      code: 100,
      message: MSG.tagInUse,
    });
    const tagMoved = await api.call(
      'POST',
      '/api/tag/delete',
      { tagIdList: [tag], moveTo: spare },
      api.adminToken,
    );
    expect(tagMoved.json.result).toEqual({ updateNum: 1 });
    expect((await api.call('GET', `/api/article/getArticleById/${article}`)).json.result.tagNameList).toEqual(
      ['闲着的标签'],
    );
  });

  it('merges one term into another, moving the articles without doubling a tag', async () => {
    const cat = async (name: string) =>
      (await api.call('POST', '/api/category/add', { category_name: name }, api.adminToken)).json.result.id;
    const [from, to] = [await cat('合并来源'), await cat('合并目标')];
    const a = await add({ article_title: '合并甲', category_id: from, tagNameList: ['合并旧', '合并新'] });
    const b = await add({ article_title: '合并乙', category_id: from, tagNameList: ['合并旧'] });
    const merged = await api.call('PUT', '/api/category/merge', { from, to }, api.adminToken);
    expect(merged.json).toMatchObject({ code: 0, result: { updateNum: 2 } });
    expect(ids(await list({ category_id: to }))).toEqual([a, b]);
    expect((await api.call('PUT', '/api/category/merge', { from: to, to }, api.adminToken)).json).toEqual({
      code: 100,
      message: MSG.mergeIntoItself,
    });
    expect((await api.call('PUT', '/api/category/merge', { from, to }, api.adminToken)).json.code).toBe(100);

    const tagId = async (name: string) =>
      (await db.selectFrom('tag').select('id').where('tag_name', '=', name).executeTakeFirstOrThrow()).id;
    const [oldTag, newTag] = [await tagId('合并旧'), await tagId('合并新')];
    const tagMerge = await api.call('PUT', '/api/tag/merge', { from: oldTag, to: newTag }, api.adminToken);
    expect(tagMerge.json.result).toEqual({ updateNum: 2 });
    for (const id of [a, b])
      expect((await api.call('GET', `/api/article/getArticleById/${id}`)).json.result.tagNameList).toEqual([
        '合并新',
      ]);
  });
});

describe('refusals', () => {
  const CALLS: [string, string, unknown][] = [
    ['POST', '/api/article/getArticleList', {}],
    ['POST', '/api/article/titleExist', { article_title: '标题' }],
    ['DELETE', '/api/article/delete/1/1', undefined],
    ['PUT', '/api/article/revert/1', undefined],
    ['PUT', '/api/article/isPublic/1/1', undefined],
    ['PUT', '/api/article/autosave', { article_content: '偷看' }],
    ['GET', '/api/article/getAutosave/0', undefined],
    ['POST', '/api/article/preview', { article_content: '# 标题' }],
    ['POST', '/api/category/getCategoryList', {}],
    ['POST', '/api/category/delete', { categoryIdList: [1] }],
    ['PUT', '/api/category/merge', { from: 1, to: 2 }],
    ['POST', '/api/tag/getTagList', {}],
    ['POST', '/api/tag/delete', { tagIdList: [1] }],
    ['PUT', '/api/tag/merge', { from: 1, to: 2 }],
  ];
  it('a visitor gets 401 and a signed-in user 403 on every owner route', async () => {
    const user = await api.user();
    for (const [method, url, body] of CALLS) {
      expect((await api.call(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await api.call(method, url, body, user.token)).status, `${method} ${url}`).toBe(403);
    }
  });
});
