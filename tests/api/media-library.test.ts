/**
 * The console's media library (docs/api/admin.md#media-library): every upload with where it is used,
 * the 未使用 filter, and the delete refused while anything uses a picture.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '../../src/lib/picture.ts';
import { db } from '../../src/server/db/connection.ts';
import { createImageQueue } from '../../src/server/services/images/queue.ts';
import { articleRow } from './article-row.ts';
import { jobParts, setupTestApi } from './helpers.ts';

const api = setupTestApi();
const fileOf = (url: string) => path.join(api.dataDir, url);

async function upload(name: string, shade: number): Promise<string> {
  const png = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: shade, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('file', new File([new Uint8Array(png)], name, { type: 'image/png' }));
  const res = await api.call('POST', '/api/upload/img', fd, api.adminToken);
  expect(res.json.code).toBe(0);
  return res.json.result.url;
}

const list = (q = '') => api.call('GET', `/api/media/list${q}`, undefined, api.adminToken);
const remove = (ids: number[]) => api.call('POST', '/api/media/delete', { ids }, api.adminToken);
const idOf = async (url: string) =>
  (await db.selectFrom('upload').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id;

let cover = '';
let inBody = '';
let loose1 = '';
let loose2 = '';

beforeAll(async () => {
  cover = await upload('海边日落.png', 200);
  inBody = await upload('正文插图.png', 120);
  loose1 = await upload('多余一.png', 60);
  loose2 = await upload('多余二.png', 30);
  await createImageQueue(jobParts()).runOnce();
  const album = await api.call(
    'POST',
    '/api/photoAlbum/add',
    { album_name: '旅行', album_cover: cover, description: '' },
    api.adminToken,
  );
  expect(album.json.code).toBe(0);
  // The body names a variant, not the original: the upload is used all the same.
  await db
    .insertInto('article')
    .values(
      articleRow({
        slug: 'media-test',
        article_title: '海边',
        article_content: `看：![图](${variantUrl(inBody, 480, 'webp')})`,
        author_id: api.adminId,
      }),
    )
    .execute();
}, 60_000);

describe('the list', () => {
  it('has every upload, newest first, with its size, thumbnail and uses', async () => {
    const res = await list();
    expect(res.json.code).toBe(0);
    const page = res.json.result;
    expect(page.total).toBe(4);
    expect(page.size).toBe(40);
    expect(page.list.map((m: { url: string }) => m.url)).toEqual([loose2, loose1, inBody, cover]);
    const first = page.list.find((m: { url: string }) => m.url === cover);
    expect(first).toMatchObject({
      name: '海边日落.png',
      mime: 'image/png',
      width: 600,
      height: 400,
      status: 'done',
      thumb: variantUrl(cover, 480, 'webp'),
      uses: [{ kind: '相册封面', label: '「旅行」' }],
    });
    expect(first.byteSize).toBeGreaterThan(0);
    const body = page.list.find((m: { url: string }) => m.url === inBody);
    expect(body.uses).toEqual([
      {
        kind: '文章正文',
        label: '《海边》',
        href: expect.stringMatching(/^\/admin\/articles\/edit\?id=\d+$/),
      },
    ]);
    expect(page.list.find((m: { url: string }) => m.url === loose1).uses).toEqual([]);
  });

  it('searches by name and pages', async () => {
    const found = (await list(`?keyword=${encodeURIComponent('日落')}`)).json.result;
    expect(found.list.map((m: { url: string }) => m.url)).toEqual([cover]);
    const second = (await list('?size=3&current=2')).json.result;
    expect(second).toMatchObject({ total: 4, current: 2 });
    expect(second.list.map((m: { url: string }) => m.url)).toEqual([cover]);
  });

  it('未使用 lists only what nothing uses', async () => {
    const free = (await list('?unused=1')).json.result;
    expect(free.total).toBe(2);
    expect(free.list.map((m: { url: string }) => m.url)).toEqual([loose2, loose1]);
    const one = (await list(`?unused=1&keyword=${encodeURIComponent('多余一')}`)).json.result;
    expect(one.list.map((m: { url: string }) => m.url)).toEqual([loose1]);
  });

  it('refuses bad filters in Chinese', async () => {
    expect((await list('?unused=2')).json).toMatchObject({
      code: 100,
      message: expect.stringContaining('unused'),
    });
  });
});

describe('delete', () => {
  it('is refused, naming the uses, while anything uses a picture; nothing is deleted then', async () => {
    const res = await remove([await idOf(loose1), await idOf(cover), await idOf(inBody)]);
    expect(res.json.code).toBe(100);
    expect(res.json.message).toContain('图片仍在使用，不能删除');
    expect(res.json.message).toContain('「海边日落.png」用于 相册封面「旅行」');
    expect(res.json.message).toContain('「正文插图.png」用于 文章正文《海边》');
    expect(existsSync(fileOf(loose1))).toBe(true);
    expect(existsSync(fileOf(cover))).toBe(true);
  });

  it('removes the originals, their variants and rows of unused pictures, and is logged', async () => {
    for (const url of [loose1, loose2]) expect(existsSync(fileOf(variantUrl(url, 480, 'avif')))).toBe(true);
    const res = await remove([await idOf(loose1), await idOf(loose2)]);
    expect(res.json).toMatchObject({ code: 0, result: 2 });
    for (const url of [loose1, loose2]) {
      expect(existsSync(fileOf(url))).toBe(false);
      for (const w of [480, 600])
        for (const f of ['avif', 'webp'] as const)
          expect(existsSync(fileOf(variantUrl(url, w, f)))).toBe(false);
    }
    expect((await list()).json.result.total).toBe(2);
    const logged = await db
      .selectFrom('audit_log')
      .select(['action', 'label'])
      .where('action', '=', '删除图片')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0].label).toContain('多余一.png');
  });

  it('of a picture once its last use is gone, succeeds', async () => {
    await db.updateTable('photo_album').set({ album_cover: '' }).execute();
    const res = await remove([await idOf(cover)]);
    expect(res.json.code).toBe(0);
    expect(existsSync(fileOf(cover))).toBe(false);
  });

  it('of ids that are not uploads is 图片不存在', async () => {
    expect((await remove([99999])).json).toEqual({ code: 100, message: '图片不存在或已删除' });
  });
});

describe('access', () => {
  it('is the admin’s only', async () => {
    const me = await api.user();
    expect((await api.call('GET', '/api/media/list', undefined, me.token)).status).toBe(403);
    expect((await api.call('POST', '/api/media/delete', { ids: [1] }, me.token)).status).toBe(403);
    expect((await api.call('GET', '/api/media/list')).status).toBe(401);
  });
});
