import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/server/page-cache.ts';

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
