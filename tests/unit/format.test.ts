import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  likeLabel,
  timeAgo,
} from '../../src/lib/format.ts';
import { fitSize, qualitySteps } from '../../src/lib/image-compress.ts';
import { chinaTime } from '../fixtures/china-time.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0k'],
    [1550, '1.5k'],
    [9999, '9.9k'],
    [10_000, '1.0w'],
    [123_456, '12.3w'],
  ])('%d → %s', (n, text) => expect(formatCount(n)).toBe(text));
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it.each([
    ['2026-11-21T11:59:30Z', '30秒前'],
    ['2026-11-21T11:15:00Z', '45分钟前'],
    ['2026-11-21T02:00:00Z', '10小时前'],
    ['2026-11-18T12:00:00Z', '3天前'],
    ['2026-11-22T12:00:00Z', '0秒前'],
  ])('%s → %s', (date, text) => expect(timeAgo(date, now)).toBe(text));
});

describe('dates and clocks', () => {
  it('formats dates in the blog time zone', () => {
    expect(formatDate('2026-11-20T18:30:00Z')).toBe('2026-11-21');
    expect(formatDate('2026-11-20T15:59:59Z')).toBe('2026-11-20');
    expect(formatDate('2025-12-31T16:00:00Z')).toBe('2026-01-01');
    expect(formatDate(Date.UTC(2024, 1, 28, 16))).toBe('2024-02-29');
    expect(formatDateTime('2026-11-20T18:30:00Z')).toBe('2026-11-21 02:30');
    expect(formatDateTime(new Date('2026-06-30T15:05:00Z'))).toBe('2026-06-30 23:05');
    // The same as the time-zone database gives for every date the blog can hold.
    for (let t = Date.UTC(1992, 0, 1); t < Date.UTC(2040, 0, 1); t += 97 * 3_600_000 + 1_234_567)
      expect(formatDateTime(t)).toBe(chinaTime(t).slice(0, 16));
  });
  it('formats a time to the second where saves a few seconds apart stand side by side', () => {
    expect(formatDateTimeSeconds('2026-11-20T20:29:05Z')).toBe('2026-11-21 04:29:05');
    expect(formatDateTimeSeconds('2026-11-21 04:29:59')).toBe('2026-11-21 04:29:59');
    expect(formatDateTimeSeconds('不是日期')).toBe('');
  });
  it('formats player times as mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(75.9)).toBe('01:15');
    expect(formatClock(Number.NaN)).toBe('00:00');
  });
});

describe('image compression rules', () => {
  it('scales the longest side to 800 px, never up', () => {
    expect(fitSize(1600, 1200)).toEqual({ width: 800, height: 600 });
    expect(fitSize(900, 3000)).toEqual({ width: 240, height: 800 });
    expect(fitSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
  it('tries 0.9 then lowers by 0.1 for up to 3 passes above 0.2', () => {
    expect(qualitySteps()).toEqual([0.9, 0.8, 0.7, 0.6]);
    expect(qualitySteps(0.4)).toEqual([0.4, 0.3]);
  });
});

describe('likeLabel', () => {
  it('names the action and the visible count (WCAG 2.5.3)', () => {
    expect(likeLabel(false, 41)).toBe('点赞 41');
    expect(likeLabel(true, 12_345, '点赞留言')).toBe('取消点赞留言 1.2w');
  });
  it('is the action alone while the count is unknown', () => {
    expect(likeLabel(false, undefined)).toBe('点赞');
    expect(likeLabel(true, null, '点赞留言')).toBe('取消点赞留言');
  });
});
