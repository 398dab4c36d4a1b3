/** Pure rules of the picture viewer: moving through a gallery and reading a swipe. */

/** The index `delta` steps from `index` in a gallery of `count`, wrapping at both ends. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** Minimum horizontal travel (px) that counts as a swipe. */
export const SWIPE_MIN = 40;

/**
 * What a finished drag means: -1 previous (swiped right), 1 next (swiped left), 0 nothing (too short,
 * or more vertical than horizontal).
 */
export function swipeStep(dx: number, dy: number, min = SWIPE_MIN): -1 | 0 | 1 {
  if (Math.abs(dx) < min || Math.abs(dx) < Math.abs(dy) * 1.2) return 0;
  return dx < 0 ? 1 : -1;
}

/** The gallery step a key asks for, or null for keys the viewer does not handle. */
export function keyAction(key: string): 'prev' | 'next' | 'close' | null {
  if (key === 'ArrowLeft') return 'prev';
  if (key === 'ArrowRight') return 'next';
  if (key === 'Escape' || key === 'Esc') return 'close';
  return null;
}
