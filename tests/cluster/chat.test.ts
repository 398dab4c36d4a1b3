import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient } from '../api/ws-client.ts';
import { adminToken, call, newUser, node, proxy, wsUrl } from './client.ts';

/**
 * The chat of two processes is one room. Each check has a socket on
 * process 1 and one on process 2 (addressed directly, so which process holds which socket is
 * certain); with an in-process bus nothing below crosses.
 */
const open: ChatClient[] = [];
const join = async (base: string, token?: string) => {
  const c = await ChatClient.join(wsUrl(base), token);
  open.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe('chat across two processes', () => {
  it('a message sent on process 1 reaches a socket on process 2, and its recall too', async () => {
    const [alice, bob] = await Promise.all([newUser(node(0)), newUser(node(1))]);
    const a = await join(node(0), alice.token);
    const b = await join(node(1), bob.token);
    const text = `跨进程消息 ${Date.now()}`;
    a.send({ type: 'message', content: text, content_type: 'text' });
    const got = await b.next('message', (f) => f.content === text);
    expect(got.user_id).toBe(alice.id);
    a.send({ type: 'revert', message_id: got.id });
    expect((await b.next('revert', (f) => f.message_id === got.id)).message_id).toBe(got.id);
  });

  it('a visitor on process 1 sees the clear an admin makes on process 2', async () => {
    const watcher = await join(node(0));
    const res = await call(node(1), 'POST', '/api/chat/delete', {}, { token: await adminToken(node(1)) });
    expect(res.json.code).toBe(0);
    await watcher.next('clear');
  });

  it('a kick from process 1 closes the user socket on process 2', async () => {
    const victim = await newUser(node(1));
    const v = await join(node(1), victim.token);
    const admin = await join(node(0), await adminToken(node(0)));
    admin.send({ type: 'offline', user_id: victim.id });
    await v.next('offline');
    expect((await v.closed).code).toBe(4001);
    // The console's force offline (the API on process 2) reaches a socket on process 1 the same way.
    const again = await join(node(0), victim.token);
    const res = await call(node(1), 'PUT', `/api/chat/forceOffline/${victim.id}`, undefined, {
      token: await adminToken(node(1)),
    });
    expect(res.json.code).toBe(0);
    expect((await again.closed).code).toBe(4001);
  });

  it('presence is one list: a user with a tab on each process is listed once, on both', async () => {
    const [both, onlyTwo] = await Promise.all([newUser(node(0)), newUser(node(1))]);
    await join(node(0), both.token);
    await join(node(1), both.token);
    const last = await join(node(1), onlyTwo.token);
    const admin = await adminToken(node(0));
    for (const base of [node(0), node(1)]) {
      const list = (await call(base, 'GET', '/api/chat/getOnlineList', undefined, { token: admin })).json
        .result as { user_id: number }[];
      const ids = list.map((e) => e.user_id);
      expect(
        ids.filter((id) => id === both.id),
        base,
      ).toHaveLength(1);
      expect(
        ids.filter((id) => id === onlyTwo.id),
        base,
      ).toHaveLength(1);
    }
    // The sockets hear the same list: the onlineList pushed to a visitor on process 1 names both.
    const visitor = await join(node(0));
    const pushed = visitor.all('onlineList').at(-1)?.list as { user_id: number }[];
    expect(pushed.map((e) => e.user_id)).toEqual(expect.arrayContaining([both.id, onlyTwo.id]));
    expect(pushed.filter((e) => e.user_id === both.id)).toHaveLength(1);
    await last.close();
  });

  it('a socket through the proxy joins the same room', async () => {
    const [alice, bob] = await Promise.all([newUser(node(0)), newUser(node(0))]);
    const a = await join(proxy(), alice.token);
    const b = await join(proxy(), bob.token);
    const text = `经代理 ${Date.now()}`;
    a.send({ type: 'message', content: text, content_type: 'text' });
    await b.next('message', (f) => f.content === text);
  });
});
