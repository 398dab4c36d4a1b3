import { readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WebSocket as WsClient } from 'ws';
import { rawRequest, type Started, startServer, stopServer } from './server.ts';

/**
 * One address cannot exhaust the real server (src/server/net/caps.ts wired in main.ts): its
 * connections and WebSockets over the cap are refused, a slow-header connection is closed by the
 * header timeout, and a visitor from another address (127.0.0.2: Linux accepts any 127/8 source)
 * is still answered while the first address holds all its slots. Small caps and timeout here.
 */
test.describe.configure({ mode: 'serial' });

const CONNECTIONS = 20;
const SOCKETS = 5;
let server: Started;
let port = 0;
const opened: net.Socket[] = [];

test.beforeAll(async () => {
  server = await startServer({
    MAX_CONNECTIONS_PER_IP: String(CONNECTIONS),
    MAX_WEBSOCKETS_PER_IP: String(SOCKETS),
    HEADERS_TIMEOUT_MS: '3000',
  });
  port = Number(new URL(server.url).port);
});
test.afterAll(async () => {
  for (const s of opened) s.destroy();
  await stopServer(server);
});

type Slow = { socket: net.Socket; answer: () => string; ended: Promise<void> };

/** A connection that sends half a request line and then nothing, like a slowloris client. */
async function slowHeaders(localAddress = '127.0.0.1'): Promise<Slow> {
  // allowHalfOpen: the client never closes on its own; only the server can end the connection.
  const socket = net.connect({ port, host: '127.0.0.1', localAddress, allowHalfOpen: true });
  opened.push(socket);
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString();
  });
  socket.on('error', () => {});
  // The server's side ending (its FIN); the client's socket stays half-open, as an attacker's would.
  const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /home HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  return { socket, answer: () => answer, ended };
}

/** A plain GET from the given source address. */
const get = (pathname: string, localAddress: string) =>
  rawRequest(server.url, pathname, { Host: `127.0.0.1:${port}` }, { localAddress });

test('connections over the per-address cap are refused; another address is still served', async () => {
  test.setTimeout(60_000);
  // Rendered once before, so the page below is answered from the cache well within the timeout.
  expect((await get('/home', '127.0.0.2')).status).toBe(200);
  const held = [];
  for (let i = 0; i < CONNECTIONS; i++) held.push(await slowHeaders());
  const extras = [];
  for (let i = 0; i < 5; i++) extras.push(await slowHeaders());
  // The extras are answered 429 and dropped at once, without waiting for their headers.
  await Promise.all(extras.map((e) => e.ended));
  for (const e of extras) expect(e.answer()).toMatch(/^HTTP\/1\.1 429 /);

  // While 127.0.0.1 holds every slot it has, 127.0.0.2 gets the API and a page.
  const api = await get('/api/statistic', '127.0.0.2');
  expect(api.status).toBe(200);
  expect(JSON.parse(api.body).code).toBe(0);
  const page = await get('/home', '127.0.0.2');
  expect(page.status).toBe(200);
  expect(page.body).toContain('<html');
  expect(held.every((h) => !h.socket.destroyed && h.answer() === '')).toBe(true);

  // The header timeout ends the held connections with 408, and although the client never closes
  // them, the server lets go of them: the address may connect again (with all its slots).
  await Promise.all(held.map((h) => h.ended));
  for (const h of held) expect(h.answer()).toMatch(/^HTTP\/1\.1 408 /);
  const again = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => get('/api/statistic', '127.0.0.1')),
  );
  expect(again.map((r) => r.status)).toEqual(Array(CONNECTIONS).fill(200));
});

/** Opens a WebSocket to /ws from the given source; resolves with the socket or the refusal status. */
function openSocket(localAddress: string): Promise<{ ws?: WsClient; status?: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WsClient(`ws://127.0.0.1:${port}/ws`, { localAddress });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      res.resume();
    });
    ws.once('error', reject);
  });
}

test('WebSockets over the per-address cap are refused with 429; another address still connects', async () => {
  const open: WsClient[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const { ws } = await openSocket('127.0.0.1');
    expect(ws).toBeDefined();
    open.push(ws as WsClient);
  }
  expect((await openSocket('127.0.0.1')).status).toBe(429);
  const other = await openSocket('127.0.0.2');
  expect(other.ws?.readyState).toBe(WsClient.OPEN);
  other.ws?.close();

  // A closed socket frees its slot.
  const first = open.shift() as WsClient;
  await new Promise<void>((resolve) => {
    first.once('close', () => resolve());
    first.close();
  });
  let again = await openSocket('127.0.0.1');
  // The server may see the close a moment after the client does.
  while (!again.ws) again = await openSocket('127.0.0.1');
  open.push(again.ws);
  for (const ws of open) ws.close();
});

test('everything the server wrote into its data dir is readable by its own user only', async () => {
  // The demo music and its index are written after listening: wait until /wapi answers from them.
  expect((await get('/wapi/toplist/detail', '127.0.0.2')).status).toBe(200);
  const open: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (statSync(full).mode & 0o077) open.push(full);
      if (entry.isDirectory()) walk(full);
    }
  };
  expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
  walk(server.dataDir);
  expect(open).toEqual([]);
});
