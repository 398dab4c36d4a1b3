import { describe, expect, it } from 'vitest';
import { moveInOrder } from '../../src/lib/catalog-order.ts';

const apply = (rows: { id: number; order: number }[], changes: { id: number; order: number }[]) =>
  rows
    .map((r) => ({ ...r, order: changes.find((c) => c.id === r.id)?.order ?? r.order }))
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((r) => r.id);

describe('moveInOrder', () => {
  const rows = [
    { id: 1, order: 3 },
    { id: 2, order: 5 },
    { id: 3, order: 9 },
  ];

  it('swaps two neighbours on the slots the category already held', () => {
    expect(moveInOrder(rows, 1, -1)).toEqual([
      { id: 2, order: 3 },
      { id: 1, order: 5 },
    ]);
    expect(apply(rows, moveInOrder(rows, 1, 1))).toEqual([1, 3, 2]);
  });

  it('spreads equal orders apart so the new arrangement holds (the first slot stays)', () => {
    const flat = [
      { id: 7, order: 0 },
      { id: 8, order: 0 },
      { id: 9, order: 0 },
    ];
    const changes = moveInOrder(flat, 2, -1);
    expect(apply(flat, changes)).toEqual([7, 9, 8]);
    expect(Math.min(...changes.map((c) => c.order), 0)).toBe(0);
  });

  it('does nothing past either end', () => {
    expect(moveInOrder(rows, 0, -1)).toEqual([]);
    expect(moveInOrder(rows, 2, 1)).toEqual([]);
  });
});
