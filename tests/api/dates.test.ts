import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { chinaTime } from '../fixtures/china-time.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Every date on the wire is `YYYY-MM-DD HH:mm:ss` in China time (UTC+8), as the
 * original backend sent it (its client shows "NaN天前" for an ISO string). Expected values come from
 * the time-zone database, not from the server's own formatter.
 */
const api = setupTestApi({ seed: true });

const WIRE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** A stored instant just after midnight in China (16:xx UTC the day before): the date changes. */
const NEAR_MIDNIGHT = '2026-11-20T16:30:05.123Z';

function expectWire(
  item: { createdAt: string; updatedAt?: string },
  stored: { createdAt: string; updatedAt?: string },
) {
  expect(item.createdAt).toMatch(WIRE);
  expect(item.createdAt).toBe(chinaTime(stored.createdAt));
  if (stored.updatedAt !== undefined) {
    expect(item.updatedAt).toMatch(WIRE);
    expect(item.updatedAt).toBe(chinaTime(stored.updatedAt));
  }
}

/** Each item of a list answer against its stored row (the list must not be empty). */
async function expectListWire(
  table: 'talk' | 'message' | 'comment' | 'notify',
  list: { id: number; createdAt: string }[],
) {
  expect(list.length).toBeGreaterThan(0);
  for (const item of list) {
    const row = await db
      .selectFrom(table)
      .select('createdAt')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expectWire(item, row);
  }
}

describe('dates on the wire (YYYY-MM-DD HH:mm:ss, China time)', () => {
  it('talk list', async () => {
    const { list } = (await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 50 })).json
      .result;
    await expectListWire('talk', list);
  });

  it('guestbook list', async () => {
    const { list } = (await api.call('POST', '/api/message/getMessageList', { current: 1, size: 50 })).json
      .result;
    await expectListWire('message', list);
  });

  it('comment list and replies', async () => {
    const parent = await db
      .selectFrom('comment')
      .select(['type', 'for_id'])
      .where('parent_id', 'is', null)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    const { list } = (
      await api.call('POST', '/api/comment/frontGetParentComment', {
        type: parent.type,
        for_id: parent.for_id,
        current: 1,
        size: 50,
        order: 'new',
      })
    ).json.result;
    await expectListWire('comment', list);
  });

  it('chat history', async () => {
    await db
      .insertInto('chat')
      .values({ user_id: api.adminId, content: '午夜前后', content_type: 'text', createdAt: NEAR_MIDNIGHT })
      .execute();
    const { list } = (await api.call('POST', '/api/chat/getChatList', { size: 10 })).json.result;
    const mine = list.find((m: { content: string }) => m.content === '午夜前后');
    expect(mine.createdAt).toBe('2026-11-21 00:30:05');
    for (const m of list) expect(m.createdAt).toMatch(WIRE);
  });

  it('notification list', async () => {
    const res = await api.call('POST', '/api/notify/getNotifyList', { current: 1, size: 50 }, api.adminToken);
    const { list } = res.json.result;
    await expectListWire('notify', list);
  });

  it('article detail, its neighbours and the timeline', async () => {
    const stored = await db
      .selectFrom('article')
      .select(['id', 'createdAt', 'updatedAt'])
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const detail = (await api.call('GET', `/api/article/getArticleById/${stored.id}`)).json.result;
    expectWire(detail, stored);
    const timeline = (await api.call('GET', '/api/article/blogTimelineGetArticleList/1/50')).json.result;
    for (const year of timeline.list)
      for (const a of year.articleList) {
        expect(a.createdAt).toMatch(WIRE);
        // The year groups by the China date too.
        expect(a.createdAt.slice(0, 4)).toBe(String(year.year));
      }
  });

  it('user info', async () => {
    const stored = await db
      .selectFrom('user')
      .select('createdAt')
      .where('id', '=', api.adminId)
      .executeTakeFirstOrThrow();
    const info = (
      await api.call('GET', `/api/user/getUserInfoById/${api.adminId}`, undefined, api.adminToken)
    ).json.result;
    expectWire(info, stored);
  });

  it('GET /api/config gives the site start date (运行时间) as createdAt', async () => {
    const config = (await api.call('GET', '/api/config')).json.result;
    expect(config.createdAt).toMatch(WIRE);
    // The demo blog started with its oldest content; never after the first article.
    const first = await db
      .selectFrom('article')
      .select('createdAt')
      .orderBy('createdAt')
      .executeTakeFirstOrThrow();
    expect(config.createdAt <= chinaTime(first.createdAt)).toBe(true);
  });
});
