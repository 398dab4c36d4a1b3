import { z } from 'zod';
import { CHINA_OFFSET_MS } from '../../lib/wire-date.ts';
import type { TimeRange } from '../services/admin-filters.ts';
import { blankAsAbsent, id, unset } from './validate.ts';

/** An optional substring filter: trimmed, 0 / "" / null absent (`unset`). */
export const textFilter = (max = 100) =>
  z.preprocess(
    unset,
    z
      .string('筛选条件必须是文字')
      .trim()
      .max(max, `筛选条件最多 ${max} 个字`)
      .transform((v) => v || undefined)
      .optional(),
  );

/** An optional filter on a field of given values, or an addOrUpdate id (0 / "" / null absent). */
export const choiceFilter = blankAsAbsent;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of the start of a China-time day `YYYY-MM-DD`, or NaN when it is not a real date. */
function chinaDayStart(text: string): number {
  const m = DAY.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return Number.NaN;
  return utc - CHINA_OFFSET_MS;
}

const DAY_MS = 86_400_000;
const dayText = z
  .string('日期格式应为 YYYY-MM-DD')
  .trim()
  .refine((v) => Number.isFinite(chinaDayStart(v)), '日期格式应为 YYYY-MM-DD');

/**
 * A date range `[start, end]` of `YYYY-MM-DD` China-time days from a date-range picker, as the ISO
 * bounds `createdAt` is compared with: from the start of `start` up to (not including) the day after
 * `end`, so the end day is included (the original's BETWEEN dropped it). "" / null / [] is no filter.
 */
export const timeFilter = z.preprocess(
  (v) => (Array.isArray(v) && v.length === 0 ? undefined : unset(v)),
  z
    .tuple([dayText, dayText], '时间范围应为 [开始日期, 结束日期]')
    .transform(
      ([start, end]): TimeRange => ({
        from: new Date(chinaDayStart(start)).toISOString(),
        to: new Date(chinaDayStart(end) + DAY_MS).toISOString(),
      }),
    )
    .optional(),
);

/** A bulk operation's id list (ADMIN-API.md `idList`). */
export const idList = (what: string, max = 50) =>
  z.object({
    idList: z.array(id(), `请选择${what}`).min(1, `请选择${what}`).max(max, `一次最多${max}条`),
  });
