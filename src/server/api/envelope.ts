import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { wireJson } from '../../lib/wire-date.ts';
import type { ApiEnv } from './context.ts';

/**
 * Every successful /api answer is written here, through the one date serializer (wireJson): dates
 * leave as `YYYY-MM-DD HH:mm:ss` China time (API.md) whichever service or field they come from.
 */
export function ok<T>(c: Context, result: T, message = '成功') {
  return c.body(wireJson({ code: 0, message, result }), 200, { 'Content-Type': 'application/json' });
}

/**
 * A refusal (HTTP 200, code 100, nothing changed) that carries a result the client acts on: the
 * login's `{need_otp: true}` (issue 30). Other refusals are thrown (core/errors.ts).
 */
export function refusal<T>(c: Context<ApiEnv>, message: string, result: T) {
  c.set('refused', true);
  return c.body(wireJson({ code: 100, message, result }), 200, { 'Content-Type': 'application/json' });
}

export function envelopeError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ code: status, message }, status);
}
