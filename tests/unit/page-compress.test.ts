import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidatePages, serveCachedPage, withPageCache } from '../../src/server/page-cache.ts';
import { compressions, Encodings, recompressions } from '../../src/server/page-compress.ts';

const PAGE = `<!doctype html><html lang="zh-CN"><body>${'<p>压缩的页面 compressed page</p>'.repeat(2000)}</body></html>`;

describe('Encodings: compressed bodies made on first ask', () => {
  it('compresses an encoding once, off the event loop, and nothing that was not asked', async () => {
    const raw = Buffer.from(PAGE);
    let made = 0;
    let grown = 0;
    const enc = new Encodings(
      raw,
      (body, encoding) => {
        made++;
        return { body, encoding };
      },
      (size) => {
        grown += size;
      },
    );
    expect(enc.get('br')).toBeUndefined();
    // The event loop turns while brotli runs: an immediate scheduled now fires before it is done.
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const [a, b] = await Promise.all([enc.fill('br'), enc.fill('br')]);
    expect(turned).toBe(true);
    expect(a).toBe(b);
    expect(made).toBe(1);
    expect(brotliDecompressSync(a.body).toString()).toBe(PAGE);
    expect(enc.level('br')).toBe('fast');
    expect(enc.get('gzip')).toBeUndefined();
    expect(grown).toBe(a.body.length);
    const g = await enc.fill('gzip');
    expect(gunzipSync(g.body).toString()).toBe(PAGE);
    expect(made).toBe(2);
    expect(grown).toBe(a.body.length + g.body.length);
  });

  it('the first ask gets a fast body; a second one starts the kept compression, once', async () => {
    const raw = Buffer.from(PAGE);
    let grown = 0;
    const enc = new Encodings(
      raw,
      (body) => ({ body }),
      (size) => {
        grown += size;
      },
    );
    const before = { ...recompressions };
    const fast = await enc.fill('br');
    expect(enc.level('br')).toBe('fast');
    expect(recompressions).toEqual(before);
    // The second ask is answered the fast body at once, and starts the kept one.
    expect(enc.get('br')).toBe(fast);
    expect(enc.get('br')).toBe(fast);
    expect(recompressions).toEqual({ br: before.br + 1, gzip: before.gzip });
    await enc.settled();
    expect(enc.level('br')).toBe('kept');
    const kept = enc.get('br') as { body: Buffer };
    expect(kept).not.toBe(fast);
    expect(kept.body.length).toBeLessThan(fast.body.length);
    expect(brotliDecompressSync(kept.body).toString()).toBe(PAGE);
    // The cache counts the kept body only: the fast one's bytes were given back.
    expect(grown).toBe(kept.body.length);
    enc.get('br');
    expect(recompressions).toEqual({ br: before.br + 1, gzip: before.gzip });
  });
});

/** The page cache in front of a stand-in renderer on a real HTTP server, as main.ts wires it. */
let server: http.Server;
let base = '';
let renders = 0;

beforeAll(async () => {
  const render = withPageCache((_req, res) => {
    renders++;
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  server = http.createServer((req, res) => {
    if (!serveCachedPage(req, res, false)) render(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  invalidatePages();
  renders = 0;
});

function get(path: string, encoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the page cache compresses what clients ask for, when they first ask', () => {
  it('a brotli miss makes brotli only; gzip is made by the first gzip request, once', async () => {
    const before = { ...compressions };
    const miss = await get('/lazy', 'gzip, deflate, br');
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(miss.body).toString()).toBe(PAGE);
    expect(compressions).toEqual({ br: before.br + 1, gzip: before.gzip });

    const plain = await get('/lazy', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    expect(compressions).toEqual({ br: before.br + 1, gzip: before.gzip });

    const [g1, g2] = await Promise.all([get('/lazy', 'gzip'), get('/lazy', 'gzip')]);
    for (const g of [g1, g2]) {
      expect(g.headers['x-page-cache']).toBe('hit');
      expect(g.headers['content-encoding']).toBe('gzip');
      expect(Number(g.headers['content-length'])).toBe(g.body.length);
      expect(gunzipSync(g.body).toString()).toBe(PAGE);
    }
    await get('/lazy', 'gzip, deflate, br');
    expect(compressions).toEqual({ br: before.br + 1, gzip: before.gzip + 1 });
    expect(renders).toBe(1);
  });

  it('a page read again is compressed once more, smaller, in the background; one read once is not', async () => {
    const before = { ...recompressions };
    const first = await get('/twice', 'gzip, deflate, br');
    await get('/once', 'gzip, deflate, br');
    expect(recompressions).toEqual(before);
    const second = await get('/twice', 'gzip, deflate, br');
    // Answered at once with the fast body; the kept one is being made.
    expect(second.body.equals(first.body)).toBe(true);
    expect(recompressions).toEqual({ br: before.br + 1, gzip: before.gzip });
    let later = second;
    while (later.body.length >= first.body.length) later = await get('/twice', 'gzip, deflate, br');
    expect(later.headers['x-page-cache']).toBe('hit');
    expect(Number(later.headers['content-length'])).toBe(later.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(PAGE);
    expect(recompressions).toEqual({ br: before.br + 1, gzip: before.gzip });
  });

  it('a miss without compression compresses nothing', async () => {
    const before = { ...compressions };
    const plain = await get('/plain', 'identity');
    expect(plain.body.toString()).toBe(PAGE);
    expect(compressions).toEqual(before);
  });
});
