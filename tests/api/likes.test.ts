import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi({ seed: true });

/** A request from another guest address (the helper always uses 127.0.0.1). */
async function asGuest(ip: string, url: string, body: unknown) {
  const res = await api.app.request(
    url,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { ip },
  );
  return (await res.json()) as { code: number; message: string; result?: any };
}

async function talkCount(id: number) {
  const row = await db.selectFrom('talk').select('like_times').where('id', '=', id).executeTakeFirstOrThrow();
  return row.like_times;
}

async function likeRows(type: number, forId: number) {
  return db.selectFrom('like').selectAll().where('type', '=', type).where('for_id', '=', forId).execute();
}

describe('likes', () => {
  it('one like per user: a second like is refused and the count moves with the rows', async () => {
    const u = await api.user();
    const before = await talkCount(3);
    const first = await api.call('POST', '/api/like/addLike', { type: 2, for_id: 3 }, u.token);
    expect(first.json).toMatchObject({ code: 0, result: { is_like: true, count: before + 1 } });
    const again = await api.call('POST', '/api/like/addLike', { type: 2, for_id: 3 }, u.token);
    expect(again.json.code).toBe(100);
    expect(await talkCount(3)).toBe(before + 1);
    expect((await likeRows(2, 3)).filter((r) => r.user_id === u.id)).toHaveLength(1);

    const state = await api.call(
      'POST',
      '/api/like/getIsLikeByIdOrIpAndType',
      { type: 2, for_id: 3 },
      u.token,
    );
    expect(state.json.result).toBe(true);
    // Another user has not liked it.
    const other = await api.user();
    const otherState = await api.call(
      'POST',
      '/api/like/getIsLikeByIdOrIpAndType',
      { type: 2, for_id: 3 },
      other.token,
    );
    expect(otherState.json.result).toBe(false);

    const cancel = await api.call('POST', '/api/like/cancelLike', { type: 2, for_id: 3 }, u.token);
    expect(cancel.json).toMatchObject({ code: 0, result: { is_like: false, count: before } });
    const cancelAgain = await api.call('POST', '/api/like/cancelLike', { type: 2, for_id: 3 }, u.token);
    expect(cancelAgain.json.code).toBe(100);
    expect(await talkCount(3)).toBe(before);
  });

  it('guests like once per address; a user_id in the body is ignored', async () => {
    const before = await talkCount(4);
    const a = await asGuest('10.0.0.7', '/api/like/addLike', { type: 2, for_id: 4, user_id: 1 });
    expect(a.code).toBe(0);
    const rows = await likeRows(2, 4);
    expect(rows.find((r) => r.ip === '10.0.0.7')).toMatchObject({ user_id: null });
    expect((await asGuest('10.0.0.7', '/api/like/addLike', { type: 2, for_id: 4 })).code).toBe(100);
    expect((await asGuest('10.0.0.8', '/api/like/addLike', { type: 2, for_id: 4 })).code).toBe(0);
    expect(await talkCount(4)).toBe(before + 2);
    expect(
      (await asGuest('10.0.0.7', '/api/like/getIsLikeByIdOrIpAndType', { type: 2, for_id: 4 })).result,
    ).toBe(true);
    expect(
      (await asGuest('10.0.0.9', '/api/like/getIsLikeByIdOrIpAndType', { type: 2, for_id: 4 })).result,
    ).toBe(false);
    // A signed-in user behind the same address is a different liker.
    const u = await api.user();
    const res = await api.app.request(
      '/api/like/getIsLikeByIdOrIpAndType',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        body: JSON.stringify({ type: 2, for_id: 4 }),
      },
      { ip: '10.0.0.7' },
    );
    expect(((await res.json()) as { result: boolean }).result).toBe(false);
  });

  it('likes articles, messages and comments, each on its own counter', async () => {
    const u = await api.user();
    const article = await db
      .selectFrom('article')
      .select(['id', 'thumbs_up_times'])
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const r1 = await api.call('POST', '/api/like/addLike', { type: 1, for_id: article.id }, u.token);
    expect(r1.json.result.count).toBe(article.thumbs_up_times + 1);
    const info = await api.call('POST', '/api/like/getLikeInfo', { type: 1, for_id: article.id }, u.token);
    expect(info.json.result).toEqual({ is_like: true, count: article.thumbs_up_times + 1 });

    const msg = await db
      .selectFrom('message')
      .select(['id', 'like_times'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const r3 = await api.call('POST', '/api/like/addLike', { type: 3, for_id: msg.id }, u.token);
    expect(r3.json.result.count).toBe(msg.like_times + 1);

    const comment = await db
      .selectFrom('comment')
      .select(['id', 'thumbs_up'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const r4 = await api.call('POST', '/api/like/addLike', { type: 4, for_id: comment.id }, u.token);
    expect(r4.json.result.count).toBe(comment.thumbs_up + 1);
    const parents = await api.call(
      'POST',
      '/api/comment/frontGetParentComment',
      {
        type: 1,
        for_id: (
          await db
            .selectFrom('comment')
            .select('for_id')
            .where('id', '=', comment.id)
            .executeTakeFirstOrThrow()
        ).for_id,
      },
      u.token,
    );
    expect(parents.json.result.list.find((c: { id: number }) => c.id === comment.id).is_like).toBe(true);
  });

  it('refuses likes on missing or private things and bad input', async () => {
    const u = await api.user();
    expect((await api.call('POST', '/api/like/addLike', { type: 2, for_id: 99999 }, u.token)).json.code).toBe(
      100,
    );
    const draft = await db
      .selectFrom('article')
      .select('id')
      .where('status', '!=', 1)
      .executeTakeFirstOrThrow();
    expect(
      (await api.call('POST', '/api/like/addLike', { type: 1, for_id: draft.id }, u.token)).json.code,
    ).toBe(100);
    // The admin may see (and like) it.
    expect(
      (await api.call('POST', '/api/like/addLike', { type: 1, for_id: draft.id }, api.adminToken)).json.code,
    ).toBe(0);
    const bad = await api.call('POST', '/api/like/addLike', { type: 9, for_id: 1 }, u.token);
    expect(bad.json.code).toBe(100);
    expect(bad.json.message).toContain('点赞类型错误');
    expect((await api.call('POST', '/api/like/addLike', { type: 2, for_id: 'x' })).json.code).toBe(100);
  });

  it('concurrent likes of one user still leave one row and +1', async () => {
    const u = await api.user();
    const before = await talkCount(5);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.call('POST', '/api/like/addLike', { type: 2, for_id: 5 }, u.token)),
    );
    expect(results.filter((r) => r.json.code === 0)).toHaveLength(1);
    expect(await talkCount(5)).toBe(before + 1);
  });
});
