import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient } from 'ws';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { createChatHub } from '../../src/server/chat/hub.ts';
import { initConfig } from '../../src/server/config.ts';
import { createCaps, serverOptions } from '../../src/server/net/caps.ts';
import { rawRequest } from '../e2e/server.ts';
import { startUpgradeServer } from './ws-client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

/** A GET through one new connection from 127.0.0.1, as a proxy would forward it. */
const get = (port: number, headers: Record<string, string>) =>
  rawRequest(`http://127.0.0.1:${port}`, '/', { Host: `127.0.0.1:${port}`, ...headers });

describe('behind TRUST_PROXY the caps count the forwarded address, not the proxy', () => {
  it('answers 429 to a forwarded address over its in-flight cap; other forwarded addresses are served', async () => {
    const caps = createCaps({
      maxConnectionsPerIp: 3,
      maxWebSocketsPerIp: 2,
      headersTimeoutMs: 5000,
      trustProxy: true,
    });
    const held: http.ServerResponse[] = [];
    let arrived: () => void = () => {};
    const server = http.createServer(serverOptions({ headersTimeoutMs: 5000 }), (req, res) => {
      if (caps.refuseRequest(req, res)) return;
      if (req.headers['x-hold']) {
        held.push(res);
        arrived();
      } else res.end('ok');
    });
    caps.attach(server);
    const port = await listen(server);
    const attacker = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-hold': '1' };

    // Three slow requests of 203.0.113.9 are in flight (all from the proxy's one socket address).
    const pending = [];
    for (let i = 0; i < 3; i++) {
      const came = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      pending.push(get(port, attacker));
      await came;
    }
    // Its fourth is refused, whatever it puts to the left in X-Forwarded-For.
    const refused = await get(port, { 'x-forwarded-for': '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      code: 429,
      message: '同一地址的连接太多，请稍后再试',
      result: null,
    });
    expect((await get(port, { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' })).status).toBe(429);
    // Another client behind the same proxy, more times than the cap: served.
    for (let i = 0; i < 5; i++)
      expect((await get(port, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);

    // A finished answer frees its slot.
    for (const res of held) res.end('done');
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await get(port, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
  });

  it('refuses a forwarded address its WebSocket over the cap with 429', async () => {
    const caps = createCaps({
      maxConnectionsPerIp: 3,
      maxWebSocketsPerIp: 2,
      headersTimeoutMs: 5000,
      trustProxy: true,
    });
    const hub = createChatHub({ admit: caps.admitSocket });
    const s = await startUpgradeServer((req, socket, head) => hub.handleUpgrade(req, socket, head));
    cleanups.push(
      () => s.stop(),
      () => hub.close(),
    );
    const open = (forwarded: string) =>
      new Promise<WsClient | number>((resolve, reject) => {
        const ws = new WsClient(s.wsUrl, { headers: { 'x-forwarded-for': forwarded } });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', reject);
      });
    const first = await open('203.0.113.9');
    const second = await open('203.0.113.9');
    expect(first).toBeInstanceOf(WsClient);
    expect(second).toBeInstanceOf(WsClient);
    expect(await open('203.0.113.9')).toBe(429);
    const other = await open('198.51.100.7');
    expect(other).toBeInstanceOf(WsClient);
    for (const ws of [first, second, other]) (ws as WsClient).close();
  });
});

describe('HTTP timeouts', () => {
  it('the request timeout cuts a request still arriving, never an answer still being sent', async () => {
    let release: () => void = () => {};
    const server = http.createServer(
      { ...serverOptions({ headersTimeoutMs: 200 }), requestTimeout: 400 },
      (req, res) => {
        if (req.url !== '/stream') return req.resume().on('end', () => res.end('body read'));
        // Like a long audio Range answer: part now, the rest much later than requestTimeout.
        res.writeHead(200, { 'content-type': 'audio/wav' });
        res.write('first part;');
        release = () => res.end('last part');
      },
    );
    server.on('clientError', (_err, socket) => socket.destroy());
    const port = await listen(server);

    const stream = new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/stream', agent: false }, (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve(body));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    // A body that stops halfway is cut: the request timeout has passed while the stream is open.
    const slowBody = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => slowBody.once('connect', resolve));
    slowBody.write('POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc');
    await new Promise((resolve) => slowBody.once('close', resolve));

    release();
    expect(await stream).toBe('first part;last part');
  });
});

describe('keep-alive', () => {
  it('an idle keep-alive connection outlives the header timeout and the old 5 s: a POST on it is answered', async () => {
    const server = http.createServer(serverOptions({ headersTimeoutMs: 300 }), (req, res) => {
      req.resume().on('end', () => res.end(`${req.method} answered`));
    });
    const port = await listen(server);
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d;
    });
    let closed = false;
    socket.once('close', () => {
      closed = true;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET / HTTP/1.1\r\nHost: a\r\n\r\n');
    await vi.waitFor(() => expect(received).toContain('GET answered'));
    // What a proxy does with its pooled upstream connection: reuse it after a pause.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(closed).toBe(false);
    socket.write('POST /comment HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi');
    await vi.waitFor(() => expect(received).toContain('POST answered'));
    socket.destroy();
    await new Promise((r) => server.close(r));
  }, 20_000);
});

describe('the data directory is private', () => {
  const mode = (p: string) => statSync(p).mode & 0o777;

  it('a fresh start makes the data dir 0700 and the database 0600 (the signing key is in the database)', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'blog-perm-'));
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const dir = path.join(base, 'data');
    await prepareDatabase(initConfig({ DATA_DIR: dir, SEED_DEMO: 'false', ADMIN_PASSWORD: 'Admin12345' }));
    expect(mode(dir)).toBe(0o700);
    for (const f of ['blog.db', 'blog.db-wal', 'blog.db-shm']) expect(mode(path.join(dir, f)), f).toBe(0o600);
    // Anything created afterwards (uploads, the music index) is private too.
    writeFileSync(path.join(dir, 'later.json'), '{}');
    expect(mode(path.join(dir, 'later.json'))).toBe(0o600);
    await closeDatabase();
  });

  it('an existing data dir with open modes is closed up on start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-perm-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'secrets'));
    writeFileSync(path.join(dir, 'secrets', 'jwt.key'), 'a-secret-of-the-old-install-1234');
    writeFileSync(path.join(dir, 'blog.db'), '');
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'secrets'), 0o755);
    chmodSync(path.join(dir, 'secrets', 'jwt.key'), 0o644);
    chmodSync(path.join(dir, 'blog.db'), 0o644);
    initConfig({ DATA_DIR: dir });
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'secrets'))).toBe(0o700);
    expect(mode(path.join(dir, 'secrets', 'jwt.key'))).toBe(0o600);
    expect(mode(path.join(dir, 'blog.db'))).toBe(0o600);
  });
});

describe('LOG_LEVEL', () => {
  it('an unknown level stops the server with the config message, not a stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-log-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const run = spawnSync(process.execPath, [path.join(root, 'src/server/main.ts')], {
      cwd: root,
      env: { ...process.env, VITEST: '', DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'verbose' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
