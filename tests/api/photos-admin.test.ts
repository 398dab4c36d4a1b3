import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { saveImage } from '../../src/server/services/uploads.ts';
import { setupTestApi } from './helpers.ts';

/** The owner's album and photo routes (docs/api/admin.md#talks-albums-and-photos) and setCover. */
const api = setupTestApi({ seed: true });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = () => saveImage(new Uint8Array(PNG), { ext: 'png', mime: 'image/png' });
const fileOf = (url: string) => path.join(api.dataDir, 'uploads', url.slice('/uploads/'.length));

type AlbumRow = { id: number; album_name: string; album_cover: string; description: string };
type PhotoRow = { id: number; album_id: number; url: string; status: number };

const admin = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);
let n = 0;
async function newAlbum(extra: Record<string, unknown> = {}): Promise<AlbumRow> {
  const res = await admin('POST', '/api/photoAlbum/add', { album_name: `测试相册${++n}`, ...extra });
  expect(res.json.code).toBe(0);
  return res.json.result;
}
async function addPhotos(albumId: number, urls: string[]): Promise<PhotoRow[]> {
  const res = await admin('POST', '/api/photo/add', {
    photoList: urls.map((url) => ({ album_id: albumId, url })),
  });
  expect(res.json.code).toBe(0);
  return res.json.result;
}
const photoPage = async (id: number, status: number, token: string | undefined = api.adminToken) =>
  (await api.call('POST', '/api/photo/getPhotoListByAlbumId', { id, current: 1, size: 40, status }, token))
    .json;
const albumRow = (id: number) =>
  db.selectFrom('photo_album').selectAll().where('id', '=', id).executeTakeFirst();

let user: { id: number; token: string };
beforeAll(async () => {
  user = await api.user();
});

describe('POST /api/photoAlbum (the album list)', () => {
  it('is a page of the original fields, newest first, filtered by a part of the name', async () => {
    const page = (await api.call('POST', '/api/photoAlbum', { current: 1, size: 8 })).json.result;
    expect(page).toMatchObject({ current: 1, size: 8 });
    expect(page.total).toBeGreaterThan(0);
    expect(Object.keys(page.list[0]).sort()).toEqual(
      ['album_cover', 'album_name', 'createdAt', 'description', 'id', 'updatedAt'].sort(),
    );
    const made = await newAlbum({ album_name: '夏天的Sea', description: '海边' });
    for (const album_name of ['Sea', 'sea', '天的']) {
      const hit = (await api.call('POST', '/api/photoAlbum', { current: 1, size: 8, album_name })).json
        .result;
      expect(hit.list.map((a: AlbumRow) => a.id)).toEqual([made.id]);
      expect(hit.total).toBe(1);
    }
    // "" and null are no filter; % and _ are plain characters.
    for (const album_name of ['', null]) {
      const all = (await api.call('POST', '/api/photoAlbum', { current: 1, size: 50, album_name })).json
        .result;
      expect(all.total).toBe(page.total + 1);
      expect(all.list[0].id).toBe(made.id);
    }
    const none = (await api.call('POST', '/api/photoAlbum', { album_name: '%' })).json.result;
    expect(none.total).toBe(0);
    // Paths match without regard to case, as in the original.
    const cased = await api.call('POST', '/api/PhotoAlbum', { current: 1, size: 8 });
    expect(cased.json.result.total).toBe(page.total + 1);
  });
});

describe('album writes: add, update, delete (admin)', () => {
  it('refuses a visitor (401) and a user (403) on every write', async () => {
    const a = await newAlbum();
    const writes: [string, string, unknown][] = [
      ['POST', '/api/photoAlbum/add', { album_name: '别人的相册' }],
      ['PUT', '/api/photoAlbum/update', { id: a.id, album_name: '被改了' }],
      ['DELETE', `/api/photoAlbum/delete/${a.id}`, undefined],
      ['PUT', `/api/photoAlbum/setCover/${a.id}/1`, undefined],
      ['POST', '/api/photo/add', { photoList: [{ album_id: a.id, url: '/uploads/x.png' }] }],
      ['PUT', '/api/photo/delete', { imgList: [{ id: 1, url: '' }], type: 1 }],
      ['PUT', '/api/photo/revert', { idList: [1] }],
    ];
    for (const [method, url, body] of writes) {
      expect((await api.call(method, url, body)).status).toBe(401);
      expect((await api.call(method, url, body, user.token)).status).toBe(403);
    }
    expect(await albumRow(a.id)).toMatchObject({ album_name: a.album_name });
  });

  it('adds an album and answers it; refuses a taken name, a long name or description, a bad cover', async () => {
    const cover = await upload();
    const res = await admin('POST', '/api/photoAlbum/add', {
      album_name: '  旅行  ',
      album_cover: cover,
      description: '路上的风景',
    });
    expect(res.json).toMatchObject({
      code: 0,
      result: { album_name: '旅行', album_cover: cover, description: '路上的风景' },
    });
    expect(res.json.result.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const dup = await admin('POST', '/api/photoAlbum/add', { album_name: '旅行' });
    expect(dup.json).toEqual({ code: 100, message: '已经存在相同的相册名称，换一个试试' });
    const cases: [Record<string, unknown>, string][] = [
      [{ album_name: '长'.repeat(27) }, '相册名称不能超过26个字'],
      [{ album_name: '' }, '请输入相册名称'],
      [{ album_name: '描述太长', description: '字'.repeat(56) }, '相册描述不能超过55个字'],
      [{ album_name: '坏封面', album_cover: 'javascript:alert(1)' }, '相册封面应为上传的图片地址'],
    ];
    for (const [body, message] of cases) {
      const bad = await admin('POST', '/api/photoAlbum/add', body);
      expect(bad.json).toMatchObject({ code: 100, message: expect.stringContaining(message) });
    }
    expect((await admin('POST', '/api/photoAlbum/add', { album_name: '长'.repeat(26) })).json.code).toBe(0);
  });

  it("updates an album (true); its own name is fine, another album's is refused; an unused old cover file goes", async () => {
    const oldCover = await upload();
    const a = await newAlbum({ album_cover: oldCover });
    const b = await newAlbum();
    const same = await admin('PUT', '/api/photoAlbum/update', {
      id: a.id,
      album_name: a.album_name,
      description: '新描述',
    });
    expect(same.json).toMatchObject({ code: 0, result: true });
    const taken = await admin('PUT', '/api/photoAlbum/update', { id: a.id, album_name: b.album_name });
    expect(taken.json).toEqual({ code: 100, message: '已经存在相同的相册名称，换一个试试' });
    const newCover = await upload();
    await admin('PUT', '/api/photoAlbum/update', { id: a.id, album_cover: newCover });
    expect(await albumRow(a.id)).toMatchObject({ description: '新描述', album_cover: newCover });
    expect(existsSync(fileOf(oldCover))).toBe(false);
    expect(existsSync(fileOf(newCover))).toBe(true);
    const missing = await admin('PUT', '/api/photoAlbum/update', { id: 999999, album_name: '没有' });
    expect(missing.json).toEqual({ code: 100, message: '相册不存在' });
  });

  it('deletes an album with every photo (any status) and their files, keeping a file another row uses', async () => {
    const [cover, p1, p2, shared] = await Promise.all([upload(), upload(), upload(), upload()]);
    const a = await newAlbum({ album_cover: cover });
    const other = await newAlbum();
    const photos = await addPhotos(a.id, [p1, p2, shared]);
    await addPhotos(other.id, [shared]);
    await admin('PUT', '/api/photo/delete', { imgList: [{ id: photos[1].id, url: p2 }], type: 1 });
    const res = await admin('DELETE', `/api/photoAlbum/delete/${a.id}`);
    expect(res.json).toMatchObject({ code: 0, result: true });
    expect(await albumRow(a.id)).toBeUndefined();
    expect(await db.selectFrom('photo').select('id').where('album_id', '=', a.id).execute()).toEqual([]);
    for (const gone of [cover, p1, p2]) expect(existsSync(fileOf(gone))).toBe(false);
    expect(existsSync(fileOf(shared))).toBe(true);
    const again = await admin('DELETE', `/api/photoAlbum/delete/${a.id}`);
    expect(again.json).toEqual({ code: 100, message: '相册不存在' });
  });
});

describe('photos: add, list by album and status', () => {
  it('adds uploaded or http(s) pictures and answers the rows; the first becomes the cover of a bare album', async () => {
    const a = await newAlbum();
    expect(a.album_cover).toBe('');
    const [u1, u2] = [await upload(), await upload()];
    const rows = await addPhotos(a.id, [u1, u2, 'https://img.example/p.jpg']);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ album_id: a.id, url: u1, status: 1 });
    // The original's fields, and ours: caption and position (migration 0043).
    expect(Object.keys(rows[0]).sort()).toEqual([
      'album_id',
      'caption',
      'createdAt',
      'id',
      'position',
      'status',
      'updatedAt',
      'url',
    ]);
    expect((await albumRow(a.id))?.album_cover).toBe(u1);
    // An album that has a cover keeps it.
    await addPhotos(a.id, [await upload()]);
    expect((await albumRow(a.id))?.album_cover).toBe(u1);
  });

  it('refuses addresses that are not our uploads or http(s), unknown albums, empty and huge batches', async () => {
    const a = await newAlbum();
    for (const url of [
      'javascript:alert(1)',
      'ftp://x/y.png',
      '/etc/passwd',
      '/uploads/../secrets/jwt',
      'data:image/png;base64,AA',
    ]) {
      const res = await admin('POST', '/api/photo/add', { photoList: [{ album_id: a.id, url }] });
      expect(res.json).toMatchObject({
        code: 100,
        message: expect.stringContaining('照片地址应为上传的图片地址'),
      });
    }
    const unknown = await admin('POST', '/api/photo/add', {
      photoList: [{ album_id: 999999, url: '/uploads/x.png' }],
    });
    expect(unknown.json).toEqual({ code: 100, message: '相册不存在' });
    expect((await admin('POST', '/api/photo/add', { photoList: [] })).json.code).toBe(100);
    const many = Array.from({ length: 101 }, () => ({ album_id: a.id, url: '/uploads/x.png' }));
    expect((await admin('POST', '/api/photo/add', { photoList: many })).json).toMatchObject({
      code: 100,
      message: expect.stringContaining('一次最多100张照片'),
    });
    expect(await db.selectFrom('photo').select('id').where('album_id', '=', a.id).execute()).toEqual([]);
  });

  it("lists an album's photos of status 1 for anyone, status 2 (the bin) for the admin only", async () => {
    const a = await newAlbum();
    const rows = await addPhotos(a.id, [await upload(), await upload(), await upload()]);
    await admin('PUT', '/api/photo/delete', { imgList: [{ id: rows[0].id, url: rows[0].url }], type: 1 });
    const visitor = await photoPage(a.id, 1, undefined);
    expect(visitor.result).toMatchObject({ current: 1, size: 40, total: 2 });
    expect(visitor.result.list.map((p: PhotoRow) => p.id)).toEqual([rows[2].id, rows[1].id]);
    expect(Object.keys(visitor.result.list[0]).sort()).toEqual([
      'album_id',
      'caption',
      'createdAt',
      'id',
      'position',
      'status',
      'updatedAt',
      'url',
    ]);
    const noStatus = await api.call('POST', '/api/photo/getPhotoListByAlbumId', { id: a.id });
    expect(noStatus.json.result.total).toBe(2);
    expect((await api.call('POST', '/api/photo/getPhotoListByAlbumId', { id: a.id, status: 2 })).status).toBe(
      401,
    );
    const asUser = await api.call(
      'POST',
      '/api/photo/getPhotoListByAlbumId',
      { id: a.id, status: 2 },
      user.token,
    );
    expect(asUser.status).toBe(403);
    const bin = await photoPage(a.id, 2);
    expect(bin.result.list.map((p: PhotoRow) => [p.id, p.status])).toEqual([[rows[0].id, 2]]);
    expect((await photoPage(999999, 1)).message).toBe('相册不存在');
  });
});

describe('the photo recycle bin: PUT /api/photo/delete (type 1, 2) and /api/photo/revert', () => {
  it('type 1 bins photos (hidden from visitors, cover too), revert brings them back, counts answered', async () => {
    const [c, p] = [await upload(), await upload()];
    const a = await newAlbum();
    const rows = await addPhotos(a.id, [c, p]);
    expect((await albumRow(a.id))?.album_cover).toBe(c);
    const binned = await admin('PUT', '/api/photo/delete', {
      imgList: rows.map((r) => ({ id: r.id, url: r.url })),
      type: 1,
    });
    expect(binned.json).toMatchObject({ code: 0, result: 2 });
    // Visitors: no photos, a count of 0, and not the binned cover.
    const pics = await api.call('GET', `/api/photo/getAllPhotosByAlbumId/${a.id}`);
    expect(pics.json.result).toEqual([]);
    const albums = (await api.call('GET', '/api/photoAlbum/getAllAlbumList')).json.result;
    expect(albums.find((x: AlbumRow) => x.id === a.id)).toMatchObject({ photoCount: 0, album_cover: '' });
    const listed = (await api.call('POST', '/api/photoAlbum', { size: 50 })).json.result.list;
    expect(listed.find((x: AlbumRow) => x.id === a.id).album_cover).toBe('');
    // The admin's list keeps the album's own cover.
    const mine = (await admin('POST', '/api/photoAlbum', { size: 50 })).json.result.list;
    expect(mine.find((x: AlbumRow) => x.id === a.id).album_cover).toBe(c);
    // One back: visitors see it, and it stands in as the cover while the cover photo is binned.
    const back = await admin('PUT', '/api/photo/revert', { idList: [rows[1].id, 999999] });
    expect(back.json).toMatchObject({ code: 0, result: 1 });
    const after = (await api.call('GET', '/api/photoAlbum/getAllAlbumList')).json.result;
    expect(after.find((x: AlbumRow) => x.id === a.id)).toMatchObject({ photoCount: 1, album_cover: p });
    expect((await api.call('GET', `/api/photo/getAllPhotosByAlbumId/${a.id}`)).json.result).toHaveLength(1);
    await admin('PUT', '/api/photo/revert', { idList: [rows[0].id] });
    const restored = (await api.call('GET', '/api/photoAlbum/getAllAlbumList')).json.result;
    expect(restored.find((x: AlbumRow) => x.id === a.id)).toMatchObject({ photoCount: 2, album_cover: c });
  });

  it('type 2 removes binned photos and their files for good; normal photos and used files stay', async () => {
    const [cover, p1, p2] = [await upload(), await upload(), await upload()];
    const a = await newAlbum();
    const rows = await addPhotos(a.id, [cover, p1, p2]);
    expect((await albumRow(a.id))?.album_cover).toBe(cover);
    const talk = await admin('POST', '/api/talk/publishTalk', { content: '用了照片', talkImgList: [p2] });
    expect(talk.json.code).toBe(0);
    const all = rows.map((r) => ({ id: r.id, url: r.url }));
    // Not in the bin yet: type 2 removes nothing.
    const early = await admin('PUT', '/api/photo/delete', { imgList: all, type: 2 });
    expect(early.json).toMatchObject({ code: 0, result: 0 });
    await admin('PUT', '/api/photo/delete', { imgList: all, type: 1 });
    // The client's url is never trusted: it names a file no photo of these has.
    const bait = await upload();
    const res = await admin('PUT', '/api/photo/delete', {
      imgList: all.map((x) => ({ ...x, url: bait })),
      type: 2,
    });
    expect(res.json).toMatchObject({ code: 0, result: 3 });
    expect(await db.selectFrom('photo').select('id').where('album_id', '=', a.id).execute()).toEqual([]);
    expect(existsSync(fileOf(p1))).toBe(false);
    // Still used: the cover (the album's own), and the talk's picture.
    expect(existsSync(fileOf(cover))).toBe(true);
    expect(existsSync(fileOf(p2))).toBe(true);
    expect(existsSync(fileOf(bait))).toBe(true);
  });

  it('never removes anything but a regular file inside the uploads folder', async () => {
    const a = await newAlbum();
    const dir = path.join(api.dataDir, 'uploads', 'keep');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'inner.png'), PNG);
    const rows = await addPhotos(a.id, ['/uploads/keep', '/uploads/missing.png']);
    const ids = rows.map((r) => ({ id: r.id, url: r.url }));
    await admin('PUT', '/api/photo/delete', { imgList: ids, type: 1 });
    expect((await admin('PUT', '/api/photo/delete', { imgList: ids, type: 2 })).json.result).toBe(2);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(existsSync(path.join(dir, 'inner.png'))).toBe(true);
  });

  it('refuses bad types and lists', async () => {
    for (const body of [
      { imgList: [{ id: 1 }], type: 3 },
      { imgList: [], type: 1 },
      { imgList: [{ id: 'x' }], type: 1 },
    ])
      expect((await admin('PUT', '/api/photo/delete', body)).json.code).toBe(100);
    expect((await admin('PUT', '/api/photo/revert', { idList: [] })).json.code).toBe(100);
  });
});

describe('PUT /api/photoAlbum/setCover/{id}/{photoId}', () => {
  it("makes one of the album's normal photos its cover; another album's or a binned photo is refused", async () => {
    const a = await newAlbum();
    const b = await newAlbum();
    const [x, y] = await addPhotos(a.id, [await upload(), await upload()]);
    const [z] = await addPhotos(b.id, [await upload()]);
    const res = await admin('PUT', `/api/photoAlbum/setCover/${a.id}/${y.id}`);
    expect(res.json).toMatchObject({ code: 0, result: true });
    expect((await albumRow(a.id))?.album_cover).toBe(y.url);
    // The old cover was a photo of the album: its file stays.
    expect(existsSync(fileOf(x.url))).toBe(true);
    expect((await admin('PUT', `/api/photoAlbum/setCover/${a.id}/${z.id}`)).json).toEqual({
      code: 100,
      message: '照片不存在',
    });
    await admin('PUT', '/api/photo/delete', { imgList: [{ id: x.id, url: x.url }], type: 1 });
    expect((await admin('PUT', `/api/photoAlbum/setCover/${a.id}/${x.id}`)).json.code).toBe(100);
    expect((await admin('PUT', `/api/photoAlbum/setCover/999999/${x.id}`)).json).toEqual({
      code: 100,
      message: '相册不存在',
    });
  });
});
