import { describe, expect, it } from 'vitest';
import { uptimeText } from '../../src/lib/uptime.ts';

describe('uptimeText (the footer 运行时间)', () => {
  const start = '2026-01-01T00:00:00.000Z';
  it('counts days, hours, minutes and seconds since the start', () => {
    const now = Date.parse(start) + ((230 * 24 + 5) * 3600 + 7 * 60 + 9) * 1000;
    expect(uptimeText(start, now)).toBe('230 天 5 小时 7 分 9 秒');
  });
  it('never counts backwards, and says nothing for a missing start', () => {
    expect(uptimeText(start, Date.parse(start) - 5000)).toBe('0 天 0 小时 0 分 0 秒');
    expect(uptimeText('', Date.now())).toBe('');
  });
});
