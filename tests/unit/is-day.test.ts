import { describe, expect, it } from 'vitest';
import { isDay } from '../../src/lib/contract/fields.ts';

/** The console's date fields (src/admin/kit/DateField.tsx) pass on only whole, real days. */
describe('isDay', () => {
  it('takes real YYYY-MM-DD days only', () => {
    expect(isDay('2026-11-28')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-11-2', '2026/11/28', '2025-02-29', '2026-13-01', '', '2026-11-28 ']) {
      expect(isDay(bad), bad).toBe(false);
    }
  });
});
