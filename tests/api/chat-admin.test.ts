import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { chatServerForFile } from './chat-server.ts';
import { setupTestApi } from './helpers.ts';
import type { Frame } from './ws-client.ts';

/**
 * The console's 聊天室 screen: the history searched and paged, who is online, and force
 * offline over HTTP (the popover's `offline` frame); delete one and clear are the existing routes.
 */
const api = setupTestApi();
const { join } = chatServerForFile();

const as = (method: string, url: string, body?: unknown, token = api.adminToken) =>
  api.call(method, url, body, token);
const history = (body: object) =>
  as('POST', '/api/chat/backGetChatList', { current: 1, size: 10, ...body }).then((r) => r.json);

describe('the chat history for the owner', () => {
  it('searches by text and by sender, newest first, paged, with the current nick names', async () => {
    const alice = await api.user('alicechat');
    const bob = await api.user('bobchat');
    const rows = [
      [alice.id, '早上好 春天'],
      [bob.id, '春天来了'],
      [alice.id, '晚安'],
      [bob.id, '/uploads/2026-01/春天.png'],
    ] as const;
    for (const [user_id, content] of rows)
      await db
        .insertInto('chat')
        .values({
          user_id,
          content,
          content_type: content.startsWith('/uploads/') ? 'image' : 'text',
          createdAt: new Date().toISOString(),
        })
        .execute();

    const all = (await history({})).result;
    expect(all.total).toBe(4);
    expect(all.list.map((m: Frame) => m.content)).toEqual([
      '/uploads/2026-01/春天.png',
      '晚安',
      '春天来了',
      '早上好 春天',
    ]);
    expect(all.list[1]).toEqual({
      id: expect.any(Number),
      user_id: alice.id,
      nick_name: '昵称alicechat',
      avatar: '',
      content: '晚安',
      content_type: 'text',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // Text search looks at text messages only (an image's address is no text).
    const spring = (await history({ content: '春天' })).result;
    expect(spring.list.map((m: Frame) => m.content)).toEqual(['春天来了', '早上好 春天']);
    expect((await history({ nick_name: 'bobchat' })).result.total).toBe(2);
    expect((await history({ user_id: alice.id, content: '晚' })).result.list).toHaveLength(1);
    expect((await history({ content: '%' })).result.total).toBe(0);
    // "" and null are no filter; paging counts every match.
    expect((await history({ content: '', nick_name: null, user_id: '' })).result.total).toBe(4);
    const page2 = (await history({ current: 2, size: 3 })).result;
    expect(page2).toMatchObject({ current: 2, size: 3, total: 4 });
    expect(page2.list.map((m: Frame) => m.content)).toEqual(['早上好 春天']);
    // Bad input is a refusal a person can read.
    expect(await history({ user_id: 'x' })).toMatchObject({ code: 100 });
    expect(await history({ content: 'x'.repeat(600) })).toMatchObject({ code: 100 });
  });

  it('is the admin’s alone', async () => {
    const u = await api.user();
    expect((await api.call('POST', '/api/chat/backGetChatList', { current: 1, size: 10 })).status).toBe(401);
    expect((await api.call('POST', '/api/chat/backGetChatList', {}, u.token)).status).toBe(403);
    expect((await api.call('GET', '/api/chat/getOnlineList', undefined, u.token)).status).toBe(403);
    expect((await api.call('PUT', `/api/chat/forceOffline/${api.adminId}`, undefined, u.token)).status).toBe(
      403,
    );
  });
});

describe('who is online, and force offline', () => {
  it('lists each online user once and forces one off (every tab), never oneself', async () => {
    const u = await api.user('onlineuser');
    const admin = await join(api.adminToken);
    const tab1 = await join(u.token);
    const tab2 = await join(u.token);
    await join(); // a visitor is not listed
    await admin.next('onlineList', (f) => f.list.some((e: Frame) => e.user_id === u.id));
    const online = (await as('GET', '/api/chat/getOnlineList')).json.result as Frame[];
    expect(online.filter((e) => e.user_id === u.id)).toEqual([
      { user_id: u.id, nick_name: '昵称onlineuser', avatar: '' },
    ]);
    expect(online.some((e) => e.user_id === api.adminId)).toBe(true);

    expect((await as('PUT', `/api/chat/forceOffline/${api.adminId}`)).json).toMatchObject({
      code: 100,
      message: '不能强制下线自己',
    });
    expect((await as('PUT', `/api/chat/forceOffline/${u.id}`)).json).toEqual({
      code: 0,
      message: '已强制下线',
      result: true,
    });
    await Promise.all([tab1.next('offline'), tab2.next('offline')]);
    expect((await tab1.closed).code).toBe(4001);
    expect((await tab2.closed).code).toBe(4001);
    await admin.next('onlineList', (f) => !f.list.some((e: Frame) => e.user_id === u.id));
    const after = (await as('GET', '/api/chat/getOnlineList')).json.result as Frame[];
    expect(after.some((e) => e.user_id === u.id)).toBe(false);
    expect(admin.ws.readyState).toBe(WebSocket.OPEN);
  });
});
