import { describe, expect, it } from 'vitest';
import { hasNul, urlHasNul } from '../../src/lib/nul.ts';

describe('NUL detection', () => {
  it('finds a NUL in strings, keys and nested values of parsed JSON', () => {
    expect(hasNul('a\0b')).toBe(true);
    expect(hasNul('a\\u0000b')).toBe(false);
    expect(hasNul({ a: [1, { b: 'x\0' }] })).toBe(true);
    expect(hasNul({ 'k\0': 1 })).toBe(true);
    expect(hasNul({ a: [1, null, true, { b: '正常' }] })).toBe(false);
    expect(hasNul(null)).toBe(false);
    // Deep nesting and very long arrays neither overflow the stack nor the argument list.
    let deep: unknown = 'end\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasNul(deep)).toBe(true);
    expect(hasNul(new Array(1_000_000).fill('x'))).toBe(false);
  });

  it('finds an encoded NUL in a URL', () => {
    expect(urlHasNul('http://x/api/a/%00')).toBe(true);
    expect(urlHasNul('http://x/api/a?q=1%00')).toBe(true);
    expect(urlHasNul('http://x/api/a?q=%2500')).toBe(false);
    expect(urlHasNul('http://x/api/a?q=100')).toBe(false);
  });
});
