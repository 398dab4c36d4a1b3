import { describe, expect, it } from 'vitest';
import { siteOrigins } from '../../src/lib/site-origin.ts';
import { fromOtherOrigin, mediaType, writeRefusal } from '../../src/server/http/write-guard.ts';

/** A site on 127.0.0.1:4321 without SITE_URL (the loopback names count), and one behind a proxy. */
const local = siteOrigins({ aliases: [], host: '127.0.0.1', port: 4321 });
const proxied = siteOrigins({
  siteUrl: 'https://blog.example',
  aliases: ['www.blog.example'],
  host: '127.0.0.1',
  port: 4321,
});

const h = (o: Record<string, string>) => new Headers(o);

describe('write guard', () => {
  it('reads the media type without parameters or case', () => {
    expect(mediaType('Application/JSON;charset=UTF-8')).toBe('application/json');
    expect(mediaType(' multipart/form-data; boundary=x')).toBe('multipart/form-data');
    expect(mediaType(undefined)).toBe('');
  });

  it('knows another origin from Sec-Fetch-Site and Origin against the site and the Host', () => {
    expect(fromOtherOrigin(h({}), local)).toBe(false);
    expect(fromOtherOrigin(h({ 'sec-fetch-site': 'same-origin', host: 'a.example' }), local)).toBe(false);
    expect(fromOtherOrigin(h({ 'sec-fetch-site': 'Cross-Site' }), local)).toBe(true);
    expect(fromOtherOrigin(h({ origin: 'https://a.example', host: 'a.example' }), local)).toBe(false);
    expect(fromOtherOrigin(h({ origin: 'http://a.example:8080', host: 'a.example:8080' }), local)).toBe(
      false,
    );
    expect(fromOtherOrigin(h({ origin: 'https://b.example', host: 'a.example' }), local)).toBe(true);
    expect(fromOtherOrigin(h({ origin: 'https://a.example:444', host: 'a.example' }), local)).toBe(true);
    expect(fromOtherOrigin(h({ origin: 'null', host: 'a.example' }), local)).toBe(true);
    // The server rewrites Host to the canonical host: an alias or loopback name the page was opened
    // under is still the site's own origin.
    const canonical = { host: '127.0.0.1:4321' };
    expect(fromOtherOrigin(h({ ...canonical, origin: 'http://localhost:4321' }), local)).toBe(false);
    expect(fromOtherOrigin(h({ ...canonical, origin: 'http://[::1]:4321' }), local)).toBe(false);
    expect(fromOtherOrigin(h({ ...canonical, origin: 'http://localhost:4322' }), local)).toBe(true);
    const behind = { host: 'blog.example' };
    expect(fromOtherOrigin(h({ ...behind, origin: 'https://blog.example' }), proxied)).toBe(false);
    expect(fromOtherOrigin(h({ ...behind, origin: 'https://www.blog.example' }), proxied)).toBe(false);
    expect(fromOtherOrigin(h({ ...behind, origin: 'https://evil.example' }), proxied)).toBe(true);
    expect(fromOtherOrigin(h({ ...behind, origin: 'http://localhost:4321' }), proxied)).toBe(true);
  });

  it('refuses foreign writes (403) and non-JSON bodies (415), never reads', () => {
    const foreign = h({ origin: 'https://evil.example', host: 'a.example', 'content-type': 'text/plain' });
    expect(writeRefusal('GET', false, foreign, local)).toBeNull();
    expect(writeRefusal('POST', false, foreign, local)?.status).toBe(403);
    const plain = h({ 'content-type': 'text/plain', 'content-length': '5' });
    expect(writeRefusal('POST', false, plain, local)?.status).toBe(415);
    expect(
      writeRefusal('PUT', false, h({ 'content-type': 'text/plain', 'content-length': '0' }), local),
    ).toBeNull();
    expect(writeRefusal('DELETE', false, h({}), local)).toBeNull();
    const json = h({ 'content-type': 'application/json; charset=utf-8', 'content-length': '2' });
    expect(writeRefusal('POST', false, json, local)).toBeNull();
    expect(writeRefusal('POST', true, json, local)?.status).toBe(415);
    const chunked = h({ 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' });
    expect(writeRefusal('POST', true, chunked, local)).toBeNull();
    expect(writeRefusal('POST', false, chunked, local)?.status).toBe(415);
  });
});
