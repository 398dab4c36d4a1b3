import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi, withoutGuestCaptcha } from './helpers.ts';

/** The owner's friend-link, guestbook and comment routes, and where type-4 notices lead. */
const api = setupTestApi();
withoutGuestCaptcha();

const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

/** Puts a row's creation at a fixed instant, so the date filters have something certain to find. */
const dated = (table: 'link' | 'message' | 'comment', id: number, iso: string) =>
  db.updateTable(table).set({ createdAt: iso }).where('id', '=', id).execute();

// 2020-03-01 23:59:59 and 2020-03-02 00:00:00 China time: the edge of a day in UTC+8.
const LATE_MARCH_1 = '2020-03-01T15:59:59.000Z';
const EARLY_MARCH_2 = '2020-03-01T16:00:00.000Z';

const site = (n: string) => ({
  site_name: `小站${n}`,
  site_desc: '一个博客',
  site_avatar: '',
  url: `https://links.example/${n}`,
});

describe('friend links: the console list and backUpdate', () => {
  it('"all" for the admin, site_name and time filters, user_id and updatedAt in items', async () => {
    const user = await api.user();
    const pending = (await api.call('POST', '/api/links/add', site('甲'), user.token)).json.result.id;
    const approved = (await api.call('POST', '/api/links/add', site('乙'), user.token)).json.result.id;
    await as('PUT', '/api/links/approve', { idList: [approved] });
    await dated('link', pending, LATE_MARCH_1);
    await dated('link', approved, EARLY_MARCH_2);

    const all = (await as('POST', '/api/links/getLinksList', { current: 1, size: 10 })).json.result;
    expect(all.list.map((l: { id: number }) => l.id)).toEqual([pending, approved]);
    expect(all.list[0]).toEqual({
      id: pending,
      site_name: '小站甲',
      site_desc: '一个博客',
      site_avatar: '',
      url: 'https://links.example/甲',
      status: 1,
      user_id: user.id,
      category: '',
      createdAt: '2020-03-01 23:59:59',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect((await as('POST', '/api/links/getLinksList', { status: '' })).json.result.total).toBe(2);
    expect((await as('POST', '/api/links/getLinksList', { status: 2 })).json.result.total).toBe(1);
    const named = (await as('POST', '/api/links/getLinksList', { site_name: '乙' })).json.result;
    expect(named.list.map((l: { id: number }) => l.id)).toEqual([approved]);
    // The end day is included, and days are China days.
    const day1 = (await as('POST', '/api/links/getLinksList', { time: ['2020-03-01', '2020-03-01'] })).json;
    expect(day1.result.list.map((l: { id: number }) => l.id)).toEqual([pending]);
    const both = (await as('POST', '/api/links/getLinksList', { time: ['2020-02-28', '2020-03-02'] })).json;
    expect(both.result.total).toBe(2);
    for (const time of [['2020-02-30', '2020-03-01'], ['2020-03-01'], '2020-03-01', ['x', 'y']])
      expect((await as('POST', '/api/links/getLinksList', { time })).json.code, JSON.stringify(time)).toBe(
        100,
      );
    expect(
      (await as('POST', '/api/links/getLinksList', { time: null, site_name: null })).json.result.total,
    ).toBe(2);

    // Visitors and users: approved ones only, as before; status 1 still needs an admin.
    for (const token of [undefined, user.token]) {
      const seen = await api.call('POST', '/api/links/getLinksList', { status: '' }, token);
      expect(seen.json.result.list.map((l: { id: number }) => l.id)).toEqual([approved]);
      expect((await api.call('POST', '/api/links/getLinksList', {}, token)).json.result.total).toBe(1);
    }
    expect((await api.call('POST', '/api/links/getLinksList', { status: 1 }, user.token)).status).toBe(403);
  });

  it('backUpdate edits any link and its status; without id it adds a pending link the other admins hear of', async () => {
    const user = await api.user();
    const id = (await api.call('POST', '/api/links/add', site('丙'), user.token)).json.result.id;
    const res = await as('POST', '/api/links/backUpdate', { id, ...site('丙改'), status: 2 });
    expect(res.json).toEqual({ code: 0, message: '修改成功', result: true });
    const row = await db.selectFrom('link').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ site_name: '小站丙改', status: 2, user_id: user.id });

    const other = await api.user('secondadmin');
    await db.updateTable('user').set({ role: 1 }).where('id', '=', other.id).execute();
    const added = await as('POST', '/api/links/backUpdate', { ...site('丁'), status: 2, id: '' });
    expect(added.json).toEqual({ code: 0, message: '添加成功', result: true });
    const fresh = await db
      .selectFrom('link')
      .selectAll()
      .where('site_name', '=', '小站丁')
      .executeTakeFirstOrThrow();
    expect(fresh).toMatchObject({ status: 1, user_id: null });
    const notes = await db
      .selectFrom('notify')
      .selectAll()
      .where('to_id', '=', fresh.id)
      .where('type', '=', 4)
      .execute();
    expect(notes.map((n) => n.user_id)).toEqual([other.id]);

    for (const [body, message] of [
      [{ id, ...site('x'), url: 'javascript:alert(1)' }, '网站地址应以 http:// 或 https:// 开头'],
      [{ id, ...site('x'), status: 3 }, 'status 只能是 1 或 2'],
      [{ id: 99999, ...site('x') }, '友链不存在'],
      [{ ...site('戊'), url: 'https://links.example/丁' }, '该网站已经申请过友链了'],
    ] as const) {
      const refused = await as('POST', '/api/links/backUpdate', body);
      expect(refused.json.code, JSON.stringify(body)).toBe(100);
      expect(refused.json.message).toContain(message);
    }
    expect((await api.call('POST', '/api/links/backUpdate', { id, ...site('x') })).status).toBe(401);
    expect((await api.call('POST', '/api/links/backUpdate', { id, ...site('x') }, user.token)).status).toBe(
      403,
    );
  });
});

describe('guestbook: the console filters and backDelete', () => {
  it('filters by a substring of the message and by a creation window; tag still works', async () => {
    const user = await api.user();
    const write = async (message: string, tag = '') =>
      (await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message, tag }, user.token)).json.result
        .id;
    const a = await write('春天来了，花开了', '日常');
    const b = await write('夏天的雨 100%');
    const c = await write('秋天');
    await dated('message', a, LATE_MARCH_1);
    await dated('message', b, EARLY_MARCH_2);
    const ids = (body: object) =>
      api
        .call('POST', '/api/message/getMessageList', { size: 50, ...body })
        .then((r) => r.json.result.list.map((m: { id: number }) => m.id));
    expect(await ids({ message: '天' })).toEqual([c, b, a]);
    expect(await ids({ message: '100%' })).toEqual([b]);
    expect(await ids({ message: '_' })).toEqual([]);
    expect(await ids({ time: ['2020-03-01', '2020-03-01'] })).toEqual([a]);
    expect(await ids({ time: ['2020-03-02', '2020-03-02'], message: '雨' })).toEqual([b]);
    expect(await ids({ message: '', time: null, tag: null })).toEqual([c, b, a]);
    expect(await ids({ tag: '日常', message: '花' })).toEqual([a]);
    const page = await api.call('POST', '/api/message/getMessageList', { message: '天', size: 1 });
    expect(page.json.result).toMatchObject({ total: 3, size: 1 });
  });

  it('backDelete removes anyone’s messages in bulk for the admin, answering the count', async () => {
    const user = await api.user();
    const mine = (
      await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '要删的' }, user.token)
    ).json.result.id;
    const guest = (
      await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '游客的', nick_name: '路人' })
    ).json.result.id;
    expect((await api.call('PUT', '/api/message/backDelete', { idList: [mine] })).status).toBe(401);
    expect((await api.call('PUT', '/api/message/backDelete', { idList: [mine] }, user.token)).status).toBe(
      403,
    );
    const res = await as('PUT', '/api/message/backDelete', { idList: [mine, guest, 99999] });
    expect(res.json).toEqual({ code: 0, message: '删除成功', result: 2 });
    expect((await as('PUT', '/api/message/backDelete', { idList: [mine] })).json).toEqual({
      code: 100,
      message: '留言不存在',
    });
    expect((await as('PUT', '/api/message/backDelete', { idList: [] })).json.code).toBe(100);
  });
});

describe('comments: moderation', () => {
  it('lists every comment newest first with current names and avatars, never the raw address; filters', async () => {
    const alice = await api.user('alice');
    const bob = await api.user('bob');
    const msg = (await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '楼主' }, alice.token))
      .json.result.id;
    const parent = (
      await api.call('POST', '/api/comment/add', { type: 3, for_id: msg, content: '第一条评论' }, bob.token)
    ).json.result.id;
    const reply = (
      await api.call(
        'POST',
        '/api/comment/apply',
        { type: 3, for_id: msg, content: '回复一下', parent_id: parent, to_id: bob.id },
        alice.token,
      )
    ).json.result.id;
    await dated('comment', parent, LATE_MARCH_1);
    await db.updateTable('comment').set({ ip_address: '浙江' }).where('id', '=', reply).execute();
    await db
      .updateTable('user')
      .set({ nick_name: '鲍勃新名', avatar: '/uploads/bob.png' })
      .where('id', '=', bob.id)
      .execute();

    const page = (await as('POST', '/api/comment/backGetCommentList', { current: 1, size: 10 })).json.result;
    expect(page.list.map((c: { id: number }) => c.id)).toEqual([reply, parent]);
    expect(page.list[0]).toEqual({
      id: reply,
      parent_id: parent,
      type: 3,
      for_id: msg,
      from_id: alice.id,
      from_name: '昵称alice',
      from_avatar: '',
      to_id: bob.id,
      to_name: '鲍勃新名',
      to_avatar: '/uploads/bob.png',
      content: '回复一下',
      thumbs_up: 0,
      ipAddress: '浙江',
      review_status: 'published',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(page.list[1]).toMatchObject({
      from_name: '鲍勃新名',
      to_id: null,
      to_name: null,
      to_avatar: null,
    });
    const ids = (body: object) =>
      as('POST', '/api/comment/backGetCommentList', body).then((r) =>
        r.json.result.list.map((c: { id: number }) => c.id),
      );
    expect(await ids({ content: '回复' })).toEqual([reply]);
    expect(await ids({ from_name: '鲍勃' })).toEqual([parent]);
    expect(await ids({ to_name: '鲍勃' })).toEqual([reply]);
    expect(await ids({ time: ['2020-03-01', '2020-03-01'] })).toEqual([parent]);
    expect(await ids({ content: '', from_name: null, to_name: '', time: '' })).toEqual([reply, parent]);
  });

  it('backDelete takes a top-level comment with its replies (count) and refuses the wrong parent', async () => {
    const carol = await api.user('carol');
    const msg = (
      await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '又一条' }, carol.token)
    ).json.result.id;
    const parent = (
      await api.call('POST', '/api/comment/add', { type: 3, for_id: msg, content: '顶楼' }, carol.token)
    ).json.result.id;
    await api.call(
      'POST',
      '/api/comment/apply',
      { type: 3, for_id: msg, content: '二楼', parent_id: parent, to_id: carol.id },
      carol.token,
    );
    expect(
      (await api.call('DELETE', `/api/comment/backDelete/${parent}/0`, undefined, carol.token)).status,
    ).toBe(403);
    expect((await api.call('DELETE', `/api/comment/backDelete/${parent}/0`)).status).toBe(401);
    expect((await as('DELETE', `/api/comment/backDelete/${parent}/${parent}`)).json).toEqual({
      code: 100,
      message: '评论不存在',
    });
    expect((await as('DELETE', `/api/comment/backDelete/${parent}/0`)).json).toEqual({
      code: 0,
      message: '删除成功',
      result: 2,
    });
    expect(await db.selectFrom('comment').select('id').where('for_id', '=', msg).execute()).toEqual([]);
  });

  it('refuses the list to visitors (401) and users (403)', async () => {
    const user = await api.user();
    expect((await api.call('POST', '/api/comment/backGetCommentList', {})).status).toBe(401);
    expect((await api.call('POST', '/api/comment/backGetCommentList', {}, user.token)).status).toBe(403);
  });
});

describe('site config: admin_url', () => {
  it('defaults to /admin on a new site (friend-link notices lead to the console)', async () => {
    expect((await api.call('GET', '/api/config')).json.result.admin_url).toBe('/admin');
  });
});
