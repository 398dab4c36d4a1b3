import { describe, expect, test } from 'vitest';
import { idList, parseRange } from '../../src/server/music/respond.ts';

describe('HTTP Range of /wapi/stream', () => {
  test('one range: a-b, a-, -n; the end is clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });
  test('no header or several ranges: the whole file; impossible ranges: 416', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=abc', 1000)).toBe('unsatisfiable');
  });
  test('id lists accept "a,b" and "[a,b]", drop junk and duplicates', () => {
    expect(idList('1,2,2,x,3')).toEqual([1, 2, 3]);
    expect(idList('[4, 5]')).toEqual([4, 5]);
    expect(idList('')).toEqual([]);
    expect(idList('99999999999999999')).toEqual([]);
  });
});
