import { describe, expect, it } from 'vitest';
import { compareGroups, groupHeading, groupLinks } from '../../src/lib/link-groups.ts';

const link = (id: number, category: string) => ({ id, category });

describe('friend-link groups', () => {
  it('orders the groups by name, the links without one last, each keeping its links in order', () => {
    const groups = groupLinks([
      link(1, ''),
      link(2, '朋友'),
      link(3, 'b'),
      link(4, ''),
      link(5, 'a'),
      link(6, 'b'),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['a', 'b', '朋友', '']);
    expect(groups.map((g) => g.links.map((l) => l.id))).toEqual([[5], [3, 6], [2], [1, 4]]);
  });

  it('has one nameless group when no link has one, and none for no links', () => {
    expect(groupLinks([link(1, ''), link(2, '')]).map((g) => g.name)).toEqual(['']);
    expect(groupLinks([])).toEqual([]);
  });

  it('sorts no group after every name', () => {
    expect(['', 'z', '甲', 'a'].sort(compareGroups)).toEqual(['a', 'z', '甲', '']);
    expect(compareGroups('', '')).toBe(0);
  });

  it('heads the rest 其他 only beside named groups', () => {
    expect(groupHeading('技术', true)).toBe('技术');
    expect(groupHeading('', true)).toBe('其他');
    expect(groupHeading('', false)).toBeNull();
  });
});
