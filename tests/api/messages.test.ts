import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi, withoutGuestCaptcha } from './helpers.ts';

const api = setupTestApi({ seed: true });
withoutGuestCaptcha();

const guestPost = async (ip: string, body: unknown) => {
  const res = await api.app.request(
    '/api/message/add',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { ip },
  );
  return (await res.json()) as { code: number; message: string; result?: any };
};

describe('guestbook', () => {
  it('lists messages newest first with every field of the contract, pages and filters by tag', async () => {
    const page = await api.call('POST', '/api/message/getMessageList', { current: 1, size: 5 });
    const { list, total } = page.json.result;
    expect(total).toBe(12);
    expect(list).toHaveLength(5);
    expect(Object.keys(list[0])).toEqual(
      expect.arrayContaining([
        'id',
        'message',
        'tag',
        'color',
        'font_size',
        'font_weight',
        'bg_color',
        'bg_url',
        'like_times',
        'nick_name',
        'avatar',
        'user_id',
        'is_like',
        'comment_total',
        'createdAt',
      ]),
    );
    const times = list.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // A member's message shows their account's avatar; a guest's has none.
    expect(list.find((m: { user_id: number | null }) => m.user_id)?.avatar).toMatch(/^\/uploads\//);
    const all = (await api.call('POST', '/api/message/getMessageList', { size: 50 })).json.result.list;
    expect(all.find((m: { user_id: number | null }) => m.user_id === null)?.avatar).toBe('');

    const tech = await api.call('POST', '/api/message/getMessageList', { tag: '技术', size: 50 });
    expect(tech.json.result.total).toBe(3);
    expect(tech.json.result.list.every((m: { tag: string }) => m.tag === '技术')).toBe(true);

    const tags = await api.call('GET', '/api/message/getHotTagList');
    expect(tags.json.result[0]).toEqual({ tag: '留言', count: 4 });
    expect(tags.json.result.length).toBeLessThanOrEqual(10);
    const counts = tags.json.result.map((t: { count: number }) => t.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('members post under their own name (body user_id / nick_name ignored); guests under a name they pick', async () => {
    const u = await api.user();
    const res = await api.call(
      'POST',
      '/api/message/add',
      {
        message: '你好',
        tag: '留言',
        color: '#1f2937',
        font_size: 18,
        font_weight: 700,
        bg_color: '#fef3c7',
        bg_url: '/uploads/demo/message-bg-5.svg',
        nick_name: '博主',
        user_id: api.adminId,
      },
      u.token,
    );
    expect(res.json.code).toBe(0);
    const row = await db
      .selectFrom('message')
      .selectAll()
      .where('id', '=', res.json.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: u.id,
      nick_name: `昵称${u.username}`,
      font_size: 18,
      font_weight: 700,
    });

    const guest = await guestPost('10.1.0.1', { message: '路过', nick_name: '旅人甲', user_id: u.id });
    expect(guest.code).toBe(0);
    const g = await db
      .selectFrom('message')
      .selectAll()
      .where('id', '=', guest.result.id)
      .executeTakeFirstOrThrow();
    expect(g).toMatchObject({ user_id: null, nick_name: '旅人甲', tag: '', font_size: 16, font_weight: 400 });
    expect((await guestPost('10.1.0.2', { message: '无名' })).code).toBe(0);
    // A guest may not pose as a member.
    expect(await guestPost('10.1.0.3', { message: '冒充', nick_name: '博主' })).toMatchObject({ code: 100 });
  });

  it('validates text, style values and background pictures', async () => {
    const u = await api.user();
    const post = (b: object) => api.call('POST', '/api/message/add', { message: '好', ...b }, u.token);
    expect((await post({ message: '' })).json.code).toBe(100);
    expect((await post({ message: 'x'.repeat(501) })).json.message).toContain('留言不能超过500个字');
    expect((await post({ color: 'red;background:url(x)' })).json.code).toBe(100);
    expect((await post({ bg_color: 'url(javascript:1)' })).json.code).toBe(100);
    expect((await post({ font_size: 99 })).json.code).toBe(100);
    expect((await post({ font_weight: 300 })).json.code).toBe(100);
    expect((await post({ bg_url: 'https://evil.example/x.png' })).json.code).toBe(100);
    expect((await post({ bg_url: '/uploads/../secrets/jwt.key' })).json.code).toBe(100);
    expect((await post({ tag: '这是一个非常非常长的标签名' })).json.code).toBe(100);
  });

  it('stores markup as plain text', async () => {
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const res = await guestPost('10.1.0.9', { message: markup, nick_name: '<b>x</b>' });
    const got = await api.call('POST', '/api/message/getMessageList', { size: 1 });
    expect(got.json.result.list[0]).toMatchObject({
      id: res.result.id,
      message: markup,
      nick_name: '<b>x</b>',
    });
  });

  it('notifies the admins of a new message (type 3), not when the admin writes', async () => {
    const count = async () =>
      (
        await db
          .selectFrom('notify')
          .select('id')
          .where('user_id', '=', api.adminId)
          .where('type', '=', 3)
          .execute()
      ).length;
    const before = await count();
    const u = await api.user();
    const made = await api.call('POST', '/api/message/add', { message: '来了' }, u.token);
    expect(await count()).toBe(before + 1);
    const last = await db
      .selectFrom('notify')
      .selectAll()
      .where('user_id', '=', api.adminId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ type: 3, to_id: made.json.result.id });
    await api.call('POST', '/api/message/add', { message: '博主自己' }, api.adminToken);
    expect(await count()).toBe(before + 1);
  });

  it('authors and admins edit and delete; others get 403; login required', async () => {
    const owner = await api.user();
    const other = await api.user();
    const id = (await api.call('POST', '/api/message/add', { message: '原文' }, owner.token)).json.result.id;
    const edit = { id, message: '改过', tag: '技术', font_size: 20 };
    expect((await api.call('POST', '/api/message/update', edit)).status).toBe(401);
    expect((await api.call('POST', '/api/message/update', edit, other.token)).status).toBe(403);
    expect((await api.call('POST', '/api/message/update', edit, owner.token)).json.code).toBe(0);
    const row = await db.selectFrom('message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: '改过', tag: '技术', font_size: 20, user_id: owner.id });
    expect(
      (await api.call('POST', '/api/message/update', { ...edit, message: '管理员' }, api.adminToken)).json
        .code,
    ).toBe(0);
    expect(
      (await api.call('POST', '/api/message/update', { ...edit, id: 99999 }, owner.token)).json.code,
    ).toBe(100);

    // Deleting a batch with someone else's message in it is refused as a whole.
    const mine2 = (await api.call('POST', '/api/message/add', { message: '第二条' }, owner.token)).json.result
      .id;
    const theirs = (await api.call('POST', '/api/message/add', { message: '别人的' }, other.token)).json
      .result.id;
    expect((await api.call('PUT', '/api/message/delete', { idList: [id] })).status).toBe(401);
    expect(
      (await api.call('PUT', '/api/message/delete', { idList: [mine2, theirs] }, owner.token)).status,
    ).toBe(403);
    expect(
      await db.selectFrom('message').select('id').where('id', 'in', [mine2, theirs]).execute(),
    ).toHaveLength(2);
    await api.call('POST', '/api/comment/add', { type: 3, for_id: id, content: '评论' }, other.token);
    expect(
      (await api.call('PUT', '/api/message/delete', { idList: [id, mine2] }, owner.token)).json.code,
    ).toBe(0);
    expect(await db.selectFrom('message').select('id').where('id', 'in', [id, mine2]).execute()).toHaveLength(
      0,
    );
    expect(
      await db.selectFrom('comment').select('id').where('type', '=', 3).where('for_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      (await api.call('PUT', '/api/message/delete', { idList: [theirs] }, api.adminToken)).json.code,
    ).toBe(0);
    expect(
      (await api.call('PUT', '/api/message/delete', { idList: [theirs] }, api.adminToken)).json.code,
    ).toBe(100);
    expect((await api.call('PUT', '/api/message/delete', { idList: [] }, api.adminToken)).json.code).toBe(
      100,
    );
  });

  it('limits how fast one address writes (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api.app.request(
        '/api/message/add',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: `${i}` }),
        },
        { ip: '10.9.9.9' },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('the 弹幕 view: GET /api/message/getAllMessage', () => {
  it('gives every message newest first with the author’s current name and avatar', async () => {
    const u = await api.user();
    const mine = await api.call('POST', '/api/message/add', { message: '弹幕一条' }, u.token);
    await db
      .updateTable('user')
      .set({ nick_name: '改名后', avatar: '/uploads/a.png' })
      .where('id', '=', u.id)
      .execute();
    const guest = await guestPost('10.2.0.1', { message: '游客弹幕', nick_name: '旅人乙' });

    const res = await api.call('GET', '/api/message/getAllMessage');
    expect(res.json.code).toBe(0);
    const { list, total } = res.json.result;
    const count = Number(
      (
        await db
          .selectFrom('message')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBe(count);
    expect(list).toHaveLength(count);
    // Newest first: the guest's message, then the member's.
    expect(list[0]).toMatchObject({
      id: guest.result.id,
      message: '游客弹幕',
      nick_name: '旅人乙',
      avatar: '',
    });
    expect(list[1]).toMatchObject({
      id: mine.json.result.id,
      nick_name: '改名后',
      avatar: '/uploads/a.png',
      user_id: u.id,
    });
    expect(Object.keys(list[0])).toEqual(
      expect.arrayContaining([
        'id',
        'message',
        'tag',
        'color',
        'font_size',
        'bg_color',
        'bg_url',
        'createdAt',
      ]),
    );
    const ids = list.map((m: { id: number }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is bounded: the newest 500 however many there are; total counts them all', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 520 }, (_, i) => ({
      message: `批量${i}`,
      ...PLAIN_LOOK,
      like_times: 0,
      nick_name: '批量',
      user_id: null,
      createdAt: new Date(now + i * 1000).toISOString(),
      updatedAt: new Date(now + i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('message')
        .values(rows.slice(i, i + 100))
        .execute();
    const { list, total } = (await api.call('GET', '/api/message/getAllMessage')).json.result;
    expect(list).toHaveLength(500);
    expect(total).toBeGreaterThanOrEqual(520);
    expect(list[0].message).toBe('批量519');
    expect(list[499].message).toBe('批量20');
  });
});
