import { describe, expect, it } from 'vitest';
import { ReadingClock } from '../../src/lib/reading.ts';

describe('ReadingClock', () => {
  it('counts visible time only, in whole milliseconds, each once', () => {
    const clock = new ReadingClock(0);
    expect(clock.take(2500.75)).toBe(2500);
    clock.pause(4000.25); // 1.5 s more visible, then hidden
    clock.resume(60_000); // a minute hidden: not counted
    expect(clock.take(61_000)).toBe(2500); // 0.75 ms carried over + 1499.25 ms + 1 s
  });

  it('a clock started hidden counts nothing until resumed', () => {
    const clock = new ReadingClock(0, false);
    expect(clock.take(10_000)).toBe(0);
    clock.resume(10_000);
    clock.resume(11_000); // a second resume does not restart the count
    expect(clock.take(13_000)).toBe(3000);
    expect(clock.take(13_000)).toBe(0);
  });

  it('time below the minimum stays for the next take', () => {
    const clock = new ReadingClock(0);
    expect(clock.take(600, 1000)).toBe(0);
    expect(clock.take(1200, 1000)).toBe(1200);
  });
});
