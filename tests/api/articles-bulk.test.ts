import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { forgetFacts } from '../../src/server/services/images/library.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The console's article list (docs/api/admin.md#articles-categories-and-tags): the counts and thumbnail
 * getArticleList adds to each row, and PUT /api/article/bulk's four actions.
 */
const api = setupTestApi();

async function add(fields: Record<string, unknown>) {
  const { json } = await api.call(
    'POST',
    '/api/article/add',
    { article_content: '正文', status: 1, ...fields },
    api.adminToken,
  );
  expect(json.code, json.message).toBe(0);
  return json.result.id as number;
}

const bulk = (body: Record<string, unknown>) => api.call('PUT', '/api/article/bulk', body, api.adminToken);

async function rowOf(id: number) {
  return db
    .selectFrom('article')
    .select(['status', 'deleted_at', 'category_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function listed(title: string) {
  const { json } = await api.call(
    'POST',
    '/api/article/getArticleList',
    { current: 1, size: 10, article_title: title },
    api.adminToken,
  );
  expect(json.code, json.message).toBe(0);
  return json.result.list[0];
}

describe('POST /api/article/getArticleList rows', () => {
  it('carry the published comments and the 480 px variant of an uploaded cover, else the cover', async () => {
    const cover = '/uploads/2026-11/bulkcover.jpg';
    const id = await add({ article_title: '带封面的列表行', article_cover: cover });
    const now = new Date().toISOString();
    const comment = (review_status: string) => ({
      type: 1,
      for_id: id,
      parent_id: null,
      from_id: 1,
      to_id: null,
      content: '评论',
      thumbs_up: 0,
      ip: '127.0.0.1',
      ip_address: '',
      review_status,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('comment')
      .values([comment('published'), comment('published'), comment('pending')])
      .execute();
    let row = await listed('带封面的列表行');
    expect(row).toMatchObject({ commentCount: 2, coverThumb: cover, view_times: 0, thumbs_up_times: 0 });

    await db
      .insertInto('upload')
      .values({
        url: cover,
        mime: 'image/jpeg',
        byte_size: 1,
        width: 2000,
        height: 1000,
        variant_widths: '480,960,1600',
        status: 'done',
        lease_until: null,
        user_id: null,
        createdAt: now,
      })
      .execute();
    forgetFacts();
    row = await listed('带封面的列表行');
    expect(row.coverThumb).toBe('/uploads/2026-11/bulkcover-480.webp');
    expect(row.article_cover).toBe(cover);
  });
});

describe('PUT /api/article/bulk', () => {
  it('publishes private ones, hides public and scheduled ones, bins, and moves to a category', async () => {
    const a = await add({ article_title: '批量甲' });
    const b = await add({ article_title: '批量乙', status: 2 });
    const draft = await add({ article_title: '批量草稿', status: 3 });

    const hide = await bulk({ idList: [a, b, draft], action: 'private' });
    expect(hide.json).toMatchObject({ code: 0, result: { updateNum: 1 } });
    expect((await rowOf(a)).status).toBe(2);
    expect((await rowOf(draft)).status).toBe(3);

    const show = await bulk({ idList: [a, b, draft], action: 'public' });
    expect(show.json).toMatchObject({ code: 0, result: { updateNum: 2 } });
    expect([(await rowOf(a)).status, (await rowOf(b)).status, (await rowOf(draft)).status]).toEqual([
      1, 1, 3,
    ]);

    const cat = await api.call('POST', '/api/category/add', { category_name: '批量分类' }, api.adminToken);
    expect(cat.json.code, cat.json.message).toBe(0);
    const categoryId = cat.json.result.id as number;
    const moved = await bulk({ idList: [a, b], action: 'category', category_id: categoryId });
    expect(moved.json).toMatchObject({ code: 0, result: { updateNum: 2 } });
    expect((await rowOf(b)).category_id).toBe(categoryId);

    const binned = await bulk({ idList: [a, b, draft], action: 'bin' });
    expect(binned.json).toMatchObject({ code: 0, result: { updateNum: 2 } });
    const after = await rowOf(a);
    expect(after.status).toBe(3);
    expect(after.deleted_at).not.toBeNull();
    // A draft was never in the list: it is not stamped as binned.
    expect((await rowOf(draft)).deleted_at).toBeNull();

    await expect
      .poll(async () =>
        db.selectFrom('audit_log').select('label').where('action', '=', '批量修改文章').execute(),
      )
      .toContainEqual({ label: expect.stringContaining('批量甲') });
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const a = await add({ article_title: '批量拒绝' });
    for (const [body, message] of [
      [{ idList: [], action: 'bin' }, '请选择文章'],
      [{ idList: [a], action: 'burn' }, '未知的批量操作'],
      [{ idList: [a], action: 'category' }, '请选择分类'],
    ] as const) {
      const res = await bulk(body);
      expect(res.json.code, JSON.stringify(body)).not.toBe(0);
      expect(res.json.message).toContain(message);
    }
    const missing = await bulk({ idList: [a], action: 'category', category_id: 999_999 });
    expect(missing.json.message).toBe('分类不存在');
    expect(await rowOf(a)).toMatchObject({ status: 1, deleted_at: null });
  });
});
