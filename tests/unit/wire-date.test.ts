import { describe, expect, it } from 'vitest';
import { isoDate, timeAgo } from '../../src/lib/format.ts';
import { parseWireDate, readingDurationToWire, toWireDate, wireJson } from '../../src/lib/wire-date.ts';
import { chinaTime } from '../fixtures/china-time.ts';

const WIRE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('toWireDate (YYYY-MM-DD HH:mm:ss, China time)', () => {
  it('writes an instant in UTC+8, seconds kept and milliseconds dropped', () => {
    expect(toWireDate('2026-11-19T15:48:29.271Z')).toBe('2026-11-19 23:48:29');
    expect(toWireDate(Date.UTC(2026, 10, 19, 15, 48, 29, 999))).toBe('2026-11-19 23:48:29');
    expect(toWireDate(new Date('2026-06-30T15:05:00+02:00'))).toBe('2026-06-30 21:05:00');
  });
  it('changes the date at 16:00 UTC, midnight in China', () => {
    expect(toWireDate('2026-11-20T15:59:59.999Z')).toBe('2026-11-20 23:59:59');
    expect(toWireDate('2026-11-20T16:00:00.000Z')).toBe('2026-11-21 00:00:00');
    expect(toWireDate('2025-12-31T16:00:00.000Z')).toBe('2026-01-01 00:00:00');
    expect(toWireDate('2024-02-28T16:00:00.000Z')).toBe('2024-02-29 00:00:00');
    // Just after midnight UTC it is already 08:00 the same day in China.
    expect(toWireDate('2026-11-21T00:00:01.000Z')).toBe('2026-11-21 08:00:01');
  });
  it('gives nothing for what is not a date', () => {
    for (const bad of ['', 'yesterday', '2026-13-01T00:00:00Z', Number.NaN, null, undefined, 1e20])
      expect(toWireDate(bad)).toBe('');
  });
  it('matches the time-zone database for every date the blog can hold', () => {
    for (let t = Date.UTC(1992, 0, 1); t < Date.UTC(2040, 0, 1); t += 97 * 3_600_000 + 1_234_567) {
      expect(toWireDate(t)).toMatch(WIRE);
      expect(toWireDate(t)).toBe(chinaTime(t));
    }
  });
});

describe('parseWireDate (the client reads every date through it)', () => {
  it('reads a wire date as China time, whatever the browser zone is', () => {
    expect(parseWireDate('2026-11-19 23:48:29')).toBe(Date.UTC(2026, 10, 19, 15, 48, 29));
    expect(parseWireDate('2026-11-21 00:00:00')).toBe(Date.UTC(2026, 10, 20, 16));
    expect(parseWireDate('2026-01-01 07:59:59')).toBe(Date.UTC(2025, 11, 31, 23, 59, 59));
  });
  it('reads the ISO instants server-rendered pages hand to islands, numbers and Dates', () => {
    expect(parseWireDate('2026-11-19T15:48:29.271Z')).toBe(Date.UTC(2026, 10, 19, 15, 48, 29, 271));
    expect(parseWireDate('2026-11-19T23:48:29+08:00')).toBe(Date.UTC(2026, 10, 19, 15, 48, 29));
    expect(parseWireDate(1234)).toBe(1234);
    expect(parseWireDate(new Date(5678))).toBe(5678);
  });
  it('round-trips with toWireDate to the second', () => {
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2030, 0, 1); t += 13 * 3_600_000 + 7_001_000)
      expect(parseWireDate(toWireDate(t))).toBe(Math.floor(t / 1000) * 1000);
  });
  it('is NaN for anything else (no guessing in the local zone)', () => {
    for (const bad of [
      '',
      'NaN',
      '2026-11-19',
      '2026-11-19 23:48',
      '2026-11-19T23:48:29',
      '2026-02-30 10:00:00',
      '2026-11-19 24:00:00',
      '2026-11-19 23:60:00',
      ' 2026-11-19 23:48:29',
      null,
      undefined,
      Number.POSITIVE_INFINITY,
    ])
      expect(parseWireDate(bad)).toBeNaN();
  });
  it('sorts like the instants it stands for', () => {
    const wire = ['2026-11-21 00:00:00', '2026-11-20 23:59:59', '2026-11-21 08:00:01'];
    const sorted = [...wire].sort((a, b) => parseWireDate(a) - parseWireDate(b));
    expect(sorted).toEqual(['2026-11-20 23:59:59', '2026-11-21 00:00:00', '2026-11-21 08:00:01']);
  });
  it('feeds the relative times and <time datetime>', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(timeAgo('2026-11-18 20:00:00', now)).toBe('3天前');
    expect(timeAgo('2026-11-21 19:59:30', now)).toBe('30秒前');
    expect(timeAgo('not a date', now)).toBe('');
    expect(isoDate('2026-11-21 00:00:00')).toBe('2026-11-20T16:00:00.000Z');
    expect(isoDate('x')).toBe('');
  });
});

describe('wireJson (the one serializer of /api and chat frames)', () => {
  it('writes every *At field holding an instant as a wire date, at any depth', () => {
    const text = wireJson({
      code: 0,
      result: {
        createdAt: '2026-11-19T15:48:29.271Z',
        list: [{ id: 1, updatedAt: '2026-11-20T16:00:00.000Z', child: [{ expiresAt: new Date(0) }] }],
      },
    });
    expect(JSON.parse(text)).toEqual({
      code: 0,
      result: {
        createdAt: '2026-11-19 23:48:29',
        list: [{ id: 1, updatedAt: '2026-11-21 00:00:00', child: [{ expiresAt: '1970-01-01 08:00:00' }] }],
      },
    });
  });
  it('leaves other fields, numbers and text that only looks like a date alone', () => {
    const value = {
      content: '2026-11-19T15:48:29.271Z',
      dt: 1_700_000_000_000,
      createdAt: 'not a date',
      view_time: 12,
      replyAt: 17,
    };
    expect(JSON.parse(wireJson(value))).toEqual(value);
  });
});

describe('reading_duration on the wire (milliseconds, as the original answered)', () => {
  it('turns the stored seconds into milliseconds', () => {
    expect(readingDurationToWire(0)).toBe(0);
    expect(readingDurationToWire(174_900)).toBe(174_900_000); // 48 时 35 分, not 03 分
  });
  it('is applied by wireJson at any depth, to numbers only', () => {
    const text = wireJson({ result: { list: [{ id: 1, reading_duration: 180 }], reading_duration: '9' } });
    expect(JSON.parse(text)).toEqual({
      result: { list: [{ id: 1, reading_duration: 180_000 }], reading_duration: '9' },
    });
  });
});
