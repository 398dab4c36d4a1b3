import { z } from 'zod';
import { CHINA_OFFSET_MS } from '../wire-date.ts';

/**
 * The field kinds of the request schemas: pure zod, so a request's one schema in
 * `src/lib/contract` serves the route's validator (`server/api/validate.ts`), the service's parameter
 * type (`z.output`) and the client's (`z.input`, a type-only import: no browser bundle loads zod).
 *
 * A field that reads loose wire input first (decimal text as a number, `0` / `""` / `null` as absent)
 * names its input type: what our client sends. The parse still takes any value and refuses the wrong
 * ones with a Chinese message; without the name, zod would type the field's input `unknown`.
 */
export const loose =
  <In>() =>
  <T extends z.ZodType>(read: (v: unknown) => unknown, schema: T) =>
    z.preprocess<unknown, T, In>(read, schema);

/** Plain decimal numbers, as JSON numbers or as text ("12", " 12 ", "1.5"); nothing else is one. */
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number field checked by `schema` (a z.number() or z.literal()). Unlike z.coerce.number(), which
 * reads true as 1, [5] as 5, "0x10" as 16 and "1e3" as 1000, only numbers and decimal text pass.
 */
export const num = <T extends z.ZodType>(schema: T) =>
  // Typed `number` even when only some pass (`z.literal([1, 2])`): the console's selects hold
  // numbers, and the schema's message says which ones the server takes.
  loose<z.input<T> extends number ? number : z.input<T>>()(
    (v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v),
    schema,
  );

/** A number among `values`; the message names the field (`label`) and the values. */
export const oneOf = (values: number[], label: string) =>
  num(z.number().refine((n) => values.includes(n), `${label}只能是 ${values.join('、')}`));

/** A positive database id from a path segment, query string or body field. */
export const id = () =>
  num(
    z
      .number({ error: 'id 必须是正整数' })
      .int('id 必须是正整数')
      .positive('id 必须是正整数')
      .max(Number.MAX_SAFE_INTEGER, 'id 过大'),
  );

const PAGE_SIZE_MAX = 50;

/**
 * A page size: any whole number, brought into 1…50 (docs/api/README.md#paging: "clamped", so `/1/999` gets 50
 * items, not a refusal; 0 or below gets 1, the nearest size that is one). Absent: `fallback`.
 */
export const pageSize = (fallback: number) =>
  num(z.number().int())
    .transform((n) => Math.min(PAGE_SIZE_MAX, Math.max(1, n)))
    .default(fallback)
    .describe(`每页条数，取 1–${PAGE_SIZE_MAX} 之间最近的值（不给为 ${fallback}）`);

/** Page fields (docs/api/README.md#paging): current from 1, size clamped to 1…50. */
export const pageFields = {
  current: num(z.number().int().min(1).max(1_000_000)).default(1).describe('页码，从 1 开始'),
  size: pageSize(10),
};

/**
 * The original admin app (blog-v3-admin) sends an unset filter or the id of a row not created yet as
 * `0`, `""` or `null` (its tab 所有文章 is `status: 0`, a new page header `id: ""`): all three mean
 * absent, as a missing key does. No admin filter or id has 0 as a real value.
 */
export const unset = (v: unknown) => (v === 0 || v === '' || v === null ? undefined : v);

/** An optional admin list filter or addOrUpdate id: `0`, `""` and `null` count as absent (`unset`). */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  loose<z.input<T> | undefined>()(unset, schema.optional());

/** An optional substring filter: trimmed, 0 / "" / null absent (`unset`). */
export const textFilter = (max = 100) =>
  loose<string | undefined>()(
    unset,
    z
      .string('筛选条件必须是文字')
      .trim()
      .max(max, `筛选条件最多 ${max} 个字`)
      .transform((v) => v || undefined)
      .optional(),
  );

/** An optional filter on a field of given values, or an addOrUpdate id (0 / "" / null absent). */
export const choiceFilter = <T extends z.ZodType>(schema: T) => blankAsAbsent(schema);

/** A `createdAt` window of the admin lists: ISO instants, `from` included, `to` not. */
export type TimeRange = { from: string; to: string };

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

/** A real calendar day written `YYYY-MM-DD` (the console's date fields send only these). */
export const isDay = (text: string): boolean => Number.isFinite(chinaDayStart(text));

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
export const timeFilter = loose<[string, string] | undefined>()(
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
).describe('时间范围 [开始日期, 结束日期]，YYYY-MM-DD（中国时间，含结束那天）');

/** A bulk operation's id list (the original admin app's `idList`). */
export const idList = (what: string, max = 50) =>
  z.object({
    idList: z.array(id(), `请选择${what}`).min(1, `请选择${what}`).max(max, `一次最多${max}条`),
  });
