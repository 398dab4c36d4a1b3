import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket as WsClient } from 'ws';
import { createChatHub } from '../../src/server/chat/hub.ts';
import { setupTestApi } from './helpers.ts';
import { ChatClient, startUpgradeServer } from './ws-client.ts';

/**
 * The hub's self-protection on real sockets: the heartbeat drops a peer that stops answering pings,
 * a peer that stops reading is closed once its send buffer passes the bound, and close() ends every
 * socket. The periods and bounds are the hub's options, set small here so the test is quick.
 */
const api = setupTestApi();
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

async function hubServer(opts: Parameters<typeof createChatHub>[0]) {
  const hub = createChatHub(opts);
  const s = await startUpgradeServer((req, socket, head) => hub.handleUpgrade(req, socket, head));
  stops.push(
    () => s.stop(),
    () => hub.close(),
  );
  return { hub, ...s };
}

/** A `ws` client (it can be told not to answer pings, and its socket can stop reading). */
function rawClient(url: string, opts: { autoPong?: boolean } = {}) {
  const ws = new WsClient(url, { autoPong: opts.autoPong ?? true });
  const frames: { type: string; [k: string]: unknown }[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, closed, opened };
}

describe('chat hub: heartbeat, slow readers, shutdown', () => {
  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const { hub, wsUrl } = await hubServer({ heartbeatMs: 100 });
    const user = await api.user();
    const watcher = await ChatClient.join(wsUrl);
    const dead = rawClient(wsUrl, { autoPong: false });
    await dead.opened;
    dead.ws.send(JSON.stringify({ type: 'init', token: user.token }));
    await watcher.next('onlineList', (f) => f.list.some((e: { user_id: number }) => e.user_id === user.id));
    expect(hub.size()).toBe(2);

    // The silent peer is cut off (abnormal closure) and leaves the online list.
    expect(await dead.closed).toBe(1006);
    await watcher.next('onlineList', (f) => !f.list.some((e: { user_id: number }) => e.user_id === user.id));
    // Node's WebSocket answers pings: after more heartbeats it is still connected and served.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(watcher.ws.readyState).toBe(WebSocket.OPEN);
    expect(hub.size()).toBe(1);
    await watcher.close();
  });

  it('closes a socket whose send buffer passes the bound, without holding up the others', async () => {
    const { hub, wsUrl } = await hubServer({ maxBufferedBytes: 256 * 1024 });
    const fast = await ChatClient.join(wsUrl);
    const slow = rawClient(wsUrl);
    await slow.opened;
    slow.ws.send(JSON.stringify({ type: 'init' }));
    await new Promise<void>((resolve) => {
      const check = () => (slow.frames.length ? resolve() : setTimeout(check, 10));
      check();
    });
    // Stop reading: the server's unsent data for this peer can only grow.
    (slow.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
    const big = 'x'.repeat(100_000);
    let sent = 0;
    while (hub.size() === 2 && sent < 400) {
      await hub.publish({ type: 'tips', content: big });
      sent++;
      if (sent % 10 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    expect(hub.size()).toBe(1);
    // The reader that keeps up is still served.
    await hub.publish({ type: 'tips', content: '还在吗' });
    await fast.next('tips', (t) => t.content === '还在吗', 20_000);
    expect(fast.ws.readyState).toBe(WebSocket.OPEN);
    await fast.close();
  });

  it('close() ends every socket (going away) and refuses new handshakes', async () => {
    const { hub, wsUrl } = await hubServer({});
    const user = await api.user();
    const a = await ChatClient.join(wsUrl, user.token);
    const b = await ChatClient.join(wsUrl, user.token);
    const c = await ChatClient.join(wsUrl);
    await hub.close();
    const codes = await Promise.all([a.closed, b.closed, c.closed]);
    expect(codes.map((x) => x.code)).toEqual([1001, 1001, 1001]);
    expect(hub.size()).toBe(0);
    await expect(ChatClient.open(wsUrl)).rejects.toThrow();
  });
});
