import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Album photos' captions and order (docs/api/admin.md#talks-albums-and-photos): PUT /api/photo/caption
 * and PUT /api/photo/order, and what the album's readers get back.
 */
const api = setupTestApi();
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

async function album() {
  const made = await admin('POST', '/api/photoAlbum/add', {
    album_name: `相册${Math.random()}`,
    description: '',
  });
  expect(made.json.code, made.json.message).toBe(0);
  const albumId = made.json.result.id as number;
  const urls = ['a', 'b', 'c'].map((n) => `/uploads/2026-11/${n}${albumId}.png`);
  const added = await admin('POST', '/api/photo/add', {
    photoList: urls.map((url) => ({ album_id: albumId, url })),
  });
  expect(added.json.code, added.json.message).toBe(0);
  return { albumId, ids: (added.json.result as { id: number }[]).map((p) => p.id) };
}

const order = async (albumId: number) =>
  (await api.call('GET', `/api/photo/getAllPhotosByAlbumId/${albumId}`)).json.result as {
    id: number;
    caption: string;
  }[];

describe('photo captions and order', () => {
  it('saves a caption that readers get, and "" removes it', async () => {
    const { albumId, ids } = await album();
    const res = await admin('PUT', '/api/photo/caption', { id: ids[1], caption: '  黄昏的海边  ' });
    expect(res.json).toMatchObject({ code: 0, message: '说明已保存' });
    expect((await order(albumId)).find((p) => p.id === ids[1])?.caption).toBe('黄昏的海边');
    await admin('PUT', '/api/photo/caption', { id: ids[1], caption: '' });
    expect((await order(albumId)).find((p) => p.id === ids[1])?.caption).toBe('');
    expect(
      (await admin('PUT', '/api/photo/caption', { id: ids[1], caption: '长'.repeat(201) })).json.message,
    ).toContain('说明最多 200 个字');
    expect((await admin('PUT', '/api/photo/caption', { id: 999_999, caption: 'x' })).json.message).toBe(
      '照片不存在',
    );
  });

  it('puts the album in the given order; photos added later join the end; the log names the photos', async () => {
    const { albumId, ids } = await album();
    expect((await order(albumId)).map((p) => p.id)).toEqual(ids);
    const res = await admin('PUT', '/api/photo/order', {
      album_id: albumId,
      idList: [ids[2], ids[0], ids[1]],
    });
    expect(res.json).toMatchObject({ code: 0, message: '排序已保存' });
    expect((await order(albumId)).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    const more = await admin('POST', '/api/photo/add', {
      photoList: [{ album_id: albumId, url: `/uploads/2026-11/d${albumId}.png` }],
    });
    const added = more.json.result[0].id as number;
    expect((await order(albumId)).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1], added]);
    await expect
      .poll(async () =>
        db.selectFrom('audit_log').select('action').where('action', '=', '照片排序').execute(),
      )
      .toHaveLength(1);
  });

  it('refuses a photo of another album, a repeat and an empty list, in Chinese', async () => {
    const one = await album();
    const other = await album();
    const cases: [unknown, string][] = [
      [{ album_id: one.albumId, idList: [other.ids[0]] }, '照片不存在'],
      [{ album_id: one.albumId, idList: [one.ids[0], one.ids[0]] }, '照片不能重复'],
      [{ album_id: one.albumId, idList: [] }, '请选择照片'],
    ];
    for (const [body, message] of cases) {
      const res = await admin('PUT', '/api/photo/order', body);
      expect(res.json.code).not.toBe(0);
      expect(res.json.message).toContain(message);
    }
    expect((await order(one.albumId)).map((p) => p.id)).toEqual(one.ids);
  });
});
