import { describe, expect, it } from 'vitest';
import { setupTestApi } from './helpers.ts';

/** The owner's anime list (ours). */
const api = setupTestApi();

const add = (body: Record<string, unknown>) => api.call('POST', '/api/bangumi/add', body, api.adminToken);
const list = (body: Record<string, unknown> = {}) =>
  api.call('POST', '/api/bangumi/getBangumiList', { current: 1, size: 50, ...body }, api.adminToken);
const row = async (id: number) =>
  (await list()).json.result.list.find((b: { id: number }) => b.id === id) as Record<string, unknown>;

describe('bangumi: the owner writes the /bangumi list', () => {
  it('adds an entry with defaults and lists it with every field, newest first; visitors see it on /bangumi', async () => {
    const first = await add({ title: 'Frieren', title_cn: '葬送的芙莉莲', total_episodes: 28 });
    expect(first.json).toMatchObject({ code: 0, result: { id: expect.any(Number) } });
    const second = await add({
      title: 'Kusuriya no Hitorigoto',
      title_cn: '药屋少女的呢喃',
      cover: '/uploads/2026-01/cover.png',
      status: 2,
      progress: 5,
      total_episodes: 24,
      score: 8.5,
      summary: '宫廷推理',
      url: 'https://bangumi.tv/subject/1',
    });
    const page = (await list()).json.result;
    expect(page).toMatchObject({ current: 1, size: 50, total: 2 });
    expect(page.list.map((b: { id: number }) => b.id)).toEqual([second.json.result.id, first.json.result.id]);
    expect(Object.keys(page.list[0]).sort()).toEqual(
      [
        'id',
        'title',
        'title_cn',
        'cover',
        'status',
        'progress',
        'total_episodes',
        'score',
        'summary',
        'url',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(page.list[1]).toMatchObject({ status: 1, progress: 0, score: 0, cover: '', summary: '', url: '' });
    expect(page.list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const shown = await api.call('GET', '/api/bangumi/list?status=2');
    expect(shown.json.result.list.map((b: { title: string }) => b.title)).toContain('Kusuriya no Hitorigoto');
  });

  it('filters by status and by a title or Chinese-title substring ("" and null are no filter)', async () => {
    await add({ title: 'Mushishi', title_cn: '虫师', status: 3, total_episodes: 26 });
    const watched = (await list({ status: 3 })).json.result;
    expect(watched.list.map((b: { title: string }) => b.title)).toEqual(['Mushishi']);
    expect((await list({ title: '芙莉' })).json.result.list.map((b: { title: string }) => b.title)).toEqual([
      'Frieren',
    ]);
    expect((await list({ title: 'frieren' })).json.result.total).toBe(1);
    expect((await list({ title: '100%' })).json.result.total).toBe(0);
    expect((await list({ status: '', title: null })).json.result.total).toBe(3);
    expect((await list({ status: 4 })).json).toMatchObject({ code: 100 });
  });

  it('a watched entry has seen every known episode; progress never passes a known total', async () => {
    const watched = (await add({ title: 'Ping Pong', status: 3, total_episodes: 11 })).json.result.id;
    expect(await row(watched)).toMatchObject({ status: 3, progress: 11 });
    const id = (await add({ title: 'Haikyu', total_episodes: 25 })).json.result.id;
    expect((await add({ title: 'Too far', progress: 13, total_episodes: 12 })).json).toEqual({
      code: 100,
      message: '进度不能超过总集数 12',
    });

    const progress = await api.call('PUT', `/api/bangumi/updateProgress/${id}/7`, undefined, api.adminToken);
    expect(progress.json).toMatchObject({ code: 0, result: null });
    expect(await row(id)).toMatchObject({ progress: 7 });
    const past = await api.call('PUT', `/api/bangumi/updateProgress/${id}/26`, undefined, api.adminToken);
    expect(past.json).toEqual({ code: 100, message: '进度不能超过总集数 25' });

    await api.call('PUT', `/api/bangumi/updateStatus/${id}/2`, undefined, api.adminToken);
    expect(await row(id)).toMatchObject({ status: 2, progress: 7 });
    await api.call('PUT', `/api/bangumi/updateStatus/${id}/3`, undefined, api.adminToken);
    expect(await row(id)).toMatchObject({ status: 3, progress: 25 });
    const bad = await api.call('PUT', `/api/bangumi/updateStatus/${id}/4`, undefined, api.adminToken);
    expect(bad.json.code).toBe(100);
    const gone = await api.call('PUT', '/api/bangumi/updateStatus/99999/2', undefined, api.adminToken);
    expect(gone.json).toEqual({ code: 100, message: '番剧不存在' });

    // Unknown total (0): any progress.
    const open = (await add({ title: 'One Piece', progress: 1100 })).json.result.id;
    expect(await row(open)).toMatchObject({ progress: 1100, total_episodes: 0 });
  });

  it('updates part of an entry and checks the fields like add does', async () => {
    const id = (await add({ title: 'Original', summary: '旧简介', total_episodes: 12 })).json.result.id;
    const res = await api.call(
      'PUT',
      '/api/bangumi/update',
      { id, title_cn: '原名', score: 9 },
      api.adminToken,
    );
    expect(res.json).toMatchObject({ code: 0, result: null });
    expect(await row(id)).toMatchObject({ title: 'Original', title_cn: '原名', score: 9, summary: '旧简介' });
    for (const [body, message] of [
      [{ id }, '没有需要修改的内容'],
      [{ id, title: '' }, '请填写番剧名称'],
      [{ id, score: 11 }, '评分应在 0 到 10 之间'],
      [{ id, url: 'javascript:alert(1)' }, '链接只能是 http(s) 地址'],
      [{ id, cover: 'data:image/png;base64,AAAA' }, '封面只能是上传的图片或 http(s) 地址'],
      [{ id, title: 'x'.repeat(101) }, '番剧名称最多 100 个字'],
      [{ id, summary: '长'.repeat(1001) }, '简介最多 1000 个字'],
      [{ id, progress: 13 }, '进度不能超过总集数 12'],
    ] as const) {
      const refused = await api.call('PUT', '/api/bangumi/update', body, api.adminToken);
      expect(refused.json.code, JSON.stringify(body)).toBe(100);
      expect(refused.json.message).toContain(message);
    }
    const missing = await api.call('PUT', '/api/bangumi/update', { id: 99999, title: 'x' }, api.adminToken);
    expect(missing.json).toEqual({ code: 100, message: '番剧不存在' });
  });

  it('deletes in bulk, answering the count', async () => {
    const a = (await add({ title: 'Delete A' })).json.result.id;
    const b = (await add({ title: 'Delete B' })).json.result.id;
    const res = await api.call('PUT', '/api/bangumi/delete', { idList: [a, b, 99999] }, api.adminToken);
    expect(res.json).toMatchObject({ code: 0, result: 2 });
    expect((await list({ title: 'Delete' })).json.result.total).toBe(0);
    const again = await api.call('PUT', '/api/bangumi/delete', { idList: [a] }, api.adminToken);
    expect(again.json).toEqual({ code: 100, message: '番剧不存在' });
    const none = await api.call('PUT', '/api/bangumi/delete', { idList: [] }, api.adminToken);
    expect(none.json).toMatchObject({ code: 100 });
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect((await api.call('PUT', '/api/bangumi/delete', { idList: many }, api.adminToken)).json.code).toBe(
      100,
    );
  });

  it('refuses visitors (401) and users (403), changing nothing', async () => {
    const user = await api.user();
    const before = (await list()).json.result.total;
    for (const [token, status] of [
      [undefined, 401],
      [user.token, 403],
    ] as const) {
      expect((await api.call('POST', '/api/bangumi/getBangumiList', {}, token)).status).toBe(status);
      expect((await api.call('POST', '/api/bangumi/add', { title: '偷偷加的' }, token)).status).toBe(status);
      expect((await api.call('PUT', '/api/bangumi/delete', { idList: [1] }, token)).status).toBe(status);
    }
    expect((await list()).json.result.total).toBe(before);
  });
});
