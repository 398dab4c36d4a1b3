import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { createNotify } from '../../src/server/services/notify.ts';
import { saveImage } from '../../src/server/services/uploads.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The owner's talk routes (docs/api/admin.md#talks-albums-and-photos): list, both picture forms, bin,
 * toggles.
 */
const api = setupTestApi({ seed: true });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = () => saveImage(new Uint8Array(PNG), { ext: 'png', mime: 'image/png' });
const fileOf = (url: string) => path.join(api.dataDir, 'uploads', url.slice('/uploads/'.length));

type Row = { id: number; status: number; is_top: number; createdAt: string; talkImgList?: string[] };

const admin = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);
const list = async (body: Record<string, unknown>) => {
  const res = await admin('POST', '/api/talk/getTalkList', { current: 1, size: 50, ...body });
  expect(res.json.code).toBe(0);
  return res.json.result as { list: Row[]; total: number; current: number; size: number };
};
const publish = async (body: Record<string, unknown>) => {
  const res = await admin('POST', '/api/talk/publishTalk', body);
  expect(res.json).toMatchObject({ code: 0 });
  return res.json.result.id as number;
};
const statusOf = async (id: number) =>
  (await db.selectFrom('talk').select('status').where('id', '=', id).executeTakeFirst())?.status;

let user: { id: number; token: string };
beforeAll(async () => {
  user = await api.user();
});

describe('POST /api/talk/getTalkList (admin)', () => {
  it('refuses a visitor (401) and a signed-in user (403)', async () => {
    expect((await api.call('POST', '/api/talk/getTalkList', {})).status).toBe(401);
    expect((await api.call('POST', '/api/talk/getTalkList', {}, user.token)).status).toBe(403);
  });

  it('gives every status when status is absent, "" or null, and one status when asked', async () => {
    const priv = await publish({ content: '私密的说说', status: 2 });
    const binned = await publish({ content: '要进回收站的说说' });
    await admin('DELETE', `/api/talk/deleteTalkById/${binned}/1`);
    const total = Number(
      (
        await db
          .selectFrom('talk')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const status of [undefined, '', null]) {
      const all = await list(status === undefined ? {} : { status });
      expect(all.total).toBe(total);
      expect(new Set(all.list.map((t) => t.status))).toEqual(new Set([1, 2, 3]));
    }
    for (const status of [1, 2, 3]) {
      const one = await list({ status });
      expect(one.list.length).toBeGreaterThan(0);
      expect(one.list.every((t) => t.status === status)).toBe(true);
    }
    expect((await list({ status: 2 })).list.map((t) => t.id)).toContain(priv);
    expect((await list({ status: 3 })).list.map((t) => t.id)).toEqual([binned]);
    const bad = await admin('POST', '/api/talk/getTalkList', { status: 4 });
    expect(bad.json).toMatchObject({ code: 100, message: expect.stringContaining('status') });
  });

  it('sends the original fields, pinned first then newest, and no talkImgList key without pictures', async () => {
    const page = await list({});
    expect(page).toMatchObject({ current: 1, size: 50 });
    const first = page.list[0];
    for (const key of [
      'id',
      'content',
      'user_id',
      'status',
      'is_top',
      'like_times',
      'createdAt',
      'updatedAt',
    ])
      expect(first).toHaveProperty(key);
    expect(first).toHaveProperty('nick_name');
    expect(first).toHaveProperty('avatar');
    const pinned = page.list.filter((t) => t.is_top === 1).length;
    expect(pinned).toBeGreaterThan(0);
    expect(page.list.slice(0, pinned).every((t) => t.is_top === 1)).toBe(true);
    const rest = page.list.slice(pinned).map((t) => t.createdAt);
    expect([...rest].sort().reverse()).toEqual(rest);
    const bare = page.list.find((t) => !('talkImgList' in t));
    expect(bare).toBeDefined();
    const pictured = page.list.find((t) => 'talkImgList' in t);
    expect(pictured?.talkImgList?.length).toBeGreaterThan(0);
    // Paging: page 2 of size 3 continues page 1.
    const p2 = (await admin('POST', '/api/talk/getTalkList', { current: 2, size: 3 })).json.result;
    expect(p2.list.map((t: Row) => t.id)).toEqual(page.list.slice(3, 6).map((t) => t.id));
  });
});

describe("the console list counts each talk's likes and published comments", () => {
  it('sends like_times and comment_total (pending comments not counted)', async () => {
    const id = await publish({ content: '有评论的说说' });
    const now = new Date().toISOString();
    const comment = (review_status: string) => ({
      type: 2,
      for_id: id,
      parent_id: null,
      from_id: user.id,
      to_id: null,
      content: '说得好',
      thumbs_up: 0,
      ip: '127.0.0.1',
      ip_address: '',
      review_status,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('comment')
      .values([comment('published'), comment('pending')])
      .execute();
    await db.updateTable('talk').set({ like_times: 4 }).where('id', '=', id).execute();
    const row = (await list({ status: 1 })).list.find((t) => t.id === id);
    expect(row).toMatchObject({ like_times: 4, comment_total: 1 });
  });
});

describe('publishTalk and updateTalk take both picture forms', () => {
  it('reads talkImgList as [{url}] (the original) and as string[] (ours); the author is the token', async () => {
    const a = await upload();
    const b = await upload();
    const id = await publish({
      content: '原版格式',
      talkImgList: [{ url: a }, { url: b }],
      user_id: user.id,
    });
    const row = await db.selectFrom('talk').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(api.adminId);
    const one = await admin('GET', `/api/talk/getTalkById/${id}`);
    expect(one.json.result.talkImgList).toEqual([a, b]);
    const upd = await admin('PUT', '/api/talk/updateTalk', { id, talkImgList: [{ url: b }] });
    expect(upd.json.code).toBe(0);
    expect((await admin('GET', `/api/talk/getTalkById/${id}`)).json.result.talkImgList).toEqual([b]);
    // The dropped picture's file went (nothing else used it); the kept one stays.
    expect(existsSync(fileOf(a))).toBe(false);
    expect(existsSync(fileOf(b))).toBe(true);
    await admin('PUT', '/api/talk/updateTalk', { id, talkImgList: [b, a] });
    expect((await admin('GET', `/api/talk/getTalkById/${id}`)).json.result.talkImgList).toEqual([b, a]);
  });

  it('refuses more than 9 pictures, and addresses that are neither uploads nor http(s)', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ url: `/uploads/x${i}.png` }));
    const many = await admin('POST', '/api/talk/publishTalk', { content: '太多图', talkImgList: ten });
    expect(many.json).toMatchObject({ code: 100, message: expect.stringContaining('最多9张图片') });
    for (const url of ['javascript:alert(1)', '/uploads/../secrets/jwt', 'ftp://x/y.png'])
      for (const item of [url, { url }]) {
        const res = await admin('POST', '/api/talk/publishTalk', { content: '坏地址', talkImgList: [item] });
        expect(res.json).toMatchObject({ code: 100, message: expect.stringContaining('图片地址格式错误') });
      }
  });
});

describe('the talk recycle bin: DELETE /api/talk/deleteTalkById/{id}/{status}, PUT revertTalk', () => {
  it('moves a public or private talk to the bin, hides it from visitors, restores it as public', async () => {
    for (const first of [1, 2]) {
      const id = await publish({ content: `回收站往返 ${first}`, status: first });
      const del = await admin('DELETE', `/api/talk/deleteTalkById/${id}/${first}`);
      expect(del.json).toMatchObject({ code: 0, result: 1 });
      expect(await statusOf(id)).toBe(3);
      // Again with the same (stale) status: still in the bin, nothing deleted.
      expect((await admin('DELETE', `/api/talk/deleteTalkById/${id}/${first}`)).json.code).toBe(0);
      expect(await statusOf(id)).toBe(3);
      const back = await admin('PUT', `/api/talk/revertTalk/${id}`);
      expect(back.json).toMatchObject({ code: 0, result: true });
      expect(await statusOf(id)).toBe(1);
    }
  });

  it('a binned talk is not found for visitors and users: list, detail, likes, comments, notifications', async () => {
    const id = await publish({ content: '回收站里的秘密说说' });
    await api.call('POST', '/api/comment/add', { type: 2, for_id: id, content: '先评论一下' }, user.token);
    await createNotify({ userId: user.id, actorId: api.adminId, type: 2, toId: id, message: '关于说说' });
    await admin('DELETE', `/api/talk/deleteTalkById/${id}/1`);
    for (const token of [undefined, user.token]) {
      const pub = await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 50 }, token);
      expect(pub.json.result.list.map((t: Row) => t.id)).not.toContain(id);
      const one = await api.call('GET', `/api/talk/getTalkById/${id}`, undefined, token);
      expect(one.json).toEqual({ code: 100, message: '说说不存在' });
      const like = await api.call('POST', '/api/like/addLike', { type: 2, for_id: id }, token);
      expect(like.json).toMatchObject({ code: 100, message: '点赞的内容不存在' });
      const comments = await api.call(
        'POST',
        '/api/comment/frontGetParentComment',
        { type: 2, for_id: id, current: 1, size: 10 },
        token,
      );
      expect(comments.json.result.list).toEqual([]);
      const total = await api.call('POST', '/api/comment/getCommentTotal', { type: 2, for_id: id }, token);
      expect(total.json.result).toBe(0);
    }
    const add = await api.call(
      'POST',
      '/api/comment/add',
      { type: 2, for_id: id, content: '再评论' },
      user.token,
    );
    expect(add.json.code).toBe(100);
    const notes = await api.call('POST', '/api/notify/getNotifyList', { current: 1, size: 50 }, user.token);
    const note = notes.json.result.list.find(
      (n: { to_id: number; type: number }) => n.type === 2 && n.to_id === id,
    );
    expect(note.subject).toBeNull();
    // The admin still sees it (the console's bin tab and its preview).
    expect((await admin('GET', `/api/talk/getTalkById/${id}`)).json.result.status).toBe(3);
  });

  it('a second delete (status 3) removes the talk with its pictures; a file another row uses stays', async () => {
    const own = await upload();
    const shared = await upload();
    const id = await publish({ content: '彻底删除', talkImgList: [own, shared] });
    const other = await publish({ content: '共用一张图', talkImgList: [shared] });
    // Status 3 on a talk that is not in the bin is refused: a stale client never deletes for good.
    const early = await admin('DELETE', `/api/talk/deleteTalkById/${id}/3`);
    expect(early.json).toEqual({ code: 100, message: '只能彻底删除回收站中的说说' });
    expect(await statusOf(id)).toBe(1);
    await admin('DELETE', `/api/talk/deleteTalkById/${id}/1`);
    const gone = await admin('DELETE', `/api/talk/deleteTalkById/${id}/3`);
    expect(gone.json).toMatchObject({ code: 0, result: 1 });
    expect(await statusOf(id)).toBeUndefined();
    const pictures = await db.selectFrom('talk_photo').select('url').where('talk_id', '=', id).execute();
    expect(pictures).toEqual([]);
    expect(existsSync(fileOf(own))).toBe(false);
    expect(existsSync(fileOf(shared))).toBe(true);
    expect((await admin('GET', `/api/talk/getTalkById/${other}`)).json.result.talkImgList).toEqual([shared]);
    const again = await admin('DELETE', `/api/talk/deleteTalkById/${id}/3`);
    expect(again.json).toEqual({ code: 100, message: '说说不存在' });
  });

  it('refuses a visitor and a user on every write, and bad statuses', async () => {
    const id = await publish({ content: '不许别人动' });
    const writes: [string, string][] = [
      ['DELETE', `/api/talk/deleteTalkById/${id}/1`],
      ['PUT', `/api/talk/togglePublic/${id}/2`],
      ['PUT', `/api/talk/toggleTop/${id}/1`],
      ['PUT', `/api/talk/revertTalk/${id}`],
    ];
    for (const [method, url] of writes) {
      expect((await api.call(method, url)).status).toBe(401);
      expect((await api.call(method, url, undefined, user.token)).status).toBe(403);
    }
    expect(await statusOf(id)).toBe(1);
    for (const url of [`/api/talk/deleteTalkById/${id}/4`, `/api/talk/togglePublic/${id}/3`]) {
      const method = url.includes('delete') ? 'DELETE' : 'PUT';
      expect((await admin(method, url)).json.code).toBe(100);
    }
    expect((await admin('PUT', `/api/talk/toggleTop/${id}/0`)).json.code).toBe(100);
    expect((await admin('PUT', '/api/talk/revertTalk/999999')).json).toEqual({
      code: 100,
      message: '说说不存在',
    });
  });
});

describe('PUT /api/talk/togglePublic/{id}/{status} and toggleTop/{id}/{is_top}', () => {
  it('set the new value and answer true; a binned talk must be restored first', async () => {
    const id = await publish({ content: '切换状态', is_top: 2 });
    const priv = await admin('PUT', `/api/talk/togglePublic/${id}/2`);
    expect(priv.json).toMatchObject({ code: 0, result: true });
    expect(await statusOf(id)).toBe(2);
    const visitor = await api.call('GET', `/api/talk/getTalkById/${id}`);
    expect(visitor.json.code).toBe(100);
    await admin('PUT', `/api/talk/togglePublic/${id}/1`);
    expect(await statusOf(id)).toBe(1);
    const top = await admin('PUT', `/api/talk/toggleTop/${id}/1`);
    expect(top.json).toMatchObject({ code: 0, result: true });
    const pub = await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 50 });
    const mine = pub.json.result.list.find((t: Row) => t.id === id);
    expect(mine.is_top).toBe(1);
    await admin('PUT', `/api/talk/toggleTop/${id}/2`);
    await admin('DELETE', `/api/talk/deleteTalkById/${id}/1`);
    const binned = await admin('PUT', `/api/talk/togglePublic/${id}/1`);
    expect(binned.json).toEqual({ code: 100, message: '说说在回收站中，请先恢复' });
    expect(await statusOf(id)).toBe(3);
    expect((await admin('PUT', '/api/talk/toggleTop/999999/1')).json).toEqual({
      code: 100,
      message: '说说不存在',
    });
  });
});
