import { describe, expect, it } from 'vitest';
import { ReadingClock } from '../../src/lib/reading.ts';

describe('ReadingClock', () => {
  it('counts visible time only, in whole seconds, each second once', () => {
    const clock = new ReadingClock(0);
    expect(clock.take(2500)).toBe(2);
    clock.pause(4000); // 1.5 s more visible, then hidden
    clock.resume(60_000); // a minute hidden: not counted
    expect(clock.take(61_000)).toBe(3); // 0.5 carried over + 1.5 + 1
  });

  it('a clock started hidden counts nothing until resumed', () => {
    const clock = new ReadingClock(0, false);
    expect(clock.take(10_000)).toBe(0);
    clock.resume(10_000);
    clock.resume(11_000); // a second resume does not restart the count
    expect(clock.take(13_000)).toBe(3);
    expect(clock.take(13_000)).toBe(0);
  });
});
