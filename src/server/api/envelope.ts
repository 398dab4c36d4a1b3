import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { wireJson } from '../../lib/wire-date.ts';

/**
 * Every successful /api answer is written here, through the one date serializer (wireJson): dates
 * leave as `YYYY-MM-DD HH:mm:ss` China time (API.md) whichever service or field they come from.
 */
export function ok<T>(c: Context, result: T, message = '成功') {
  return c.body(wireJson({ code: 0, message, result }), 200, { 'Content-Type': 'application/json' });
}

export function envelopeError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ code: status, message }, status);
}
