import { createHmac } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { signingKeyIn } from './accounts.ts';
import { startServer, stopServer } from './server.ts';

/** An admin token signed with the server's own key (read from its data dir). */
function adminToken(dataDir: string): string {
  const key = signingKeyIn(dataDir);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 1, role: 1, tv: 0, iat: now, exp: now + 600 })}`;
  return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
}

test.describe.configure({ mode: 'serial' });

test('a restart keeps all data and does not seed again; SIGTERM exits 0 within 5 s, database intact', async () => {
  test.setTimeout(90_000);
  const first = await startServer();
  const count = async (url: string) => {
    const res = await fetch(`${url}/api/statistic`);
    return (await res.json()).result.articleCount as number;
  };
  const seeded = await count(first.url);
  expect(seeded).toBeGreaterThanOrEqual(12);
  // A write that must survive the restart.
  await fetch(`${first.url}/api/config/addView`, { method: 'PUT' });
  const views = (await (await fetch(`${first.url}/api/config`)).json()).result.view_time;

  // A request still arriving when SIGTERM comes is allowed to finish: half its body goes before the
  // signal, the rest after, and it is still answered.
  const body = JSON.stringify({ blog_name: '关机前写入' });
  const { port } = new URL(first.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString();
  });
  socket.write(
    `POST /api/config/update HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${adminToken(first.dataDir)}\r\n` +
      `Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
  );
  // The server has read the request's head (it answers 100 Continue then): now the signal…
  await expect.poll(() => answer).toContain('100 Continue');
  const stopping = stopServer(first, 'SIGTERM');
  // …which it has taken once it accepts no more connections: then the rest of the body.
  const refused = () =>
    new Promise<boolean>((resolve) => {
      const probe = net.connect(Number(port), '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
  await expect.poll(refused).toBe(true);
  socket.end(Buffer.from(body).subarray(Buffer.byteLength(body.slice(0, 5))));
  const stopped = await stopping;
  expect(stopped.code).toBe(0);
  expect(stopped.ms).toBeLessThan(5000);
  expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200/);
  expect(answer).toContain('"code":0');

  const db = new DatabaseSync(path.join(first.dataDir, 'blog.db'));
  expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
  db.close();

  const second = await startServer({}, first.dataDir);
  try {
    expect(await count(second.url)).toBe(seeded);
    expect((await (await fetch(`${second.url}/api/config`)).json()).result.view_time).toBe(views);
    expect(second.output()).not.toMatch(/password:/);
    expect((await (await fetch(`${second.url}/api/config`)).json()).result.blog_name).toBe('关机前写入');
    // Seeded images are served from the data dir.
    const avatar = (await (await fetch(`${second.url}/api/config`)).json()).result.blog_avatar as string;
    const img = await fetch(`${second.url}${avatar}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
  } finally {
    expect((await stopServer(second, 'SIGINT')).code).toBe(0);
  }
});

test('a bad PORT stops the server at start with a clear message', async () => {
  await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/PORT: must be a whole number/);
});

test('/uploads serves files from the data dir and never a path outside it', async () => {
  const s = await startServer({ SEED_DEMO: 'false' });
  try {
    const probes = [
      '/uploads/../blog.db',
      '/uploads/%2e%2e/blog.db',
      '/uploads/..%2fblog.db',
      '/uploads/%2e%2e%2fsecrets/jwt.key',
    ];
    for (const p of probes) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(404);
    }
  } finally {
    await stopServer(s);
  }
});
