import { describe, expect, it } from 'vitest';
import { setupTestApi } from './helpers.ts';

/** The owner's routes for resources and the site list (ours). */
const api = setupTestApi();

const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);
const tool = (n: string, extra: Record<string, unknown> = {}) => ({
  category: '工具',
  name: `工具${n}`,
  desc: `描述${n}`,
  url: `https://tools.example/${n}`,
  icon: '',
  ...extra,
});

describe('resources: the owner writes /resources/front and /resources/back', () => {
  it('creates rows (each last of the table), lists them flat by kind, order, id, with filters', async () => {
    const a = await as('POST', '/api/resources/addOrUpdate', { kind: 'front', ...tool('a') });
    expect(a.json).toMatchObject({ code: 0, message: '添加成功', result: { id: expect.any(Number) } });
    const b = await as('POST', '/api/resources/addOrUpdate', {
      kind: 'back',
      ...tool('b', { category: '数据库' }),
    });
    const c = await as('POST', '/api/resources/addOrUpdate', {
      kind: 'front',
      ...tool('c', { category: '框架', icon: '/uploads/2026-01/icon.png', id: null }),
    });
    const page = (await as('POST', '/api/resources/getResourceList', { current: 1, size: 10 })).json.result;
    expect(page.total).toBe(3);
    expect(page.list.map((r: { name: string }) => r.name)).toEqual(['工具b', '工具a', '工具c']);
    expect(page.list[1]).toEqual({
      id: a.json.result.id,
      kind: 'front',
      category: '工具',
      name: '工具a',
      desc: '描述a',
      url: 'https://tools.example/a',
      icon: '',
      order: 1,
    });
    expect(page.list[2].order).toBe(3);

    const front = (await as('POST', '/api/resources/getResourceList', { kind: 'front', category: '' })).json;
    expect(front.result.list.map((r: { id: number }) => r.id)).toEqual([a.json.result.id, c.json.result.id]);
    const named = (await as('POST', '/api/resources/getResourceList', { name: 'B', kind: null })).json.result;
    expect(named.list.map((r: { id: number }) => r.id)).toEqual([b.json.result.id]);
    const byCategory = (await as('POST', '/api/resources/getResourceList', { category: '框架' })).json.result;
    expect(byCategory.list.map((r: { id: number }) => r.id)).toEqual([c.json.result.id]);

    // Visitors see the new rows on the page's list, grouped by category.
    const shown = await api.call('GET', '/api/resources/list?kind=front');
    expect(shown.json.result.map((g: { category: string }) => g.category)).toEqual(['工具', '框架']);
  });

  it('gives the category picker per kind, with counts', async () => {
    await as('POST', '/api/resources/addOrUpdate', { kind: 'front', ...tool('d') });
    const front = await as('GET', '/api/resources/getCategoryDictionary?kind=front');
    expect(front.json.result).toEqual([
      { category: '工具', count: 2 },
      { category: '框架', count: 1 },
    ]);
    const all = await as('GET', '/api/resources/getCategoryDictionary');
    expect(all.json.result).toHaveLength(3);
    expect((await as('GET', '/api/resources/getCategoryDictionary?kind=side')).json.code).toBe(100);
  });

  it('updates a row by id, refusing bad fields with Chinese messages', async () => {
    const id = (await as('POST', '/api/resources/addOrUpdate', { kind: 'back', ...tool('e') })).json.result
      .id;
    const res = await as('POST', '/api/resources/addOrUpdate', {
      id,
      kind: 'front',
      ...tool('e', { name: '改名', order: 40 }),
    });
    expect(res.json).toMatchObject({ code: 0, message: '修改成功', result: { id } });
    const rows = (await as('POST', '/api/resources/getResourceList', { name: '改名' })).json.result.list;
    expect(rows).toEqual([expect.objectContaining({ id, kind: 'front', name: '改名', order: 40 })]);
    for (const [body, message] of [
      [{ kind: 'front', ...tool('x', { url: 'javascript:alert(1)' }) }, '链接只能是 http(s) 地址'],
      [
        { kind: 'front', ...tool('x', { icon: 'data:image/png;base64,AA' }) },
        '图标只能是上传的图片或 http(s) 地址',
      ],
      [{ kind: 'front', ...tool('x', { category: '' }) }, '请填写分类'],
      [{ kind: 'front', ...tool('x', { category: '类'.repeat(21) }) }, '分类最多 20 个字'],
      [{ kind: 'front', ...tool('x', { name: '名'.repeat(51) }) }, '名称最多 50 个字'],
      [{ kind: 'front', ...tool('x', { desc: '述'.repeat(201) }) }, '描述最多 200 个字'],
      [{ kind: 'side', ...tool('x') }, 'kind 只能是 front 或 back'],
      [tool('x'), 'kind'],
      [{ kind: 'front', ...tool('x', { order: -1 }) }, '排序不能小于 0'],
      [{ id: 99999, kind: 'front', ...tool('x') }, '资源不存在'],
    ] as const) {
      const refused = await as('POST', '/api/resources/addOrUpdate', body);
      expect(refused.json.code, JSON.stringify(body)).toBe(100);
      expect(refused.json.message).toContain(message);
    }
  });

  it('saves a drag-and-drop order all or none, and deletes in bulk', async () => {
    const list = (await as('POST', '/api/resources/getResourceList', { kind: 'front', size: 50 })).json.result
      .list;
    const reversed = list.map((r: { id: number }, i: number) => ({ id: r.id, order: list.length - i }));
    expect((await as('PUT', '/api/resources/updateOrder', { list: reversed })).json).toMatchObject({
      code: 0,
      result: null,
    });
    const after = (await as('POST', '/api/resources/getResourceList', { kind: 'front', size: 50 })).json
      .result;
    expect(after.list.map((r: { id: number }) => r.id)).toEqual(
      list.map((r: { id: number }) => r.id).reverse(),
    );

    const stale = await as('PUT', '/api/resources/updateOrder', {
      list: [
        { id: list[0].id, order: 99 },
        { id: 99999, order: 1 },
      ],
    });
    expect(stale.json).toEqual({ code: 100, message: '资源不存在' });
    const unchanged = (await as('POST', '/api/resources/getResourceList', { kind: 'front', size: 50 })).json
      .result;
    expect(unchanged.list.find((r: { id: number }) => r.id === list[0].id).order).toBe(list.length);
    expect((await as('PUT', '/api/resources/updateOrder', { list: [] })).json.code).toBe(100);

    const ids = list.slice(0, 2).map((r: { id: number }) => r.id);
    expect((await as('PUT', '/api/resources/delete', { idList: [...ids, 99999] })).json).toMatchObject({
      code: 0,
      result: 2,
    });
    expect((await as('PUT', '/api/resources/delete', { idList: ids })).json).toEqual({
      code: 100,
      message: '资源不存在',
    });
  });
});

describe('site list: the owner writes /siteList', () => {
  it('has the same five routes without kind', async () => {
    const a = await as('POST', '/api/site/addOrUpdate', tool('s1', { category: '博客' }));
    const b = await as('POST', '/api/site/addOrUpdate', {
      ...tool('s2', { category: '社区' }),
      kind: 'front',
    });
    expect(a.json.code).toBe(0);
    const page = (await as('POST', '/api/site/getSiteList', { current: 1, size: 10, category: '' })).json
      .result;
    expect(page.total).toBe(2);
    expect(page.list[0]).toEqual({
      id: a.json.result.id,
      category: '博客',
      name: '工具s1',
      desc: '描述s1',
      url: 'https://tools.example/s1',
      icon: '',
      order: 1,
    });
    expect((await as('GET', '/api/site/getCategoryDictionary')).json.result).toEqual([
      { category: '博客', count: 1 },
      { category: '社区', count: 1 },
    ]);
    await as('PUT', '/api/site/updateOrder', {
      list: [
        { id: a.json.result.id, order: 2 },
        { id: b.json.result.id, order: 1 },
      ],
    });
    const shown = await api.call('GET', '/api/site/list');
    expect(shown.json.result.map((g: { category: string }) => g.category)).toEqual(['社区', '博客']);
    expect((await as('POST', '/api/site/addOrUpdate', { id: 99999, ...tool('x') })).json).toEqual({
      code: 100,
      message: '网站不存在',
    });
    expect((await as('PUT', '/api/site/delete', { idList: [a.json.result.id] })).json.result).toBe(1);
    expect((await as('POST', '/api/site/getSiteList', {})).json.result.total).toBe(1);
  });

  it('refuses visitors (401) and users (403) on every route', async () => {
    const user = await api.user();
    for (const [token, status] of [
      [undefined, 401],
      [user.token, 403],
    ] as const)
      for (const [method, url, body] of [
        ['POST', '/api/site/getSiteList', {}],
        ['GET', '/api/site/getCategoryDictionary', undefined],
        ['POST', '/api/site/addOrUpdate', tool('z')],
        ['PUT', '/api/site/updateOrder', { list: [{ id: 1, order: 1 }] }],
        ['PUT', '/api/site/delete', { idList: [1] }],
        ['POST', '/api/resources/getResourceList', {}],
        ['GET', '/api/resources/getCategoryDictionary?kind=front', undefined],
        ['POST', '/api/resources/addOrUpdate', { kind: 'front', ...tool('z') }],
        ['PUT', '/api/resources/updateOrder', { list: [{ id: 1, order: 1 }] }],
        ['PUT', '/api/resources/delete', { idList: [1] }],
      ] as const)
        expect((await api.call(method, url, body, token)).status, `${method} ${url}`).toBe(status);
    expect((await as('POST', '/api/site/getSiteList', {})).json.result.total).toBe(1);
  });
});
