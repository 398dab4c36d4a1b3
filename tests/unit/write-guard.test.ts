import { describe, expect, it } from 'vitest';
import { fromOtherOrigin, mediaType, writeRefusal } from '../../src/server/api/write-guard.ts';

const h = (o: Record<string, string>) => new Headers(o);

describe('write guard', () => {
  it('reads the media type without parameters or case', () => {
    expect(mediaType('Application/JSON;charset=UTF-8')).toBe('application/json');
    expect(mediaType(' multipart/form-data; boundary=x')).toBe('multipart/form-data');
    expect(mediaType(undefined)).toBe('');
  });

  it('knows another origin from Sec-Fetch-Site and Origin against Host', () => {
    expect(fromOtherOrigin(h({}), false)).toBe(false);
    expect(fromOtherOrigin(h({ 'sec-fetch-site': 'same-origin', host: 'a.example' }), false)).toBe(false);
    expect(fromOtherOrigin(h({ 'sec-fetch-site': 'Cross-Site' }), false)).toBe(true);
    expect(fromOtherOrigin(h({ origin: 'https://a.example', host: 'a.example' }), false)).toBe(false);
    expect(fromOtherOrigin(h({ origin: 'http://a.example:8080', host: 'a.example:8080' }), false)).toBe(
      false,
    );
    expect(fromOtherOrigin(h({ origin: 'https://b.example', host: 'a.example' }), false)).toBe(true);
    expect(fromOtherOrigin(h({ origin: 'https://a.example:444', host: 'a.example' }), false)).toBe(true);
    expect(fromOtherOrigin(h({ origin: 'null', host: 'a.example' }), false)).toBe(true);
    // Behind a trusted proxy the forwarded host is ours too; without one it is not.
    const proxied = h({
      origin: 'https://blog.example',
      host: '127.0.0.1:4321',
      'x-forwarded-host': 'blog.example',
    });
    expect(fromOtherOrigin(proxied, true)).toBe(false);
    expect(fromOtherOrigin(proxied, false)).toBe(true);
  });

  it('refuses foreign writes (403) and non-JSON bodies (415), never reads', () => {
    const foreign = h({ origin: 'https://evil.example', host: 'a.example', 'content-type': 'text/plain' });
    expect(writeRefusal('GET', false, foreign, false)).toBeNull();
    expect(writeRefusal('POST', false, foreign, false)?.status).toBe(403);
    const plain = h({ 'content-type': 'text/plain', 'content-length': '5' });
    expect(writeRefusal('POST', false, plain, false)?.status).toBe(415);
    expect(
      writeRefusal('PUT', false, h({ 'content-type': 'text/plain', 'content-length': '0' }), false),
    ).toBeNull();
    expect(writeRefusal('DELETE', false, h({}), false)).toBeNull();
    const json = h({ 'content-type': 'application/json; charset=utf-8', 'content-length': '2' });
    expect(writeRefusal('POST', false, json, false)).toBeNull();
    expect(writeRefusal('POST', true, json, false)?.status).toBe(415);
    const chunked = h({ 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' });
    expect(writeRefusal('POST', true, chunked, false)).toBeNull();
    expect(writeRefusal('POST', false, chunked, false)?.status).toBe(415);
  });
});
