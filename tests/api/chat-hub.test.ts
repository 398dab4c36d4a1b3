import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_DEFAULTS } from '../../src/server/chat/hub.ts';
import { createUpgradeHandler } from '../../src/server/chat/upgrade.ts';
import { db } from '../../src/server/db/connection.ts';
import { resolveSite } from '../../src/server/site.ts';
import { chinaTime } from '../fixtures/china-time.ts';
import { setupTestApi } from './helpers.ts';
import { ChatClient, type Frame } from './ws-client.ts';

/**
 * The chat hub on a real HTTP server (ephemeral port) with the production upgrade handler; clients
 * are Node's built-in WebSocket; tokens are real signed tokens of users in a fresh database.
 */
const api = setupTestApi();
let server: http.Server;
let upgrade: ReturnType<typeof createUpgradeHandler>;
let port = 0;
let wsUrl = '';
const clients: ChatClient[] = [];

beforeAll(async () => {
  upgrade = createUpgradeHandler();
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', upgrade.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // As createSite does once it listens: the site is where the server is (its Origin is the site's own).
  resolveSite(port);
  wsUrl = `ws://127.0.0.1:${port}/ws`;
});

afterAll(async () => {
  await upgrade.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A joined client, closed by the end of the file. */
async function join(token?: string): Promise<ChatClient> {
  const c = await ChatClient.join(wsUrl, token);
  clients.push(c);
  return c;
}

const rows = () => db.selectFrom('chat').selectAll().orderBy('id').execute();
const say = (c: ChatClient, content: string, extra: object = {}) =>
  c.send({ type: 'message', content, content_type: 'text', ...extra });

/** The raw handshake answer: 101 when upgraded, else the refusal's status. */
function handshake(pathname: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: pathname,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('chat hub: identity', () => {
  it('lets a visitor read (messages, online list) but not send', async () => {
    const user = await api.user();
    const visitor = await join();
    const author = await join(user.token);
    await visitor.next('onlineList', (f) => f.list.some((e: Frame) => e.user_id === user.id));

    say(visitor, '游客想说话');
    expect((await visitor.next('error')).content).toBe('请先登录');
    // A visitor cannot act as someone with a user_id either.
    visitor.send({ type: 'revert', message_id: 1, user_id: api.adminId });
    expect((await visitor.next('error')).content).toBe('请先登录');

    say(author, '用户的消息');
    const seen = await visitor.next('message');
    expect(seen.content).toBe('用户的消息');
    // The visitor's attempt reached nobody and stored nothing.
    expect(visitor.all('message').map((m) => m.content)).toEqual(['用户的消息']);
    expect((await rows()).map((r) => r.content)).not.toContain('游客想说话');
  });

  it('ignores a forged user_id: the token decides who speaks', async () => {
    const alice = await api.user();
    const bob = await api.user();
    const a = await join(alice.token);
    const b = await join(bob.token);
    say(a, '我是谁', { user_id: bob.id, nick_name: '冒充的', avatar: 'http://evil.example/x.png' });
    const got = await b.next('message', (m) => m.content === '我是谁');
    expect(got.user_id).toBe(alice.id);
    expect(got.nick_name).toBe(`昵称${alice.username}`);
    expect(got.avatar).toBe('');
    const stored = (await rows()).find((r) => r.id === got.id);
    expect(stored?.user_id).toBe(alice.id);

    // init with a user_id but no token is a visitor.
    const forged = await ChatClient.open(wsUrl);
    clients.push(forged);
    forged.send({ type: 'init', user_id: api.adminId });
    await forged.next('onlineList');
    say(forged, '假装管理员');
    expect((await forged.next('error')).content).toBe('请先登录');
  });

  it('refuses frames before init and malformed frames with a clear error', async () => {
    const c = await ChatClient.open(wsUrl);
    clients.push(c);
    say(c, '还没 init');
    expect((await c.next('error')).content).toBe('请先连接聊天室');
    c.ws.send('not json');
    expect((await c.next('error')).content).toBe('消息格式错误');
  });

  it('stops a user whose token was ended (logout / password change) from sending', async () => {
    const user = await api.user();
    const c = await join(user.token);
    await db.updateTable('user').set({ token_version: 1 }).where('id', '=', user.id).execute();
    say(c, '还能发吗');
    expect((await c.next('error')).content).toBe('登录过期，请重新登录');
  });
});

describe('chat hub: messages', () => {
  it('broadcasts a text message with id, author nick name, avatar and time, stored as text', async () => {
    const user = await api.user();
    const sender = await join(user.token);
    const other = await join();
    const text = '<b>不是 HTML</b> 你好 😀';
    say(sender, `  ${text}  `);
    const [mine, theirs] = await Promise.all([
      sender.next('message', (m) => m.content === text),
      other.next('message', (m) => m.content === text),
    ]);
    expect(theirs).toEqual(mine);
    expect(mine).toMatchObject({ user_id: user.id, nick_name: `昵称${user.username}`, content_type: 'text' });
    expect(mine.id).toBeGreaterThan(0);
    const stored = (await rows()).find((r) => r.id === mine.id);
    expect(stored).toMatchObject({ content: text, content_type: 'text', user_id: user.id });
    // The frame's time is a wire date, `YYYY-MM-DD HH:mm:ss` in China time (docs/api/websocket.md).
    expect(mine.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(mine.createdAt).toBe(chinaTime(stored?.createdAt ?? ''));
  });

  // A NUL is refused like on the HTTP API (PostgreSQL fails on it), nothing stored or sent.
  it('refuses a frame holding a NUL character with a clear error', async () => {
    const user = await api.user();
    const c = await join(user.token);
    say(c, '前\u0000后');
    expect((await c.next('error')).content).toBe('内容包含非法字符');
    say(c, '干净的话');
    expect((await c.next('message')).content).toBe('干净的话');
    expect((await rows()).filter((r) => r.user_id === user.id).map((r) => r.content)).toEqual(['干净的话']);
  });

  it('holds the length limit: 555 characters pass, 556 do not, empty is refused', async () => {
    const user = await api.user();
    const c = await join(user.token);
    const longest = '😀'.repeat(555); // counted as characters, not UTF-16 units
    say(c, longest);
    expect((await c.next('message')).content).toBe(longest);
    say(c, `${longest}a`);
    expect((await c.next('error')).content).toBe('消息不能超过555个字');
    say(c, '   ');
    expect((await c.next('error')).content).toBe('请输入消息再发送');
    c.send({ type: 'message', content: 'x', content_type: 'video' });
    expect((await c.next('error')).content).toBe('消息类型错误');
    expect((await rows()).filter((r) => r.user_id === user.id)).toHaveLength(1);
  });

  it('holds the per-user rate limit across tabs with a clear message', async () => {
    const user = await api.user();
    const tab1 = await join(user.token);
    const tab2 = await join(user.token);
    const { max } = HUB_DEFAULTS.rate;
    for (let i = 0; i < max; i++) say(i % 2 ? tab2 : tab1, `第${i}条`);
    for (let i = 0; i < max; i++) await tab1.next('message', (m) => m.content === `第${i}条`);
    say(tab1, '超出的一条');
    const error = await tab1.next('error');
    expect(error.content).toMatch(/^发送太频繁了，请\d+秒后再试$/);
    say(tab2, '另一个标签页也不行');
    expect((await tab2.next('error')).content).toMatch(/^发送太频繁了/);
    expect((await rows()).filter((r) => r.user_id === user.id)).toHaveLength(max);
    // Someone else is not held up by it.
    const other = await api.user();
    const o = await join(other.token);
    say(o, '我不受影响');
    expect((await o.next('message', (m) => m.content === '我不受影响')).user_id).toBe(other.id);
  });

  it('accepts an image only from our uploads (existing file, not the demo pictures)', async () => {
    const user = await api.user();
    const c = await join(user.token);
    const uploads = path.join(api.dataDir, 'uploads');
    mkdirSync(path.join(uploads, 'img'), { recursive: true });
    mkdirSync(path.join(uploads, 'demo'), { recursive: true });
    writeFileSync(path.join(uploads, 'img', 'ok.png'), 'png');
    writeFileSync(path.join(uploads, 'demo', 'cover.svg'), '<svg/>');

    const image = (content: string) => c.send({ type: 'message', content, content_type: 'image' });
    image('/uploads/img/ok.png');
    expect(await c.next('message')).toMatchObject({ content: '/uploads/img/ok.png', content_type: 'image' });
    // An absolute URL on the site's own host is kept as its path.
    image(`http://127.0.0.1:${port}/uploads/img/ok.png`);
    expect((await c.next('message')).content).toBe('/uploads/img/ok.png');

    for (const bad of [
      'https://evil.example/uploads/img/ok.png',
      '//evil.example/uploads/img/ok.png',
      '/uploads/img/missing.png',
      '/uploads/demo/cover.svg',
      '/uploads/../secrets/jwt.key',
      '/uploads/%2e%2e/secrets/jwt.key',
      '/uploads/img/ok.png?x=1',
      'javascript:alert(1)',
      '/home',
    ]) {
      image(bad);
      expect((await c.next('error')).content, bad).toBe('图片地址无效，请重新上传');
    }
    expect((await rows()).filter((r) => r.user_id === user.id)).toHaveLength(2);
  });

  it('sends a join notice (tips) when a user comes online', async () => {
    const watcher = await join();
    const user = await api.user();
    await join(user.token);
    const tip = await watcher.next('tips', (t) => t.content.includes(`昵称${user.username}`));
    expect(tip.content).toBe(`欢迎 昵称${user.username} 加入聊天室`);
  });
});

describe('chat hub: recall, clear, offline', () => {
  it('lets a user recall their own message but not another user’s', async () => {
    const alice = await api.user();
    const bob = await api.user();
    const a = await join(alice.token);
    const b = await join(bob.token);
    say(a, 'alice 的消息');
    const msg = await b.next('message', (m) => m.content === 'alice 的消息');

    b.send({ type: 'revert', message_id: msg.id, user_id: alice.id });
    expect((await b.next('error')).content).toBe('只能撤回自己的消息');
    const httpDenied = await api.call('DELETE', `/api/chat/deleteOne/${msg.id}`, undefined, bob.token);
    expect(httpDenied.status).toBe(403);
    expect((await rows()).some((r) => r.id === msg.id)).toBe(true);

    a.send({ type: 'revert', message_id: msg.id });
    expect((await b.next('revert')).message_id).toBe(msg.id);
    expect((await a.next('revert')).message_id).toBe(msg.id);
    expect((await rows()).some((r) => r.id === msg.id)).toBe(false);

    // The same through the API: the author deletes, every socket hears the revert.
    say(a, 'alice 第二条');
    const second = await b.next('message', (m) => m.content === 'alice 第二条');
    const res = await api.call('DELETE', `/api/chat/deleteOne/${second.id}`, undefined, alice.token);
    expect(res.json.code).toBe(0);
    expect((await b.next('revert')).message_id).toBe(second.id);
    const again = await api.call('DELETE', `/api/chat/deleteOne/${second.id}`, undefined, alice.token);
    expect(again.json).toMatchObject({ code: 100, message: '消息不存在' });
  });

  it('lets the admin recall any message, clear the history and force a user offline', async () => {
    const user = await api.user();
    const admin = await join(api.adminToken);
    const tab1 = await join(user.token);
    const tab2 = await join(user.token);
    say(tab1, '管理员会撤回这条');
    const msg = await admin.next('message', (m) => m.content === '管理员会撤回这条');
    admin.send({ type: 'revert', message_id: msg.id });
    expect((await tab1.next('revert')).message_id).toBe(msg.id);

    // Only the admin may clear; then everyone hears `clear` and the history is empty.
    say(tab1, '清空前的消息');
    await admin.next('message', (m) => m.content === '清空前的消息');
    const denied = await api.call('POST', '/api/chat/delete', {}, user.token);
    expect(denied.status).toBe(403);
    expect((await rows()).length).toBeGreaterThan(0);
    const cleared = await api.call('POST', '/api/chat/delete', {}, api.adminToken);
    expect(cleared.json.code).toBe(0);
    await tab2.next('clear');
    await admin.next('clear');
    expect(await rows()).toHaveLength(0);
    const list = await api.call('POST', '/api/chat/getChatList', { size: 10 });
    expect(list.json.result).toEqual({ list: [], total: 0 });

    // A user cannot force anyone off; the admin cannot force themselves off.
    tab1.send({ type: 'offline', user_id: api.adminId });
    expect((await tab1.next('error')).content).toBe('权限不足');
    admin.send({ type: 'offline', user_id: api.adminId });
    expect((await admin.next('error')).content).toBe('不能强制下线自己');

    admin.send({ type: 'offline', user_id: user.id });
    await Promise.all([tab1.next('offline'), tab2.next('offline')]);
    expect((await tab1.closed).code).toBe(4001);
    expect((await tab2.closed).code).toBe(4001);
    const after = await admin.next('onlineList', (f) => !f.list.some((e: Frame) => e.user_id === user.id));
    expect(after.list.some((e: Frame) => e.user_id === api.adminId)).toBe(true);
    expect(admin.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('chat hub: presence and the handshake', () => {
  it('counts a user with two tabs once in the online list', async () => {
    const user = await api.user();
    const watcher = await join();
    const tab1 = await join(user.token);
    await watcher.next('onlineList', (f) => f.list.some((e: Frame) => e.user_id === user.id));
    const tab2 = await join(user.token);
    const late = await join();
    const list = late.all('onlineList').at(-1)?.list as Frame[];
    expect(list.filter((e) => e.user_id === user.id)).toHaveLength(1);
    expect(list.find((e) => e.user_id === user.id)).toEqual({
      user_id: user.id,
      nick_name: `昵称${user.username}`,
      avatar: '',
    });

    await tab1.close();
    const stillThere = await join();
    const list2 = stillThere.all('onlineList').at(-1)?.list as Frame[];
    expect(list2.filter((e) => e.user_id === user.id)).toHaveLength(1);

    await tab2.close();
    await watcher.next('onlineList', (f) => !f.list.some((e: Frame) => e.user_id === user.id));
    // Between coming online and closing the last tab the user never left the list.
    const lists = watcher.all('onlineList').map((f) => f.list.some((e: Frame) => e.user_id === user.id));
    expect(lists.slice(lists.indexOf(true))).toEqual([
      ...lists.slice(lists.indexOf(true), -1).fill(true),
      false,
    ]);
  });

  it('refuses a cross-origin handshake and accepts the site’s own origin', async () => {
    const host = `127.0.0.1:${port}`;
    expect(await handshake('/ws', { Origin: 'http://evil.example' })).toBe(403);
    expect(await handshake('/ws', { Origin: `http://127.0.0.1:${port + 1}` })).toBe(403);
    expect(await handshake('/ws', { Origin: 'null' })).toBe(403);
    expect(await handshake('/ws', { Origin: `http://${host}` })).toBe(101);
    expect(await handshake('/ws', { Origin: `https://${host}` })).toBe(101);
    // The site's origin, not the request's own Host, is the reference: a page on evil.example that
    // reaches the server under that name (DNS rebinding) is still refused.
    expect(await handshake('/ws', { Host: 'evil.example', Origin: 'http://evil.example' })).toBe(403);
    expect(await handshake('/ws', { Origin: `http://localhost:${port}` })).toBe(101);
    // No Origin: not a browser, let in (it still needs a token to speak).
    expect(await handshake('/ws', {})).toBe(101);
    expect(await handshake('/not-ws', { Origin: `http://${host}` })).toBe(404);
    await expect(ChatClient.open(wsUrl, { origin: 'http://evil.example' })).rejects.toThrow();
  });
});

describe('chat history API', () => {
  it('pages history newest last, 10 at a time before last_id, with the total', async () => {
    const user = await api.user();
    await db.deleteFrom('chat').execute();
    const now = new Date().toISOString();
    await db
      .insertInto('chat')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          user_id: user.id,
          content: `历史${i}`,
          content_type: 'text',
          createdAt: now,
        })),
      )
      .execute();
    const first = await api.call('POST', '/api/chat/getChatList', { size: 10 });
    expect(first.json.result.total).toBe(25);
    const page1 = first.json.result.list as Frame[];
    expect(page1.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `历史${15 + i}`));
    expect(page1[0]).toMatchObject({ user_id: user.id, nick_name: `昵称${user.username}`, avatar: '' });
    const second = await api.call('POST', '/api/chat/getChatList', { size: 10, last_id: page1[0].id });
    expect((second.json.result.list as Frame[]).map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `历史${5 + i}`),
    );
    const third = await api.call('POST', '/api/chat/getChatList', {
      size: 10,
      last_id: second.json.result.list[0].id,
    });
    expect(third.json.result.list).toHaveLength(5);
    // A size past 50 is clamped (docs/api/README.md#paging), not refused.
    const big = await api.call('POST', '/api/chat/getChatList', { size: 1000 });
    expect(big.json.code).toBe(0);
  });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => (c.ws.readyState === WebSocket.CLOSED ? null : c.close())));
});
