import { describe, expect, it } from 'vitest';
import { sideBySide } from '../../src/lib/side-by-side.ts';

describe('sideBySide', () => {
  it('pairs a changed line with what it became, and an added one with a blank', () => {
    const rows = sideBySide('一\n二\n三\n', '一\n贰\n三\n四\n');
    expect(rows).toEqual([
      { left: { text: '一', kind: 'same' }, right: { text: '一', kind: 'same' } },
      { left: { text: '二', kind: 'removed' }, right: { text: '贰', kind: 'added' } },
      { left: { text: '三', kind: 'same' }, right: { text: '三', kind: 'same' } },
      { left: null, right: { text: '四', kind: 'added' } },
    ]);
  });

  it('sees a last line without a newline as the same line when more follow it', () => {
    expect(sideBySide('一\n三', '一\n三\n四').map((r) => r.left?.kind ?? null)).toEqual([
      'same',
      'same',
      null,
    ]);
  });

  it('puts removed lines beside blanks, and equal texts all same', () => {
    expect(sideBySide('a\nb', 'b')).toEqual([
      { left: { text: 'a', kind: 'removed' }, right: null },
      { left: { text: 'b', kind: 'same' }, right: { text: 'b', kind: 'same' } },
    ]);
    expect(sideBySide('x', 'x').every((r) => r.left?.kind === 'same')).toBe(true);
  });
});
