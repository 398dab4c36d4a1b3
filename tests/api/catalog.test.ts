import { describe, expect, it } from 'vitest';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi({ seed: true });

describe('photo albums, bangumi, resources and the site list', () => {
  it('lists albums with photo counts, and the photos of one album', async () => {
    const albums = await api.call('GET', '/api/photoAlbum/getAllAlbumList');
    expect(albums.json.code).toBe(0);
    expect(albums.json.result).toHaveLength(3);
    const first = albums.json.result.find((a: { album_name: string }) => a.album_name === '山海之间');
    expect(first).toMatchObject({ description: expect.any(String), photoCount: 8 });
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['id', 'album_name', 'description', 'album_cover', 'photoCount']),
    );
    const photos = await api.call('GET', `/api/photo/getAllPhotosByAlbumId/${first.id}`);
    expect(photos.json.result).toHaveLength(8);
    expect(photos.json.result[0]).toEqual({
      id: expect.any(Number),
      album_id: first.id,
      url: expect.stringMatching(/^\/uploads\/demo\/photo-/),
      createdAt: expect.any(String),
      // Ours, added: the owner's caption (empty when none).
      caption: '',
    });
    expect((await api.call('GET', '/api/photo/getAllPhotosByAlbumId/999')).json.result).toEqual([]);
    expect((await api.call('GET', '/api/photo/getAllPhotosByAlbumId/abc')).json.code).toBe(100);
  });

  it('pages the anime list by status', async () => {
    const watching = await api.call('GET', '/api/bangumi/list?status=2&current=1&size=2');
    expect(watching.json.result).toMatchObject({ current: 1, size: 2, total: 3 });
    expect(watching.json.result.list).toHaveLength(2);
    expect(watching.json.result.list.every((b: { status: number }) => b.status === 2)).toBe(true);
    expect(Object.keys(watching.json.result.list[0]).sort()).toEqual(
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
      ].sort(),
    );
    const page2 = await api.call('GET', '/api/bangumi/list?status=2&current=2&size=2');
    expect(page2.json.result.list).toHaveLength(1);
    const ids = [...watching.json.result.list, ...page2.json.result.list].map((b: { id: number }) => b.id);
    expect(new Set(ids).size).toBe(3);
    expect((await api.call('GET', '/api/bangumi/list')).json.result.total).toBe(9);
    expect((await api.call('GET', '/api/bangumi/list?status=7')).json.code).toBe(100);
  });

  it('groups resources by kind and the site list by category', async () => {
    const front = await api.call('GET', '/api/resources/list?kind=front');
    expect(front.json.result.map((g: { category: string }) => g.category)).toEqual([
      '构建工具',
      '框架与库',
      '学习文档',
    ]);
    expect(front.json.result[0].items[0]).toEqual({
      id: expect.any(Number),
      name: 'Vite',
      desc: expect.any(String),
      url: 'https://vite.dev/',
      icon: expect.stringMatching(/^\/uploads\/demo\//),
    });
    const back = await api.call('GET', '/api/resources/list?kind=back');
    expect(back.json.result[0].category).toBe('运行时与语言');
    expect((await api.call('GET', '/api/resources/list?kind=side')).json.code).toBe(100);
    const sites = await api.call('GET', '/api/site/list');
    expect(sites.json.result.map((g: { category: string }) => g.category)).toEqual([
      '开发社区',
      '设计灵感',
      '在线工具',
    ]);
  });
});
