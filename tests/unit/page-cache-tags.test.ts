import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shows } from '../../src/server/core/page-tags.ts';
import { invalidatePages, withPageCache } from '../../src/server/page-cache.ts';

/**
 * The page cache keeps what each page showed (the tags recorded while it rendered) and a
 * write drops only the pages that showed one of its tags. A stand-in renderer on a real HTTP server:
 * `/p?show=a,b` records tags a and b; `&hold` keeps the render open until the test lets it finish.
 */
let server: http.Server;
let base = '';
let release: (() => void) | undefined;
let started: (() => void) | undefined;

beforeAll(async () => {
  const render = withPageCache(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const tags = url.searchParams.get('show');
    if (tags) shows(...tags.split(','));
    if (url.searchParams.has('hold')) {
      const go = new Promise<void>((resolve) => {
        release = resolve;
      });
      started?.();
      await go;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${req.url}</p>`);
  });
  server = http.createServer((req, res) => render(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => invalidatePages());

const cache = async (path: string) => (await fetch(`${base}${path}`)).headers.get('x-page-cache');

/** Which of these pages are cached now (a dropped one is rendered and stored again by the look). */
async function cached(paths: string[]) {
  const out: string[] = [];
  for (const p of paths) if ((await cache(p)) === 'hit') out.push(p);
  return out;
}

const A = '/p?show=article:1,config';
const B = '/p?show=talks,config';
const C = '/p?show=comments:2:7,talks';
const UNTAGGED = '/p';

describe('page cache: dropping by tag', () => {
  it('drops the pages that showed a changed tag and the untagged ones, and keeps the others', async () => {
    await cached([A, B, C, UNTAGGED]);
    expect(await cached([A, B, C, UNTAGGED])).toEqual([A, B, C, UNTAGGED]);
    invalidatePages({ tags: ['comments:2:7'] });
    expect(await cached([A, B, C, UNTAGGED])).toEqual([A, B]);
    invalidatePages({ tags: ['talks'] });
    expect(await cached([A, B, C, UNTAGGED])).toEqual([A]);
    invalidatePages({ tags: ['nothing:shown'] });
    expect(await cached([A, B, C, UNTAGGED])).toEqual([A, B, C]);
    invalidatePages({ tags: ['config', 'article:1'] });
    expect(await cached([A, B, C, UNTAGGED])).toEqual([C]);
    invalidatePages();
    expect(await cached([A, B, C, UNTAGGED])).toEqual([]);
  });

  it('a page whose render overlapped a drop of what it showed is served but not kept', async () => {
    const render = async (path: string, drop: () => void) => {
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const answer = fetch(`${base}${path}`);
      // A hit answers without rendering.
      if ((await Promise.race([begun, answer])) === undefined) {
        drop();
        release?.();
      }
      return (await answer).headers.get('x-page-cache');
    };
    const page = '/p?show=talks&hold';
    expect(await render(page, () => invalidatePages({ tags: ['talks'] }))).toBe('miss');
    expect(await render(page, () => invalidatePages({ tags: ['bangumi'] }))).toBe('miss');
    // The second render saw no drop of what it showed: it was kept.
    expect(await render(page, () => undefined)).toBe('hit');
    invalidatePages({ tags: ['talks'] });
    expect(await render('/p?hold', () => invalidatePages({ tags: ['bangumi'] }))).toBe('miss');
    // A page that showed nothing it can name is kept only if no write at all landed meanwhile.
    expect(await render('/p?hold', () => undefined)).toBe('miss');
    expect(await render('/p?hold', () => undefined)).toBe('hit');
    expect(await render('/p?show=talks&hold&x', () => invalidatePages())).toBe('miss');
    expect(await render('/p?show=talks&hold&x', () => undefined)).toBe('miss');
    expect(await render('/p?show=talks&hold&x', () => undefined)).toBe('hit');
  });
});

describe('page cache: counts (likes)', () => {
  const LIKED = '/p?show=likes:1:5,articles';
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a like keeps the pages that show its count until they are a minute old, then they are rendered again', async () => {
    await cached([LIKED, B]);
    invalidatePages({ tags: ['likes:1:5'] });
    expect(await cached([LIKED, B])).toEqual([LIKED, B]);
    later(59_000);
    expect(await cached([LIKED])).toEqual([LIKED]);
    later(2_000);
    // Sixty seconds after it was stored: the page with the old count is gone, B (no count) stays.
    expect(await cached([LIKED, B])).toEqual([B]);
    expect(await cached([LIKED])).toEqual([LIKED]);
    // A page stored over a minute before the like is dropped at once.
    later(61_000);
    invalidatePages({ tags: ['likes:1:5'] });
    expect(await cached([LIKED, B])).toEqual([B]);
  });

  it('a like landing while a page that shows its count renders keeps that page a minute at most', async () => {
    const page = `${LIKED}&hold`;
    /** A render of `page`, with `during` done while it is under way. */
    const render = async (during: () => void) => {
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const answer = fetch(`${base}${page}`);
      await begun;
      during();
      release?.();
      return (await answer).headers.get('x-page-cache');
    };
    expect(await render(() => invalidatePages({ tags: ['likes:1:5'] }))).toBe('miss');
    expect(await cache(page)).toBe('hit');
    later(61_000);
    expect(await render(() => undefined)).toBe('miss');
  });
});

describe('page cache: lifetime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pages stored together expire between the 24th and the 30th minute, not all at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const paths = Array.from({ length: 20 }, (_, i) => `/p?show=talks&n=${i}`);
    await cached(paths);
    vi.setSystemTime(Date.now() + 24 * 60_000 - 1000);
    expect(await cached(paths)).toEqual(paths);
    vi.setSystemTime(Date.now() + 3 * 60_000);
    const left = await cached(paths);
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(paths.length);
    vi.setSystemTime(Date.now() + 3 * 60_000 + 2000);
    expect(await cached(left)).toEqual([]);
  });
});

describe('page cache: many writes', () => {
  it('drops of thousands of distinct tags never empty the whole cache', async () => {
    await cached([A]);
    for (let i = 0; i < 10_001; i++) invalidatePages({ tags: [`talk:${i}`] });
    expect(await cached([A])).toEqual([A]);
  });
});
