import { admin } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

test('public pages come from the HTML cache with ETag/304 and are cleared by a content write', async ({
  request,
}) => {
  const first = await request.get('/category', { headers: { 'accept-encoding': 'br' } });
  expect(first.status()).toBe(200);
  const etag = first.headers().etag;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers()['cache-control']).toContain('s-maxage=');
  const again = await request.get('/category', { headers: { 'accept-encoding': 'br' } });
  expect(again.headers()['x-page-cache']).toBe('hit');
  expect(again.headers()['content-encoding']).toBe('br');
  expect(await again.text()).toBe(await first.text());

  const revalidated = await request.get('/category', { headers: { 'if-none-match': etag } });
  expect(revalidated.status()).toBe(304);

  // An admin write changes what the page shows: the next view is rendered anew.
  const name = `缓存测试${Date.now()}`;
  const update = await request.post('/api/config/update', {
    data: { blog_name: name },
    headers: { authorization: `Bearer ${admin().token}` },
  });
  expect((await update.json()).code).toBe(0);
  const fresh = await request.get('/category');
  expect(fresh.headers()['x-page-cache']).toBe('miss');
  expect(fresh.headers().etag).not.toBe(etag);
  expect(await fresh.text()).toContain(name);
  expect((await request.get('/category', { headers: { 'if-none-match': etag } })).status()).toBe(200);
});

test('built assets are immutable and sent precompressed', async ({ request }) => {
  const html = await (await request.get('/home')).text();
  // The page's scripts and the chunks they import (an entry may be a one-line import of a chunk).
  const scripts = new Set([...html.matchAll(/src="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const url of [...scripts]) {
    const text = await (await request.get(url)).text();
    for (const m of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) scripts.add(`/_astro/${m[1]}`);
  }
  let compressed = 0;
  for (const url of scripts) {
    const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status(), url).toBe(200);
    expect(plain.headers()['content-encoding'], url).toBeUndefined();
    const res = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-type'], url).toContain('javascript');
    // The build precompresses every file over 512 bytes (src/server/build/compress-assets.mjs).
    if ((await plain.body()).length > 512) {
      expect(res.headers()['content-encoding'], url).toBe('br');
      compressed++;
    }
  }
  expect(compressed).toBeGreaterThan(0);
});

test('unread query parameters neither render nor store a page: they are hits on the canonical URL', async ({
  request,
}) => {
  const first = await request.get('/article?id=3');
  expect(first.status()).toBe(200);
  const canonical = await request.get('/article?id=3');
  expect(canonical.headers()['x-page-cache']).toBe('hit');
  const variants = [
    '/article?id=3&x=1',
    '/article?id=03',
    '/article?utm_source=a&id=3',
    '/article?id=3&id=4',
    '/%61rticle?id=3',
    '/artic%6Ce?id=3',
    ...Array.from({ length: 40 }, (_, i) => `/article?id=3&b${i}=${i}`),
  ];
  for (const url of variants) {
    const res = await request.get(url);
    expect(res.headers()['x-page-cache'], url).toBe('hit');
    expect(res.headers().etag, url).toBe(first.headers().etag);
  }
  // The page is rendered from the canonical URL: its links never carry the junk.
  expect(await (await request.get('/article?id=3&evil=%22%3E')).text()).not.toContain('evil=');
});
