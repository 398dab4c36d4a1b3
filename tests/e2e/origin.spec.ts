import net from 'node:net';
import { expect, test } from '@playwright/test';
import { rawRequest, type Started, startServer, stopServer } from './server.ts';

/**
 * The site's own origin (docs/decisions/0015-site-origin.md): the built server, started here so its log can
 * be read, answered with raw requests whose Host header a browser would never let a page choose.
 */

/** A WebSocket handshake's status line, with the given Host. */
function handshake(base: string, host: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    let got = '';
    socket.on('data', (d) => {
      got += d.toString();
      if (got.includes('\r\n')) {
        resolve(got.split('\r\n')[0]);
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

let server: Started;
let host: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer();
  host = new URL(server.url).host;
});
test.afterAll(async () => {
  await stopServer(server);
});

test('a Host with a path cannot store the guestbook as /home', async () => {
  const poisoned = await rawRequest(server.url, '/home', { Host: `${host}/message/list?tag=公告&x=` });
  expect(poisoned.status).toBe(400);
  const home = await rawRequest(server.url, '/home', { Host: host });
  expect(home.status).toBe(200);
  expect(canonicalOf(home.body)).toBe(`${server.url}/home`);
  expect(home.body).not.toContain('留言板');
});

test('a foreign Host is refused everywhere; links and the 本站地址 stay on the site', async () => {
  for (const path of [
    '/home',
    '/link/list',
    '/api/config',
    '/wapi/login/qr/key',
    '/uploads/x.png',
    '/favicon.svg',
  ]) {
    const res = await rawRequest(server.url, path, { Host: 'evil.example' });
    expect(res.status, path).toBe(400);
    expect(res.body, path).toContain('请求的主机名不属于本站');
  }
  expect(await handshake(server.url, 'evil.example')).toBe('HTTP/1.1 400 Bad Request');
  // Nothing was cached under the foreign host either: the site's own answers name the site only.
  const list = await rawRequest(server.url, '/link/list', { Host: host });
  expect(list.status).toBe(200);
  expect(list.body).not.toContain('evil.example');
  expect(canonicalOf(list.body)).toBe(`${server.url}/link/list`);
  expect(list.body).toContain(`&quot;siteUrl&quot;:[0,&quot;${server.url}&quot;]`);
  expect(/<meta property="og:image" content="([^"]*)"/.exec(list.body)?.[1]).toMatch(
    new RegExp(`^(${server.url}/|https://)`),
  );
  for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt']) {
    const feed = await rawRequest(server.url, path, { Host: host });
    expect(feed.body, path).toContain(server.url);
  }
});

test('the loopback names with the port are the same site; another port is not', async () => {
  const port = new URL(server.url).port;
  expect((await rawRequest(server.url, '/home', { Host: `localhost:${port}` })).status).toBe(200);
  expect((await rawRequest(server.url, '/home', { Host: `[::1]:${port}` })).status).toBe(200);
  expect((await rawRequest(server.url, '/home', { Host: `localhost:${Number(port) + 1}` })).status).toBe(400);
  // Links are still built from the site's origin, not from the name used.
  const home = await rawRequest(server.url, '/home', { Host: `localhost:${port}` });
  expect(canonicalOf(home.body)).toBe(`${server.url}/home`);
  // A page opened under a loopback name writes with that Origin: still the site's own, not cross-site.
  const write = await rawRequest(
    server.url,
    '/api/config/addView',
    { Host: `localhost:${port}`, Origin: `http://localhost:${port}`, 'Sec-Fetch-Site': 'same-origin' },
    { method: 'PUT' },
  );
  expect(write.status).toBe(200);
  const foreign = await rawRequest(
    server.url,
    '/api/config/addView',
    { Host: `localhost:${port}`, Origin: `http://localhost:${Number(port) + 1}` },
    { method: 'PUT' },
  );
  expect(foreign.status).toBe(403);
});

test('a malformed Host is a 400 without a stack trace in the log', async () => {
  for (const bad of ['a@b', `${host}/message/list?tag=x`, 'a b', '']) {
    const res = await rawRequest(server.url, '/home', { Host: bad });
    expect(res.status, bad).toBe(400);
  }
  const noHost = await new Promise<string>((resolve) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () =>
      socket.write('GET /home HTTP/1.0\r\n\r\n'),
    );
    socket.on('data', (d) => resolve(d.toString().split('\r\n')[0]));
  });
  expect(noHost).toMatch(/ 400 /);
  expect(server.output()).not.toMatch(/\n\s+at /);
  expect(server.output()).not.toContain('Could not render');
});

test('dot segments are resolved before routing; no page route forwards /api in a build', async () => {
  const dotted = await rawRequest(server.url, '/x/../api/config', { Host: host });
  expect(dotted.status).toBe(200);
  expect(JSON.parse(dotted.body).code).toBe(0);
  expect((await rawRequest(server.url, '/x/%2e%2e/api/config', { Host: host })).status).toBe(200);
  // Repeated slashes collapse (docs/api/README.md#conventions): `//api/config` is the API, dispatched by
  // main.ts.
  const doubled = await rawRequest(server.url, '//api/config', { Host: host });
  expect(doubled.status).toBe(200);
  expect(JSON.parse(doubled.body).code).toBe(0);
  // A path main.ts does not hand to the API, which Astro could have decoded into the old
  // /api/[...path] page, is a plain 404 page: no page route forwards /api in a build.
  for (const path of ['/%2Fapi/config', '/%2fapi%2fconfig']) {
    const encoded = await rawRequest(server.url, path, { Host: host });
    expect(encoded.status, path).toBe(404);
    expect(encoded.headers['content-type'], path).toContain('text/html');
  }
  const absolute = await rawRequest(server.url, 'http://evil.example/home', { Host: host });
  expect(absolute.status).toBe(400);
});

test('with SITE_URL every absolute URL is on it; behind a trusted proxy X-Forwarded-Host is checked too', async () => {
  test.setTimeout(90_000);
  const behind = await startServer({
    SITE_URL: 'https://blog.example',
    SITE_ALIASES: 'www.blog.example',
    TRUST_PROXY: 'true',
  });
  try {
    // Where it listens is not the site any more.
    expect((await rawRequest(behind.url, '/home', { Host: new URL(behind.url).host })).status).toBe(400);
    const home = await rawRequest(behind.url, '/home', { Host: 'blog.example' });
    expect(home.status).toBe(200);
    expect(canonicalOf(home.body)).toBe('https://blog.example/home');
    const proxied = await rawRequest(behind.url, '/home', {
      Host: '127.0.0.1',
      'X-Forwarded-Host': 'www.blog.example',
      'X-Forwarded-Proto': 'https',
    });
    expect(proxied.status).toBe(200);
    expect(canonicalOf(proxied.body)).toBe('https://blog.example/home');
    expect(proxied.headers['strict-transport-security']).toBeTruthy();
    expect(proxied.headers['content-security-policy']).toContain('wss://blog.example');
    expect(
      (await rawRequest(behind.url, '/home', { Host: 'blog.example', 'X-Forwarded-Host': 'evil.example' }))
        .status,
    ).toBe(400);
    const rss = await rawRequest(behind.url, '/rss.xml', { Host: 'blog.example' });
    expect(rss.body).toContain('<link>https://blog.example/home</link>');
    const key = JSON.parse(
      (await rawRequest(behind.url, '/wapi/login/qr/key', { Host: 'www.blog.example' })).body,
    ).data.unikey;
    const qr = await rawRequest(behind.url, `/wapi/login/qr/create?key=${key}`, { Host: 'www.blog.example' });
    expect(JSON.parse(qr.body).data.qrurl).toBe(`https://blog.example/music/confirm?key=${key}`);
  } finally {
    await stopServer(behind);
  }
});
