import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidatePages, serveCachedPage, withPageCache } from '../../src/server/page-cache.ts';
import { pickEncoding } from '../../src/server/page-compress.ts';
import { PAGE_CACHE_CONTROL } from '../../src/server/page-entry.ts';
import { applySecurityHeaders, contentSecurityPolicy } from '../../src/server/security.ts';
import { takeCounts } from '../../src/server/services/views/tally.ts';
import { site } from '../../src/server/site.ts';

describe('content negotiation for cached pages and assets', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
  ])('%j → %j', (accept, encoding) => expect(pickEncoding(accept)).toBe(encoding));
});

/**
 * The cache in front of a stand-in renderer, wired as main.ts wires it (hits answered before
 * anything else, security headers on every answer), on a real HTTP server.
 */
let server: http.Server;
let base = '';
let renders = 0;
const FEED = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>订阅</title></channel></rss>\n`;
const PAGE = `<!doctype html><html lang="zh-CN"><body>${'<p>缓存的页面 cached page</p>'.repeat(300)}</body></html>`;

beforeAll(async () => {
  const render = withPageCache((req, res) => {
    renders++;
    const url = req.url ?? '/';
    if (url.startsWith('/json')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else if (url.startsWith('/rss.xml')) {
      // As src/pages/rss.xml.ts answers.
      res.writeHead(200, {
        'content-type': 'application/rss+xml; charset=utf-8',
        'cache-control': 'public, max-age=600',
      });
      res.end(FEED);
    } else if (url.startsWith('/missing')) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>404</p>');
    } else if (url.startsWith('/cookie')) {
      res.setHeader('set-cookie', 'a=1');
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else if (url.startsWith('/admin')) {
      // The owner console (src/admin/AdminLayout.astro) says no-store through Astro's response headers.
      res.setHeader('cache-control', 'no-store');
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else {
      // Like Astro: headers first, then the page in several chunks.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(PAGE.slice(0, 1000));
      res.write(Buffer.from(PAGE.slice(1000, 5000)));
      res.end(PAGE.slice(5000));
    }
  }, true);
  server = http.createServer((req, res) => {
    if (serveCachedPage(req, res, true)) return;
    applySecurityHeaders(req, res, true);
    render(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  invalidatePages();
  renders = 0;
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request whose answer is kept as sent (no decompression). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(a: Answer) {
  expect(a.headers['content-security-policy']).toBe(contentSecurityPolicy(site()));
  expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('page cache: hits answered from prepared bodies and headers', () => {
  it('renders once, then answers hits with the same page, ETag and headers', async () => {
    const miss = await get('/article?id=3');
    const hit = await get('/article?id=3');
    expect(renders).toBe(1);
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(hit.headers['x-page-cache']).toBe('hit');
    for (const a of [miss, hit]) {
      expect(a.status).toBe(200);
      expect(a.body.toString()).toBe(PAGE);
      expect(a.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
      expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
      expect(a.headers.vary).toBe('Accept-Encoding');
      expect(a.headers.etag).toMatch(/^"[\w-]+"$/);
      expectSecurityHeaders(a);
    }
    expect(hit.headers.etag).toBe(miss.headers.etag);
    // Another URL (query included) is another page.
    await get('/article?id=4');
    expect(renders).toBe(2);
  });

  it('sends the brotli or gzip body the browser accepts, each decoding to the page', async () => {
    await get('/home');
    const br = await get('/home', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/home', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(gz.headers['content-length']).toBe(String(gz.body.length));
    expect(br.body.length).toBeLessThan(Buffer.byteLength(PAGE));
    expect(br.headers.etag).toBe(gz.headers.etag);
    expect(renders).toBe(1);
  });

  it('answers 304 to a matching If-None-Match (also in a list), 200 to a stale one', async () => {
    const { headers } = await get('/home');
    const etag = String(headers.etag);
    for (const inm of [etag, `"old", ${etag}`]) {
      const again = await get('/home', { 'if-none-match': inm });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expectSecurityHeaders(again);
    }
    expect((await get('/home', { 'if-none-match': '"old"' })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    await get('/home');
    const head = await get('/home', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
  });

  it('starts over after a content write', async () => {
    const before = await get('/home');
    invalidatePages();
    const after = await get('/home');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(renders).toBe(2);
    expect(after.headers.etag).toBe(before.headers.etag); // same page, same validator
  });

  it('keeps only 200 pages and feeds without cookies, and never answers signed requests from it', async () => {
    for (const path of ['/json', '/missing', '/cookie', '/admin/profile']) {
      await get(path);
      const again = await get(path);
      expect(again.headers['x-page-cache']).toBeUndefined();
    }
    expect(renders).toBe(8);
    expect((await get('/admin/profile')).headers['cache-control']).toBe('no-store');
    expect((await get('/cookie')).headers['set-cookie']).toEqual(['a=1']);
    await get('/home');
    const signed = await get('/home', { authorization: 'Bearer x' });
    expect(signed.headers['x-page-cache']).toBeUndefined();
    expect(renders).toBe(12);
  });

  it('keeps the feeds too, with their own type, validated by ETag, never counted as page views', async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };
    takeCounts();
    const miss = await get('/rss.xml', browser);
    const hit = await get('/rss.xml', browser);
    expect(renders).toBe(1);
    expect([miss.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    for (const a of [miss, hit]) {
      expect(a.body.toString()).toBe(FEED);
      expect(a.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(a.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    }
    const again = await get('/rss.xml', { ...browser, 'if-none-match': String(hit.headers.etag) });
    expect(again.status).toBe(304);
    const views = () => takeCounts().days.reduce((n, [, c]) => n + c.views, 0);
    expect(views()).toBe(0);
    await get('/home', browser);
    await get('/home', browser);
    expect(views()).toBe(2);
  });

  it('adds HSTS only to requests a trusted proxy marks https, hits included', async () => {
    const https = await get('/home', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toContain('max-age=');
    const plain = await get('/home');
    expect(plain.headers['x-page-cache']).toBe('hit');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const httpsHit = await get('/home', { 'x-forwarded-proto': 'https' });
    expect(httpsHit.headers['x-page-cache']).toBe('hit');
    expect(httpsHit.headers['strict-transport-security']).toContain('max-age=');
  });
});
