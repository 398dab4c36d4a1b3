import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCacheStats } from '../../src/server/page-cache.ts';
import { rawRequest } from '../e2e/server.ts';
import { setupTestApi } from './helpers.ts';
import { siteWithPages } from './old-url-front.ts';

/**
 * The site's front answers a page-cache hit before parsing the target when the target is spelled as
 * the page's key (page-cache.ts serveDirectHit), and that shortcut changes nothing of what the routed
 * way answers: a foreign Host is still refused, a signed request still renders, another spelling of
 * the same page is still the same page.
 */

setupTestApi();

let site: Awaited<ReturnType<typeof siteWithPages>>;
let host = '';
const rendered: string[] = [];

beforeAll(async () => {
  // A stand-in renderer: the front and the cache in front of it are the site's own.
  site = await siteWithPages((req, res) => {
    rendered.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>第 ${rendered.length} 次渲染 ${req.url}</p>`);
  });
  host = new URL(site.url).host;
});
afterAll(() => site?.close());

const get = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(site.url, target, { Host: host, ...headers });

describe('a hit spelled as its key is answered before routing', () => {
  it('once a request so spelled was answered, the same spelling skips routing and gets the same page', async () => {
    const first = await get('/article?id=7');
    expect(first.headers['x-page-cache']).toBe('miss');
    const before = pageCacheStats.directHits;
    // The routed hit learns the spelling; the ones after it take the short way.
    const routed = await get('/article?id=7');
    const direct = await get('/article?id=7');
    expect([routed.headers['x-page-cache'], direct.headers['x-page-cache']]).toEqual(['hit', 'hit']);
    expect(pageCacheStats.directHits).toBe(before + 1);
    expect(direct.body).toBe(first.body);
    expect(direct.headers.etag).toBe(first.headers.etag);
    expect(direct.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(rendered.filter((u) => u === '/article?id=7')).toHaveLength(1);
  });

  it('a page first rendered under another spelling is the same page, and its own spelling is learned', async () => {
    const other = await get('/article?utm_source=x&id=8');
    expect(other.headers['x-page-cache']).toBe('miss');
    const before = pageCacheStats.directHits;
    expect((await get('/article?utm_source=x&id=8')).headers['x-page-cache']).toBe('hit');
    expect((await get('/article?id=8')).body).toBe(other.body);
    // The other spelling is never a key: it keeps taking the routed way.
    expect((await get('/article?utm_source=x&id=8')).body).toBe(other.body);
    expect(pageCacheStats.directHits).toBe(before);
    expect((await get('/article?id=8')).body).toBe(other.body);
    expect(pageCacheStats.directHits).toBe(before + 1);
  });

  it('refuses a foreign Host for a page that is a direct hit, as the routed way does', async () => {
    for (let i = 0; i < 3; i++) await get('/talk');
    const hits = pageCacheStats.hits;
    const evil = await get('/talk', { Host: 'evil.example' });
    expect(evil.status).toBe(400);
    expect(evil.body).toContain('请求的主机名不属于本站');
    expect(pageCacheStats.hits).toBe(hits);
  });

  it('renders a signed request and answers HEAD and a matching If-None-Match from the short way', async () => {
    for (let i = 0; i < 3; i++) await get('/archives');
    const renders = rendered.length;
    const signed = await get('/archives', { Authorization: 'Bearer x' });
    expect(signed.status).toBe(200);
    expect(rendered.length).toBe(renders + 1);
    const page = await get('/archives');
    const direct = pageCacheStats.directHits;
    expect((await get('/archives', { 'If-None-Match': String(page.headers.etag) })).status).toBe(304);
    const head = await rawRequest(site.url, '/archives', { Host: host }, { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
    expect(pageCacheStats.directHits).toBe(direct + 2);
  });
});
