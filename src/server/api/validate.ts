import type { Context } from 'hono';
import { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '../../lib/nul.ts';
import { invalid } from '../core/errors.ts';

// Chinese messages for every zod check (SPEC: every visible text is Chinese).
z.config(z.locales.zhCN());

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `参数错误 ${where}${issue.message}`;
}

export function check<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  // Bodies, query strings and path params all pass here (issue 15: a NUL 500s FTS5 and PostgreSQL).
  if (hasNul(data)) throw invalid(NUL_MESSAGE);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalid(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * The JSON body checked against a schema; malformed JSON is a refusal (code 100), never a 500. Other body types never
 * get here: the write guard (write-guard.ts) refuses them with 415.
 */
export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let data: unknown = {};
  const text = await c.req.text();
  if (text.trim()) {
    try {
      data = JSON.parse(text);
    } catch {
      throw invalid('请求体不是合法的 JSON');
    }
  }
  return check(schema, data ?? {});
}

export const query = <T extends z.ZodType>(c: Context, schema: T): z.output<T> =>
  check(schema, c.req.query());

export const params = <T extends z.ZodType>(c: Context, schema: T): z.output<T> =>
  check(schema, c.req.param());

/** Plain decimal numbers, as JSON numbers or as text ("12", " 12 ", "1.5"); nothing else is one. */
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number field checked by `schema` (a z.number() or z.literal()). Unlike z.coerce.number(), which
 * reads true as 1, [5] as 5, "0x10" as 16 and "1e3" as 1000, only numbers and decimal text pass.
 */
export const num = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v), schema);

/** A positive database id from a path segment, query string or body field. */
export const id = () =>
  num(
    z
      .number({ error: 'id 必须是正整数' })
      .int('id 必须是正整数')
      .positive('id 必须是正整数')
      .max(Number.MAX_SAFE_INTEGER, 'id 过大'),
  );

export const PAGE_SIZE_MAX = 50;

/**
 * A page size: any whole number, brought into 1…50 (API.md: "capped", so `/1/999` gets 50 items,
 * not a refusal; 0 or below gets 1, the nearest size that is one). Absent: `fallback`.
 */
export const pageSize = (fallback: number) =>
  num(z.number().int())
    .transform((n) => Math.min(PAGE_SIZE_MAX, Math.max(1, n)))
    .default(fallback);

/** Page fields of API.md: current from 1, size clamped to 1…50. */
export const pageFields = {
  current: num(z.number().int().min(1).max(1_000_000)).default(1),
  size: pageSize(10),
};

/**
 * The original admin app (blog-v3-admin) sends an unset filter or the id of a row not created yet as
 * `0`, `""` or `null` (its tab 所有文章 is `status: 0`, a new page header `id: ""`): all three mean
 * absent, as a missing key does (issue 31). No admin filter or id has 0 as a real value.
 */
export const unset = (v: unknown) => (v === 0 || v === '' || v === null ? undefined : v);

/** An optional admin list filter or addOrUpdate id: `0`, `""` and `null` count as absent (`unset`). */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
