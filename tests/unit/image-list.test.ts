import { describe, expect, it } from 'vitest';
import { fitting, imageFiles, movedBy, moveItem } from '../../src/lib/image-list.ts';

describe('moveItem', () => {
  it('moves one item forward or back, the others keep their order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
  });
  it('clamps the target and ignores an index outside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
  it('answers a new array', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, 0)).not.toBe(list);
  });
});

describe('imageFiles and fitting', () => {
  it('takes only images, in order', () => {
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    const txt = new File(['x'], 'b.txt', { type: 'text/plain' });
    const gif = new File(['x'], 'c.gif', { type: 'image/gif' });
    expect(imageFiles([png, txt, gif])).toEqual([png, gif]);
    expect(imageFiles(null)).toEqual([]);
  });
  it('keeps what fits under the cap and counts the rest', () => {
    expect(fitting([1, 2, 3], 7, 9)).toEqual({ taken: [1, 2], left: 1 });
    expect(fitting([1], 9, 9)).toEqual({ taken: [], left: 1 });
    expect(fitting([1, 2], 0, 9)).toEqual({ taken: [1, 2], left: 0 });
  });
});

describe('movedBy', () => {
  it('moves one place by an arrow and to the ends by Home and End', () => {
    expect(movedBy('ArrowLeft', 2, 5)).toBe(1);
    expect(movedBy('ArrowUp', 2, 5)).toBe(1);
    expect(movedBy('ArrowRight', 2, 5)).toBe(3);
    expect(movedBy('ArrowDown', 2, 5)).toBe(3);
    expect(movedBy('Home', 2, 5)).toBe(0);
    expect(movedBy('End', 2, 5)).toBe(4);
  });
  it('leaves other keys alone', () => {
    expect(movedBy('Enter', 2, 5)).toBeUndefined();
    expect(movedBy('toString', 2, 5)).toBeUndefined();
  });
});
