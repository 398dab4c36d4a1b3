import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { writeResponse } from 'astro/app/node';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/local-services/common.ts';
import { isDatabaseUnavailable, unavailablePage } from '../../src/server/core/db-unavailable.ts';
import { degradedPage, fallbacksOf, showing } from '../../src/server/core/page-tags.ts';
import { fallbackHeader } from '../../src/server/page-bypass.ts';
import { invalidatePages, serveCachedPage, withPageCache } from '../../src/server/page-cache.ts';
import { PAGE_CACHE_CONTROL } from '../../src/server/page-entry.ts';
import { applySecurityHeaders } from '../../src/server/security.ts';

/**
 * A page built with a fallback (core/page-tags.ts degradedPage) is never kept: not by the page
 * cache, not by a browser or a CDN (`no-store`), so the next view renders it again. The pages are
 * stand-ins answered the way Astro's adapter answers them (its own writeResponse: headers, then the
 * body as it streams), with the middleware's 503 for a database away (src/middleware.ts).
 */

describe('degradedPage', () => {
  it('records the fallbacks of the render under way, each once, and nothing outside a render', () => {
    degradedPage('plain-text');
    const first = new Set<string>();
    const second = new Set<string>();
    showing(first, () => {
      degradedPage('plain-text');
      degradedPage('database');
      degradedPage('plain-text');
    });
    showing(second, () => undefined);
    expect(fallbacksOf(first)).toEqual(['plain-text', 'database']);
    expect(fallbacksOf(second)).toEqual([]);
    // Fallbacks are no tags: nothing a write names drops a page for them.
    expect([...first]).toEqual([]);
  });

  it('says the reasons in a header value that cannot throw', () => {
    expect(fallbackHeader(['plain-text', 'database'])).toBe('plain-text, database');
    expect(fallbackHeader(['正文\r\n'])).toBe('????');
  });
});

let server: http.Server;
let base = '';
const renders = new Map<string, number>();
/** What is broken now: the pages heal when the test sets it back. */
const broken = { body: true, database: true };
let down: unknown;

const PAGE = `<!doctype html><html lang="zh-CN"><body>${'<p>页面 page</p>'.repeat(300)}</body></html>`;
const html = (chunks: (() => string)[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new TextEncoder().encode(next()));
        else controller.close();
      },
    }),
    { headers: { 'content-type': 'text/html' } },
  );

/** The stand-in pages, by path. */
function page(path: string): Response {
  switch (path) {
    // The frontmatter took a fallback (as an article body shown as plain text would).
    case '/plain':
      if (broken.body) degradedPage('plain-text');
      return html([() => PAGE]);
    // A part took its fallback while the page streamed, after the head was sent.
    case '/part':
      return html([
        () => PAGE.slice(0, 500),
        () => {
          if (broken.body) degradedPage('sidebar');
          return PAGE.slice(500);
        },
      ]);
    // The page's own read found the database away (the middleware answers the 503 page).
    case '/down':
      if (broken.database) throw down;
      return html([() => PAGE]);
    // A component's read found it away once the page had begun.
    case '/down-later':
      return html([
        () => PAGE.slice(0, 500),
        () => {
          if (broken.database) throw down;
          return PAGE.slice(500);
        },
      ]);
    // Any other failure once the page had begun.
    case '/bug-later':
      return html([
        () => PAGE.slice(0, 500),
        () => {
          throw new Error('a bug');
        },
      ]);
    default:
      return html([() => PAGE]);
  }
}

beforeAll(async () => {
  // Astro's adapter says so when a body fails as it streams (the two last tests do it on purpose).
  const error = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('There was an uncaught error in the middle of the stream'))
      error(...args);
  });
  // A real "the database is away" (a PostgreSQL that does not listen), as pages meet it.
  down = await new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'x' })
    .connect()
    .catch((e) => e);
  expect(isDatabaseUnavailable(down)).toBe(true);
  const render = withPageCache(async (req, res) => {
    const path = req.url ?? '/';
    renders.set(path, (renders.get(path) ?? 0) + 1);
    let answer: Response;
    try {
      answer = page(path);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      answer = unavailablePage();
    }
    await writeResponse(answer, res);
  });
  server = http.createServer((req, res) => {
    if (serveCachedPage(req, res, false)) return;
    applySecurityHeaders(req, res, false);
    void render(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  vi.restoreAllMocks();
});
beforeEach(() => {
  invalidatePages();
  renders.clear();
  broken.body = true;
  broken.database = true;
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** An answer that nothing may keep, and says why. */
function expectBypass(a: Answer, reason: string) {
  expect(a.headers['cache-control']).toBe('no-store');
  expect(a.headers['x-page-cache']).toBe('bypass');
  expect(a.headers['x-page-fallback']).toBe(reason);
  expect(a.headers.etag).toBeUndefined();
  // Still a page of the site: its security headers are there.
  expect(a.headers['content-security-policy']).toBeTruthy();
}

describe('a page built with a fallback is kept nowhere', () => {
  it('a healthy page is stored and then a hit', async () => {
    const miss = await get('/home');
    const hit = await get('/home');
    expect([miss.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    expect(hit.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(renders.get('/home')).toBe(1);
  });

  it.each([
    ['/plain', 'plain-text'],
    ['/part', 'sidebar'],
  ])('%s (%s): no-store, rendered again on every view, and kept once whole', async (path, reason) => {
    for (const n of [1, 2]) {
      const a = await get(path);
      expect(a.status).toBe(200);
      expect(a.body.toString()).toBe(PAGE);
      expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(a.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
      expectBypass(a, reason);
      expect(renders.get(path)).toBe(n);
    }
    // Compressed like any page, for this answer only.
    const br = await get(path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expectBypass(br, reason);
    expect(renders.get(path)).toBe(3);
    // Healed: the next view is rendered, stored, and then a hit.
    broken.body = false;
    expect((await get(path)).headers['x-page-cache']).toBe('miss');
    expect((await get(path)).headers['x-page-cache']).toBe('hit');
    expect(renders.get(path)).toBe(4);
  });

  it('the database away: the 503 page is no-store and says why, and the next view renders again', async () => {
    for (const n of [1, 2]) {
      const a = await get('/down');
      expect(a.status).toBe(503);
      expect(a.headers['retry-after']).toBe('5');
      expect(a.body.toString()).toContain('数据库暂时不可用，请稍后再试');
      expectBypass(a, 'database');
      expect(renders.get('/down')).toBe(n);
    }
    broken.database = false;
    expect((await get('/down')).headers['x-page-cache']).toBe('miss');
    expect((await get('/down')).headers['x-page-cache']).toBe('hit');
  });

  it('the database away for a part once the page had begun: the 503 page, not a hung answer', async () => {
    for (const n of [1, 2]) {
      const a = await get('/down-later');
      expect(a.status).toBe(503);
      expect(a.body.toString()).toContain('数据库暂时不可用，请稍后再试');
      expect(a.body.toString()).not.toContain('Internal server error');
      expectBypass(a, 'database');
      expect(renders.get('/down-later')).toBe(n);
    }
    broken.database = false;
    expect((await get('/down-later')).status).toBe(200);
    expect((await get('/down-later')).headers['x-page-cache']).toBe('hit');
  });

  it('any other failure once the page had begun cuts the answer, as without the cache, and keeps nothing', async () => {
    await expect(get('/bug-later')).rejects.toThrow();
    await expect(get('/bug-later')).rejects.toThrow();
    expect(renders.get('/bug-later')).toBe(2);
  });
});
