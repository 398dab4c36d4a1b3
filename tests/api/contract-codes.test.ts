import { describe, expect, it } from 'vitest';
import { pageCacheStats } from '../../src/server/page-cache.ts';
import * as chat from '../../src/server/services/chat.ts';
import { setupTestApi } from './helpers.ts';

/**
 * An unmodified client of the original backend works against ours
 * (docs/decisions/0007-original-client-compatibility.md). That client toasts only on body code 100 and on
 * HTTP 401/403/404/408/429/500 (docs/product.md#failed-calls), so every refusal a person should read is
 * HTTP 200 with code 100; page sizes are clamped, not refused; an empty `last_id` is the chat's newest
 * page.
 */
const api = setupTestApi();
const JSON_TYPE = { 'content-type': 'application/json' };

describe('refusals a person should read: HTTP 200, code 100, the Chinese reason (item 13)', () => {
  it('a field against its schema (zod)', async () => {
    const res = await api.call('POST', '/api/message/add', { message: '' });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(100);
    expect(res.json.message).toMatch(/^参数错误 .*[\u4e00-\u9fff]/);
  });

  it('a register rule (a username too short), in its own words', async () => {
    const res = await api.call('POST', '/api/user/register', {
      username: 'abc',
      password: 'abc12345',
      nick_name: '',
      email: '',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 100, message: '用户账号长度应该在5-16之间' });
  });

  it('a business rule (a profile change with nothing to change)', async () => {
    const me = await api.user();
    const res = await api.call('PUT', '/api/user/updateOwnUserInfo', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 100, message: '没有需要修改的内容' });
  });

  it('malformed JSON', async () => {
    const res = await api.call('POST', '/api/message/add', '{"message":', undefined, JSON_TYPE);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 100, message: '请求体不是合法的 JSON' });
  });

  it('a NUL character, in a body and in an /api URL', async () => {
    const inBody = await api.call('POST', '/api/message/add', { message: 'a\u0000b' });
    expect([inBody.status, inBody.json]).toEqual([200, { code: 100, message: '内容包含非法字符' }]);
    const inUrl = await api.call('GET', '/api/article/getArticleListByContent/a%00b');
    expect([inUrl.status, inUrl.json]).toEqual([200, { code: 100, message: '内容包含非法字符' }]);
  });

  it('the statuses the client does handle stay: 401, 403, 404', async () => {
    expect((await api.call('POST', '/api/todo/add', { content: 'x' })).status).toBe(401);
    const me = await api.user();
    expect((await api.call('POST', '/api/config/update', {}, me.token)).status).toBe(403);
    expect((await api.call('GET', '/api/nowhere')).status).toBe(404);
  });

  it('a refused page write (bad input) does not empty the page cache', async () => {
    const before = pageCacheStats.invalidations;
    const res = await api.call('POST', '/api/message/add', { message: '' });
    expect(res.json.code).toBe(100);
    expect(pageCacheStats.invalidations).toBe(before);
  });
});

describe('page sizes are clamped to 1…50, never refused (item 9)', () => {
  const sizes: [number | string, number][] = [
    [999, 50],
    ['999', 50],
    [51, 50],
    [0, 1],
    [-5, 1],
  ];

  it('sizes in the path (the home and timeline lists)', async () => {
    for (let i = 0; i < 51; i++) {
      const res = await api.call(
        'POST',
        '/api/article/add',
        { article_title: `文章${i}`, article_content: '正文' },
        api.adminToken,
      );
      expect(res.json.code).toBe(0);
    }
    for (const route of ['blogHomeGetArticleList', 'blogTimelineGetArticleList']) {
      for (const [size, clamped] of sizes) {
        const res = await api.call('GET', `/api/article/${route}/1/${size}`);
        expect([res.status, res.json.code], `${route} ${size}`).toEqual([200, 0]);
        expect(res.json.result.size, `${route} ${size}`).toBe(clamped);
      }
    }
    const home = await api.call('GET', '/api/article/blogHomeGetArticleList/1/999');
    expect(home.json.result.list).toHaveLength(50);
    expect(home.json.result.total).toBe(51);
  });

  it('sizes in a body (talks, guestbook, links, comments, notifications, admin articles)', async () => {
    const me = await api.user();
    const calls: [string, Record<string, unknown>, string?][] = [
      ['/api/talk/blogGetTalkList', {}],
      ['/api/message/getMessageList', {}],
      ['/api/links/getLinksList', { status: 2 }],
      ['/api/comment/frontGetParentComment', { type: 1, for_id: 1 }],
      ['/api/notify/getNotifyList', {}, me.token],
      ['/api/article/adminGetArticleList', {}, api.adminToken],
    ];
    for (const [url, extra, token] of calls) {
      for (const [size, clamped] of sizes) {
        const res = await api.call('POST', url, { current: 1, size, ...extra }, token);
        expect([res.status, res.json.code], `${url} ${size}`).toEqual([200, 0]);
        expect(res.json.result.size, `${url} ${size}`).toBe(clamped);
      }
    }
  });

  it('sizes in a query string (the anime list)', async () => {
    for (const [size, clamped] of sizes) {
      const res = await api.call('GET', `/api/bangumi/list?current=1&size=${size}`);
      expect([res.status, res.json.code], String(size)).toEqual([200, 0]);
      expect(res.json.result.size, String(size)).toBe(clamped);
    }
  });

  it('the chat history (its page has no size field: the list is cut at 50)', async () => {
    const me = await api.user();
    for (let i = 0; i < 55; i++) await chat.addMessage(me.id, `消息${i}`, 'text');
    const big = await api.call('POST', '/api/chat/getChatList', { size: 999 });
    expect(big.json.code).toBe(0);
    expect(big.json.result.list).toHaveLength(50);
    const zero = await api.call('POST', '/api/chat/getChatList', { size: 0 });
    expect(zero.json.result.list).toHaveLength(1);
  });

  it('a size that is not a whole number is still refused, readably', async () => {
    const res = await api.call('GET', '/api/article/blogHomeGetArticleList/1/2.5');
    expect([res.status, res.json.code]).toEqual([200, 100]);
  });
});

describe('chat history: an empty last_id is the newest page (item 1)', () => {
  it('answers {"size":10,"last_id":""} as it answers no last_id', async () => {
    const me = await api.user();
    for (let i = 0; i < 12; i++) await chat.addMessage(me.id, `最新${i}`, 'text');
    const absent = await api.call('POST', '/api/chat/getChatList', { size: 10 });
    const empty = await api.call('POST', '/api/chat/getChatList', { size: 10, last_id: '' });
    expect([empty.status, empty.json.code], empty.json.message).toEqual([200, 0]);
    expect(empty.json.result).toEqual(absent.json.result);
    expect(empty.json.result.list.at(-1).content).toBe('最新11');
    // Other non-ids stay refused.
    const junk = await api.call('POST', '/api/chat/getChatList', { size: 10, last_id: 'abc' });
    expect(junk.json.code).toBe(100);
  });
});
