import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { wireJson } from '../../lib/wire-date.ts';

/** A refusal with an HTTP status and a Chinese message the client shows as is. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export const unauthorized = (message = '请先登录') => new ApiError(401, message);
export const forbidden = (message = '权限不足') => new ApiError(403, message);
export const notFound = (message = '接口没有找到') => new ApiError(404, message);
export const tooMany = (retryAfterSeconds: number, message = '请求过于频繁，请稍后再试') =>
  new ApiError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A business refusal the user can fix: HTTP 200 with code 100 (the client's 温馨提示). */
export class Refusal extends Error {}
export const refuse = (message: string) => new Refusal(message);

/**
 * Bad input a person should read (a field against its rules, malformed JSON, a NUL): answered like a
 * business refusal, HTTP 200 with code 100 (API.md), because SPEC §8's clients show nothing for a
 * 400. Its own class only so /wapi, which keeps NeteaseCloudMusicApi's statuses, can answer 400.
 */
export class BadInput extends Refusal {}
export const badRequest = (message: string) => new BadInput(message);

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
