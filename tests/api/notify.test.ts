import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

async function article(): Promise<number> {
  const { json } = await api.call(
    'POST',
    '/api/article/add',
    { article_title: `通知测试${Math.random()}`, article_content: '正文' },
    api.adminToken,
  );
  expect(json.code).toBe(0);
  const row = await db
    .selectFrom('article')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

const list = (token: string, body: Record<string, unknown> = {}) =>
  api.call('POST', '/api/notify/getNotifyList', body, token);

async function insertNotify(userId: number, message: string, isView = 1) {
  const row = await db
    .insertInto('notify')
    .values({ user_id: userId, type: 3, to_id: 1, message, isView, createdAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('notifications', () => {
  it('a reply notifies the person replied to; only they can read, mark and delete it', async () => {
    const articleId = await article();
    const a = await api.user();
    const b = await api.user();
    const top = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '好文' },
      a.token,
    );
    expect(top.json.code).toBe(0);
    const reply = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '<i>同意</i>', parent_id: top.json.result.id, to_id: a.id },
      b.token,
    );
    expect(reply.json.code).toBe(0);

    // A's list: one unread type-1 item pointing at the article; a userId in the body changes nothing.
    const mine = await list(a.token, { current: 1, size: 10, userId: b.id });
    expect(mine.json.code).toBe(0);
    expect(mine.json.result).toMatchObject({ current: 1, size: 10, total: 1, unread: 1 });
    const [item] = mine.json.result.list;
    expect(Object.keys(item).sort()).toEqual([
      'createdAt',
      'id',
      'isView',
      'message',
      'subject',
      'to_id',
      'type',
    ]);
    expect(item).toMatchObject({ isView: 1, type: 1, to_id: articleId });
    expect(item.message).toContain(`<b>昵称${b.username}</b>`);
    // The reply's own text arrives escaped, never as markup.
    expect(item.message).toContain('&lt;i&gt;同意&lt;/i&gt;');
    // B (who caused it) got nothing, and cannot see A's item through the body.
    const theirs = await list(b.token, { userId: a.id });
    expect(theirs.json.result).toMatchObject({ total: 0, unread: 0, list: [] });

    // B can neither mark nor delete A's notification: it reads as missing.
    const steal = await api.call('PUT', `/api/notify/update/${item.id}`, undefined, b.token);
    expect(steal.json.code).toBe(100);
    const wipe = await api.call('PUT', `/api/notify/delete/${item.id}`, undefined, b.token);
    expect(wipe.json).toMatchObject({ code: 100, message: '消息不存在或已删除' });
    expect((await list(a.token)).json.result).toMatchObject({ total: 1, unread: 1 });

    // A marks it read, then deletes it; deleting again fails with a message.
    expect((await api.call('PUT', `/api/notify/update/${item.id}`, undefined, a.token)).json.code).toBe(0);
    const after = (await list(a.token)).json.result;
    expect(after).toMatchObject({ total: 1, unread: 0 });
    expect(after.list[0].isView).toBe(2);
    const del = await api.call('PUT', `/api/notify/delete/${item.id}`, undefined, a.token);
    expect(del.json).toMatchObject({ code: 0, message: '删除成功' });
    expect((await list(a.token)).json.result).toMatchObject({ total: 0, unread: 0, list: [] });
    const again = await api.call('PUT', `/api/notify/delete/${item.id}`, undefined, a.token);
    expect(again.json).toMatchObject({ code: 100, message: '消息不存在或已删除' });
  });

  it('requires a login and valid ids; clamps the size', async () => {
    expect((await api.call('POST', '/api/notify/getNotifyList', {})).status).toBe(401);
    expect((await api.call('PUT', '/api/notify/update/1')).status).toBe(401);
    expect((await api.call('PUT', '/api/notify/delete/1')).status).toBe(401);
    const u = await api.user();
    expect((await api.call('PUT', '/api/notify/update/abc', undefined, u.token)).json.code).toBe(100);
    expect((await api.call('PUT', '/api/notify/delete/0', undefined, u.token)).json.code).toBe(100);
    expect((await list(u.token, { size: 51 })).json.result.size).toBe(50);
    expect((await list(u.token, { current: 0 })).json.code).toBe(100);
  });

  it('pages newest first, 10 at a time, with the unread count of all pages', async () => {
    const u = await api.user();
    for (let i = 0; i < 12; i++) await insertNotify(u.id, `第${i}条`, i < 3 ? 2 : 1);
    const first = (await list(u.token, { current: 1, size: 10 })).json.result;
    expect(first).toMatchObject({ total: 12, unread: 9 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0].message).toBe('第11条');
    const second = (await list(u.token, { current: 2, size: 10 })).json.result;
    expect(second.list.map((n: { message: string }) => n.message)).toEqual(['第1条', '第0条']);
  });

  it('sanitizes stored markup on the way out', async () => {
    const u = await api.user();
    await insertNotify(
      u.id,
      '<b onclick="x()">甲</b><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:1">链接</a><em>好',
    );
    const [item] = (await list(u.token)).json.result.list;
    expect(item.message).toBe(
      '&lt;b onclick=&quot;x()&quot;&gt;甲&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;javascript:1&quot;&gt;链接&lt;/a&gt;<em>好</em>',
    );
  });
});
