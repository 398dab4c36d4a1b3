import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi, withoutGuestCaptcha } from './helpers.ts';

/**
 * The console's 评论与留言: POST /api/comment/getModerationList, comments under articles,
 * talks and guestbook messages and the guestbook messages themselves in one list, newest first,
 * paged in SQL, with the filters of the screen; deletes through the original admin app's backDelete routes.
 */
const api = setupTestApi();
// A guest's message here is about the list, not the proof of work.
withoutGuestCaptcha();
const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

type Row = {
  kind: string;
  id: number;
  type: number;
  for_id: number;
  parent_id: number | null;
  from_id: number | null;
  from_name: string;
  content: string;
  subject: string | null;
  createdAt: string;
};

const list = async (filter: Record<string, unknown> = {}) => {
  const { json } = await as('POST', '/api/comment/getModerationList', { current: 1, size: 50, ...filter });
  expect(json.code, json.message).toBe(0);
  return json.result as { total: number; size: number; current: number; list: Row[] };
};
const ok = async (p: Promise<{ json: { code: number; message: string; result?: any } }>) => {
  const { json } = await p;
  expect(json.code, json.message).toBe(0);
  return json.result;
};
const dated = (table: 'message' | 'comment', id: number, iso: string) =>
  db.updateTable(table).set({ createdAt: iso }).where('id', '=', id).execute();

describe('the console list of comments and guestbook messages', () => {
  it('merges the four kinds newest first, names what each is under, pages and filters', async () => {
    const alice = await api.user('moderAlice');
    const bob = await api.user('moderBob');
    const article = (
      await ok(
        as('POST', '/api/article/add', { article_title: '审核用的文章', article_content: '正文', status: 1 }),
      )
    ).id as number;
    const talk = (
      await ok(as('POST', '/api/talk/publishTalk', { content: '今天天气很好，出门走走', talkImgList: [] }))
    ).id as number;
    const msg = (
      await ok(api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '留言板你好' }, alice.token))
    ).id as number;
    const guest = (
      await ok(api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '路过', nick_name: '过客' }))
    ).id as number;
    const c1 = (
      await ok(
        api.call(
          'POST',
          '/api/comment/add',
          { type: 1, for_id: article, content: '文章写得好' },
          alice.token,
        ),
      )
    ).id as number;
    const c2 = (
      await ok(
        api.call('POST', '/api/comment/add', { type: 2, for_id: talk, content: '说说评论' }, bob.token),
      )
    ).id as number;
    const c3 = (
      await ok(api.call('POST', '/api/comment/add', { type: 3, for_id: msg, content: '留言回复' }, bob.token))
    ).id as number;
    const reply = (
      await ok(
        api.call(
          'POST',
          '/api/comment/apply',
          { type: 1, for_id: article, content: '谢谢', parent_id: c1, to_id: alice.id },
          bob.token,
        ),
      )
    ).id as number;
    // Distinct instants, so the order is certain: oldest first in this list.
    const order: ['message' | 'comment', number][] = [
      ['message', msg],
      ['message', guest],
      ['comment', c1],
      ['comment', c2],
      ['comment', c3],
      ['comment', reply],
    ];
    for (const [i, [table, id]] of order.entries()) await dated(table, id, `2020-05-0${i + 1}T04:00:00.000Z`);

    const all = await list();
    expect(all.total).toBe(6);
    expect(all.list.map((r) => `${r.kind}:${r.id}`)).toEqual(order.map(([t, id]) => `${t}:${id}`).reverse());
    const byKey = new Map(all.list.map((r) => [`${r.kind}:${r.id}`, r]));
    expect(byKey.get(`comment:${reply}`)).toEqual({
      kind: 'comment',
      id: reply,
      type: 1,
      for_id: article,
      parent_id: c1,
      from_id: bob.id,
      from_name: '昵称moderBob',
      from_avatar: expect.any(String),
      content: '谢谢',
      createdAt: '2020-05-06 12:00:00',
      review_status: 'published',
      review_reason: '',
      subject: '审核用的文章',
    });
    expect(byKey.get(`comment:${c2}`)?.subject).toBe('今天天气很好，出门走走');
    expect(byKey.get(`comment:${c3}`)).toMatchObject({ type: 3, for_id: msg, subject: '留言板你好' });
    expect(byKey.get(`message:${msg}`)).toMatchObject({
      type: 4,
      for_id: msg,
      parent_id: null,
      from_id: alice.id,
      from_name: '昵称moderAlice',
      content: '留言板你好',
      subject: '留言板你好',
    });
    expect(byKey.get(`message:${guest}`)).toMatchObject({
      from_id: null,
      from_name: '过客',
      from_avatar: '',
    });

    // Paging across both tables.
    const page2 = await list({ current: 2, size: 4 });
    expect(page2.total).toBe(6);
    expect(page2.list.map((r) => r.id)).toEqual([guest, msg]);
    // Filters: kind, text, author id (the history of one person), author name, days.
    expect((await list({ type: 4 })).list.map((r) => r.id)).toEqual([guest, msg]);
    expect((await list({ type: 1 })).list.map((r) => r.id)).toEqual([reply, c1]);
    expect((await list({ type: 3 })).list.map((r) => r.id)).toEqual([c3]);
    expect((await list({ content: '留言' })).list.map((r) => `${r.kind}:${r.id}`)).toEqual([
      `comment:${c3}`,
      `message:${msg}`,
    ]);
    expect((await list({ from_id: alice.id })).list.map((r) => `${r.kind}:${r.id}`)).toEqual([
      `comment:${c1}`,
      `message:${msg}`,
    ]);
    expect((await list({ from_name: 'moderbob' })).total).toBe(3);
    expect((await list({ from_name: '过客' })).list.map((r) => r.id)).toEqual([guest]);
    expect((await list({ time: ['2020-05-03', '2020-05-04'] })).list.map((r) => r.id)).toEqual([c2, c1]);
    expect((await list({ type: '', from_id: '', content: '', from_name: null, time: [] })).total).toBe(6);
  });

  it('rows leave the list once deleted through backDelete', async () => {
    const u = await api.user();
    const msg = (
      await ok(api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '要删的留言' }, u.token))
    ).id;
    const c = (
      await ok(api.call('POST', '/api/comment/add', { type: 3, for_id: msg, content: '要删的评论' }, u.token))
    ).id;
    expect((await list({ from_id: u.id })).total).toBe(2);
    expect(await ok(as('DELETE', `/api/comment/backDelete/${c}/0`))).toBe(1);
    expect(await ok(as('PUT', '/api/message/backDelete', { idList: [msg] }))).toBe(1);
    expect((await list({ from_id: u.id })).total).toBe(0);
  });

  it('refuses bad filters, visitors and users', async () => {
    // `from_id: 0` is no filter (the original admin app sends 0, "" or null for "all").
    expect((await as('POST', '/api/comment/getModerationList', { from_id: 0 })).json.code).toBe(0);
    for (const bad of [{ type: 5 }, { from_id: -1 }, { time: ['2020-13-01', '2020-13-02'] }, { size: 'x' }]) {
      const { json } = await as('POST', '/api/comment/getModerationList', bad);
      expect(json.code, JSON.stringify(bad)).toBe(100);
    }
    expect((await api.call('POST', '/api/comment/getModerationList', {})).status).toBe(401);
    const u = await api.user();
    expect((await api.call('POST', '/api/comment/getModerationList', {}, u.token)).status).toBe(403);
  });
});
