import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi({ seed: true });

describe('talks', () => {
  it('lists public talks, pinned first then newest, paged, with every field of the contract', async () => {
    const page1 = await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 4 });
    expect(page1.json.code).toBe(0);
    const { list, total, current, size } = page1.json.result;
    expect({ current, size }).toEqual({ current: 1, size: 4 });
    expect(total).toBe(10);
    expect(list).toHaveLength(4);
    expect(Object.keys(list[0])).toEqual(
      expect.arrayContaining([
        'id',
        'content',
        'talkImgList',
        'is_top',
        'like_times',
        'nick_name',
        'avatar',
        'is_like',
        'comment_total',
        'createdAt',
      ]),
    );
    // Pinned (is_top 1) first, newest within each group.
    const all = (await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 50 })).json.result
      .list;
    const pinned = all.filter((t: { is_top: number }) => t.is_top === 1);
    expect(pinned.length).toBeGreaterThan(0);
    expect(all.slice(0, pinned.length).every((t: { is_top: number }) => t.is_top === 1)).toBe(true);
    const rest = all.slice(pinned.length).map((t: { createdAt: string }) => t.createdAt);
    expect([...rest].sort().reverse()).toEqual(rest);
    // Page 2 continues page 1 without overlap.
    const page2 = (await api.call('POST', '/api/talk/blogGetTalkList', { current: 2, size: 4 })).json.result
      .list;
    expect(page2.map((t: { id: number }) => t.id)).toEqual(all.slice(4, 8).map((t: { id: number }) => t.id));
    // Pictures and comment totals come with each talk.
    const withPhotos = all.find((t: { talkImgList: string[] }) => t.talkImgList.length === 3);
    expect(withPhotos.talkImgList[0]).toMatch(/^\/uploads\/demo\/talk-/);
    const commented = all.find((t: { comment_total: number }) => t.comment_total > 0);
    const counted = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 2)
      .where('for_id', '=', commented.id)
      .executeTakeFirstOrThrow();
    expect(commented.comment_total).toBe(Number(counted.n));
    // size is capped at 50: a larger one is clamped, not refused.
    const capped = await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 51 });
    expect(capped.json.result.size).toBe(50);
  });

  it('tells each viewer whether they liked a talk', async () => {
    const u = await api.user();
    const first = (await api.call('POST', '/api/talk/blogGetTalkList', { size: 1 }, u.token)).json.result
      .list[0];
    expect(first.is_like).toBe(false);
    await api.call('POST', '/api/like/addLike', { type: 2, for_id: first.id }, u.token);
    const again = (await api.call('POST', '/api/talk/blogGetTalkList', { size: 1 }, u.token)).json.result
      .list[0];
    expect(again).toMatchObject({ id: first.id, is_like: true, like_times: first.like_times + 1 });
    const one = await api.call('GET', `/api/talk/getTalkById/${first.id}`, undefined, u.token);
    expect(one.json.result).toMatchObject({ id: first.id, is_like: true });
  });

  it('only the admin publishes, updates and deletes; private talks stay hidden from others', async () => {
    const body = { content: '新的说说', talkImgList: ['/uploads/demo/photo-sea-1.svg'], status: 2 };
    expect((await api.call('POST', '/api/talk/publishTalk', body)).status).toBe(401);
    const u = await api.user();
    expect((await api.call('POST', '/api/talk/publishTalk', body, u.token)).status).toBe(403);
    const bad = await api.call(
      'POST',
      '/api/talk/publishTalk',
      { content: '', talkImgList: [] },
      api.adminToken,
    );
    expect(bad.json.code).toBe(100);
    const badImg = await api.call(
      'POST',
      '/api/talk/publishTalk',
      { content: 'x', talkImgList: ['javascript:alert(1)'] },
      api.adminToken,
    );
    expect(badImg.json.code).toBe(100);
    const made = await api.call('POST', '/api/talk/publishTalk', { ...body, user_id: u.id }, api.adminToken);
    expect(made.json.code).toBe(0);
    const id = made.json.result.id;
    const row = await db.selectFrom('talk').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(api.adminId);

    expect((await api.call('GET', `/api/talk/getTalkById/${id}`, undefined, u.token)).json.code).toBe(100);
    expect(
      (await api.call('GET', `/api/talk/getTalkById/${id}`, undefined, api.adminToken)).json.result,
    ).toMatchObject({
      id,
      status: 2,
      talkImgList: ['/uploads/demo/photo-sea-1.svg'],
    });
    const list = (await api.call('POST', '/api/talk/blogGetTalkList', { size: 50 })).json.result.list;
    expect(list.some((t: { id: number }) => t.id === id)).toBe(false);

    expect((await api.call('PUT', '/api/talk/updateTalk', { id, status: 1 }, u.token)).status).toBe(403);
    const upd = await api.call(
      'PUT',
      '/api/talk/updateTalk',
      { id, status: 1, talkImgList: [] },
      api.adminToken,
    );
    expect(upd.json.code).toBe(0);
    expect((await api.call('GET', `/api/talk/getTalkById/${id}`)).json.result).toMatchObject({
      status: 1,
      talkImgList: [],
      content: '新的说说',
    });
    expect(
      (await api.call('PUT', '/api/talk/updateTalk', { id: 99999, status: 1 }, api.adminToken)).json.code,
    ).toBe(100);

    // Deleting takes its comments and likes along.
    await api.call('POST', '/api/comment/add', { type: 2, for_id: id, content: '好' }, u.token);
    await api.call('POST', '/api/like/addLike', { type: 2, for_id: id }, u.token);
    expect((await api.call('DELETE', `/api/talk/deleteTalkById/${id}`, undefined, u.token)).status).toBe(403);
    expect(
      (await api.call('DELETE', `/api/talk/deleteTalkById/${id}`, undefined, api.adminToken)).json.code,
    ).toBe(0);
    expect(
      await db.selectFrom('comment').select('id').where('type', '=', 2).where('for_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('like').select('id').where('type', '=', 2).where('for_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      (await api.call('DELETE', `/api/talk/deleteTalkById/${id}`, undefined, api.adminToken)).json.code,
    ).toBe(100);
  });
});
