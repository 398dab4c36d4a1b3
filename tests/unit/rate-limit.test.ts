import { describe, expect, it } from 'vitest';
import { RateLimiter, takeAll } from '../../src/server/core/rate-limit.ts';

describe('RateLimiter.take: check and count in one step', () => {
  it('takes up to the budget, then answers the wait without counting', () => {
    const l = new RateLimiter(2, 60_000);
    expect(l.take('k', 0)).toBe(0);
    expect(l.take('k', 0)).toBe(0);
    expect(l.take('k', 1000)).toBe(59);
    expect(l.take('other', 1000)).toBe(0);
    // A new window starts the count over.
    expect(l.take('k', 60_000)).toBe(0);
  });

  it('refund gives one slot back; never below zero', () => {
    const l = new RateLimiter(1, 60_000);
    expect(l.take('k', 0)).toBe(0);
    l.refund('k', 0);
    l.refund('k', 0);
    expect(l.take('k', 0)).toBe(0);
    expect(l.take('k', 0)).toBeGreaterThan(0);
  });

  it('takeAll takes from every limiter or from none', () => {
    const a = new RateLimiter(5, 60_000);
    const b = new RateLimiter(1, 60_000);
    expect(
      takeAll(
        [
          [a, 'x'],
          [b, 'y'],
        ],
        0,
      ),
    ).toBe(0);
    expect(
      takeAll(
        [
          [a, 'x'],
          [b, 'y'],
        ],
        0,
      ),
    ).toBe(60);
    // The refused call gave back the slot it took from `a`: 4 are left, not 3.
    for (let i = 0; i < 3; i++) expect(a.take('x', 0)).toBe(0);
    expect(a.take('x', 0)).toBe(0);
    expect(a.take('x', 0)).toBe(60);
  });
});
