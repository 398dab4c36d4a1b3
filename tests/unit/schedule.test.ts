import { describe, expect, it } from 'vitest';
import { scheduleOf } from '../../src/lib/schedule.ts';

const NOW = '2030-01-01T00:00:00.000Z';
const LATER = '2030-01-02T00:00:00.000Z';
const EARLIER = '2029-12-01T00:00:00.000Z';

describe('scheduleOf', () => {
  it('schedules a public save with a time ahead, dated that time', () => {
    expect(scheduleOf(NOW, 1, LATER)).toEqual({ status: 4, publish_at: LATER, createdAt: LATER });
    expect(scheduleOf(NOW, 1, '2030-01-02T08:00:00+08:00', 3)).toEqual({
      status: 4,
      publish_at: LATER,
      createdAt: LATER,
    });
  });

  it('publishes at once with a time past, dated that time', () => {
    expect(scheduleOf(NOW, 1, EARLIER)).toEqual({ status: 1, publish_at: EARLIER, createdAt: EARLIER });
  });

  it('never moves a published article: its date and status stay as the save asks', () => {
    expect(scheduleOf(NOW, 1, LATER, 1)).toEqual({ status: 1 });
    expect(scheduleOf(NOW, 2, LATER, 1)).toEqual({ status: 2 });
  });

  it('keeps a schedule on a public save without a time, drops it on "" (now) or a private save', () => {
    expect(scheduleOf(NOW, 1, undefined, 4)).toEqual({ status: 4 });
    expect(scheduleOf(NOW, 4, undefined, 4)).toEqual({ status: 4 });
    expect(scheduleOf(NOW, 1, '', 4)).toEqual({ status: 1, publish_at: null, createdAt: NOW });
    expect(scheduleOf(NOW, 3, undefined, 4)).toEqual({ status: 3, publish_at: null });
    expect(scheduleOf(NOW, 1, undefined)).toEqual({ status: 1 });
    expect(scheduleOf(NOW, 3, LATER)).toEqual({ status: 3, publish_at: null });
  });
});
