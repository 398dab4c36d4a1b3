import type { Context } from 'hono';
import { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '../../lib/nul.ts';
import { invalid } from '../core/errors.ts';

// Chinese messages for every zod check: every text a reader sees is Chinese (docs/product.md).
z.config(z.locales.zhCN());

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `参数错误 ${where}${issue.message}`;
}

export function check<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  // Bodies, query strings and path params all pass here (a NUL 500s FTS5 and PostgreSQL).
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
