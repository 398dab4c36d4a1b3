import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { createUser } from '../../src/server/services/users.ts';
import { articleRow } from './article-row.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

/** A public article by the admin and a talk, made fresh for this file. */
async function fixtures() {
  const article = await db
    .insertInto('article')
    .values(
      articleRow({
        slug: `a-${Math.random().toString(36).slice(2)}`,
        article_title: '测试<文章>',
        author_id: api.adminId,
        article_content: '正文',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { articleId: article.id };
}

const notifies = (userId: number) =>
  db.selectFrom('notify').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('comments', () => {
  it('requires login to comment or reply (401) and validates input (code 100)', async () => {
    const { articleId } = await fixtures();
    const anon = await api.call('POST', '/api/comment/add', { type: 1, for_id: articleId, content: 'hi' });
    expect(anon.status).toBe(401);
    expect(anon.json.message).toBe('请先登录');
    const expired = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: 'hi' },
      'bad',
    );
    expect(expired.status).toBe(401);
    const u = await api.user();
    const empty = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '   ' },
      u.token,
    );
    expect(empty.json.code).toBe(100);
    expect(empty.json.message).toContain('请输入评论内容');
    const long = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: 'x'.repeat(501) },
      u.token,
    );
    expect(long.json.code).toBe(100);
    expect(long.json.message).toContain('评论不能超过500个字');
    const badType = await api.call(
      'POST',
      '/api/comment/add',
      { type: 4, for_id: articleId, content: 'x' },
      u.token,
    );
    expect(badType.json.code).toBe(100);
    const missing = await api.call(
      'POST',
      '/api/comment/add',
      { type: 2, for_id: 424242, content: 'x' },
      u.token,
    );
    expect(missing.json).toMatchObject({ code: 100, message: '评论的内容不存在' });
  });

  it('stores the author from the token and the text as given; forged author fields are ignored', async () => {
    const { articleId } = await fixtures();
    const u = await api.user();
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const res = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: markup, from_id: api.adminId, from_name: '博主', user_id: 1 },
      u.token,
    );
    expect(res.json.code).toBe(0);
    expect(res.json.result).toMatchObject({
      type: 1,
      for_id: articleId,
      parent_id: null,
      from_id: u.id,
      from_name: `昵称${u.username}`,
      content: markup,
      thumbs_up: 0,
      is_like: false,
    });
    const page = await api.call('POST', '/api/comment/frontGetParentComment', { type: 1, for_id: articleId });
    expect(page.json.result).toMatchObject({ current: 1, size: 10, total: 1 });
    const item = page.json.result.list[0];
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining([
        'id',
        'from_name',
        'from_avatar',
        'content',
        'thumbs_up',
        'is_like',
        'ipAddress',
        'createdAt',
        'childrenTotal',
        'childrenList',
      ]),
    );
    expect(item.content).toBe(markup);
    expect(item.from_id).toBe(u.id);
  });

  it('orders parents by new or hot, pages them and counts every comment', async () => {
    const { articleId } = await fixtures();
    const u = await api.user();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api.call(
        'POST',
        '/api/comment/add',
        { type: 1, for_id: articleId, content: `第${i}条` },
        u.token,
      );
      ids.push(r.json.result.id);
    }
    // Make the second one the most liked.
    for (let k = 0; k < 2; k++) {
      const liker = await api.user();
      await api.call('POST', '/api/like/addLike', { type: 4, for_id: ids[1] }, liker.token);
    }
    const newest = await api.call('POST', '/api/comment/frontGetParentComment', {
      type: 1,
      for_id: articleId,
      current: 1,
      size: 2,
      order: 'new',
    });
    expect(newest.json.result.total).toBe(5);
    expect(newest.json.result.list.map((c: { id: number }) => c.id)).toEqual([ids[4], ids[3]]);
    const page3 = await api.call('POST', '/api/comment/frontGetParentComment', {
      type: 1,
      for_id: articleId,
      current: 3,
      size: 2,
    });
    expect(page3.json.result.list.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    const hot = await api.call('POST', '/api/comment/frontGetParentComment', {
      type: 1,
      for_id: articleId,
      order: 'hot',
    });
    expect(hot.json.result.list[0]).toMatchObject({ id: ids[1], thumbs_up: 2 });
    expect(
      (
        await api.call('POST', '/api/comment/frontGetParentComment', {
          type: 1,
          for_id: articleId,
          order: 'x',
        })
      ).json.code,
    ).toBe(100);

    // A reply counts in the total but not among parents.
    await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '回复', parent_id: ids[0], to_id: u.id },
      u.token,
    );
    const total = await api.call('POST', '/api/comment/getCommentTotal', { type: 1, for_id: articleId });
    expect(total.json.result).toBe(6);
  });

  it('replies: one level, to someone in the thread, paged oldest first with to_name', async () => {
    const { articleId } = await fixtures();
    const alice = await api.user();
    const bob = await api.user();
    const parent = (
      await api.call('POST', '/api/comment/add', { type: 1, for_id: articleId, content: '楼主' }, alice.token)
    ).json.result;
    const r1 = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '一楼回复', parent_id: parent.id, to_id: alice.id },
      bob.token,
    );
    expect(r1.json.result).toMatchObject({
      parent_id: parent.id,
      to_id: alice.id,
      to_name: `昵称${alice.username}`,
    });
    // Reply to a replier in the same thread.
    const r2 = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '回复鲍勃', parent_id: parent.id, to_id: bob.id },
      alice.token,
    );
    expect(r2.json.code).toBe(0);
    for (let i = 0; i < 3; i++) {
      await api.call(
        'POST',
        '/api/comment/apply',
        { type: 1, for_id: articleId, content: `更多${i}`, parent_id: parent.id, to_id: alice.id },
        bob.token,
      );
    }
    // Someone outside the thread cannot be "replied to"; a reply cannot be a parent.
    const stranger = await api.user();
    const outside = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: 'x', parent_id: parent.id, to_id: stranger.id },
      bob.token,
    );
    expect(outside.json.code).toBe(100);
    const nested = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: 'x', parent_id: r1.json.result.id, to_id: bob.id },
      alice.token,
    );
    expect(nested.json).toMatchObject({ code: 100, message: '回复的评论不存在' });
    const wrongThing = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 2, for_id: articleId, content: 'x', parent_id: parent.id, to_id: alice.id },
      bob.token,
    );
    expect(wrongThing.json.code).toBe(100);

    const parents = await api.call('POST', '/api/comment/frontGetParentComment', {
      type: 1,
      for_id: articleId,
    });
    const p = parents.json.result.list[0];
    expect(p.childrenTotal).toBe(5);
    expect(p.childrenList.map((c: { content: string }) => c.content)).toEqual([
      '一楼回复',
      '回复鲍勃',
      '更多0',
    ]);
    const page2 = await api.call('POST', '/api/comment/frontGetChildrenComment', {
      parent_id: parent.id,
      current: 2,
      size: 2,
    });
    expect(page2.json.result).toMatchObject({ current: 2, size: 2, total: 5 });
    expect(page2.json.result.list.map((c: { content: string }) => c.content)).toEqual(['更多0', '更多1']);
    expect(page2.json.result.list[0].to_name).toBe(`昵称${alice.username}`);
  });

  it('notifies the owner of the thing and the person replied to, never oneself', async () => {
    const { articleId } = await fixtures();
    const before = (await notifies(api.adminId)).length;
    const u = await api.user();
    const top = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '写得<b>真好</b>' },
      u.token,
    );
    const adminNotes = await notifies(api.adminId);
    expect(adminNotes).toHaveLength(before + 1);
    const note = adminNotes.at(-1);
    expect(note).toMatchObject({ type: 1, to_id: articleId, isView: 1 });
    // Names and text are escaped inside the small markup.
    expect(note?.message).toContain('测试&lt;文章&gt;');
    expect(note?.message).toContain('写得&lt;b&gt;真好&lt;/b&gt;');
    expect(note?.message).not.toContain('<b>真好');

    // The admin replying to u: u is told; the admin (owner) is not told about their own reply.
    await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '谢谢', parent_id: top.json.result.id, to_id: u.id },
      api.adminToken,
    );
    const userNotes = await notifies(u.id);
    expect(userNotes).toHaveLength(1);
    expect(userNotes[0]).toMatchObject({ type: 1, to_id: articleId });
    expect(userNotes[0].message).toContain('回复了你的评论');
    expect(await notifies(api.adminId)).toHaveLength(before + 1);

    // u replying to themselves and the admin commenting on their own article: no notice.
    await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '补充', parent_id: top.json.result.id, to_id: u.id },
      u.token,
    );
    await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '置顶说明' },
      api.adminToken,
    );
    expect(await notifies(u.id)).toHaveLength(1);
    expect(await notifies(api.adminId)).toHaveLength(before + 1);
  });

  it('talk comments notify as type 2 and guestbook comments as type 3 with the thing id', async () => {
    const now = new Date().toISOString();
    const talk = await db
      .insertInto('talk')
      .values({
        user_id: api.adminId,
        content: '说说',
        status: 1,
        is_top: 2,
        like_times: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await api.user();
    const msg = (await api.call('POST', '/api/message/add', { message: '我的留言' }, owner.token)).json
      .result;
    const u = await api.user();
    await api.call('POST', '/api/comment/add', { type: 2, for_id: talk.id, content: '好' }, u.token);
    await api.call('POST', '/api/comment/add', { type: 3, for_id: msg.id, content: '同意' }, u.token);
    const adminNote = (await notifies(api.adminId)).at(-1);
    expect(adminNote).toMatchObject({ type: 2, to_id: talk.id });
    const ownerNotes = await notifies(owner.id);
    expect(ownerNotes).toHaveLength(1);
    expect(ownerNotes[0]).toMatchObject({ type: 3, to_id: msg.id });
  });

  it('deletes own comments (403 for others), the admin deletes any, a parent takes its replies', async () => {
    const { articleId } = await fixtures();
    const alice = await api.user();
    const bob = await api.user();
    const parent = (
      await api.call(
        'POST',
        '/api/comment/add',
        { type: 1, for_id: articleId, content: '父评论' },
        alice.token,
      )
    ).json.result;
    const reply = (
      await api.call(
        'POST',
        '/api/comment/apply',
        { type: 1, for_id: articleId, content: '子评论', parent_id: parent.id, to_id: alice.id },
        bob.token,
      )
    ).json.result;
    await api.call('POST', '/api/like/addLike', { type: 4, for_id: reply.id }, alice.token);

    expect((await api.call('DELETE', `/api/comment/delete/${parent.id}/0`)).status).toBe(401);
    const notMine = await api.call('DELETE', `/api/comment/delete/${parent.id}/0`, undefined, bob.token);
    expect(notMine.status).toBe(403);
    const wrongParent = await api.call('DELETE', `/api/comment/delete/${reply.id}/0`, undefined, bob.token);
    expect(wrongParent.json.code).toBe(100);
    const own = await api.call(
      'DELETE',
      `/api/comment/delete/${reply.id}/${parent.id}`,
      undefined,
      bob.token,
    );
    expect(own.json.code).toBe(0);
    expect(
      await db.selectFrom('like').select('id').where('type', '=', 4).where('for_id', '=', reply.id).execute(),
    ).toHaveLength(0);

    const reply2 = (
      await api.call(
        'POST',
        '/api/comment/apply',
        { type: 1, for_id: articleId, content: '又一条', parent_id: parent.id, to_id: alice.id },
        bob.token,
      )
    ).json.result;
    const byAdmin = await api.call('DELETE', `/api/comment/delete/${parent.id}/0`, undefined, api.adminToken);
    expect(byAdmin.json.code).toBe(0);
    const left = await db
      .selectFrom('comment')
      .select('id')
      .where('id', 'in', [parent.id, reply2.id])
      .execute();
    expect(left).toHaveLength(0);
    expect(
      (await api.call('DELETE', `/api/comment/delete/${parent.id}/0`, undefined, api.adminToken)).json.code,
    ).toBe(100);
  });

  it('limits how fast one user comments (429)', async () => {
    const { articleId } = await fixtures();
    const id = await createUser({ username: 'speedy1', password: 'Passw0rd!' });
    const row = await db
      .selectFrom('user')
      .select(['id', 'role', 'token_version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { signToken } = await import('../../src/server/services/auth.ts');
    const token = await signToken(row);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await api.call('POST', '/api/comment/add', { type: 1, for_id: articleId, content: `${i}` }, token))
          .status,
      );
    }
    expect(codes.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
