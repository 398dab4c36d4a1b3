import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db-unavailable.ts';
import { diskFullMessage } from './disk-full.ts';
import { MSG } from './messages.ts';

/**
 * What a service (or a route's own check) says went wrong, in the domain's terms, with the Chinese
 * message the client shows as is (catalogue: core/messages.ts). Services throw it; the wire code
 * follows from the kind in one place, wireAnswer below, which the app's error handler applies.
 *
 * - not_found: the thing asked about does not exist (or is not shown to this reader)
 * - forbidden: it exists, but belongs to someone else
 * - conflict: the request clashes with what is stored (a name taken, a like already given, a limit)
 * - invalid: bad input a person should read (a field against its rules, malformed JSON, a NUL)
 */
export type DomainErrorKind = 'not_found' | 'forbidden' | 'conflict' | 'invalid';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const forbidden = (message: string = MSG.forbidden) => new DomainError('forbidden', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const invalid = (message: string) => new DomainError('invalid', message);

/** The value, or the error thrown when there is none (a missing row, a write that changed nothing). */
export function orThrow<T>(value: T | null | undefined | false, error: DomainError): T {
  if (value === null || value === undefined || value === false) throw error;
  return value;
}

/**
 * A refusal of the request itself, before any domain rule (no login, too many requests, a body too
 * large, a cross-site write): an HTTP status with a Chinese message and its own headers.
 */
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
export const tooMany = (retryAfterSeconds: number, message = '请求过于频繁，请稍后再试') =>
  new ApiError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export type EnvelopeOptions = {
  /**
   * How bad input is answered: 'refusal' (/api, docs/api/README.md#envelope: HTTP 200 with code 100, like a
   * business refusal) or 'status' (HTTP 400 with code 400: /wapi keeps NeteaseCloudMusicApi's statuses).
   */
  badInput?: 'refusal' | 'status';
};

export type WireAnswer = {
  status: ContentfulStatusCode;
  body: { code: number; message: string };
  headers: Record<string, string>;
  /** A refusal (HTTP 200, code 100): it changed nothing, so no page cache is emptied. */
  refused: boolean;
};

/**
 * The envelope for a thrown error; null for anything else (a bug: the caller logs it and answers 500). A
 * domain refusal the user can fix is HTTP 200 with code 100 (the client's 温馨提示), because the original
 * client shows nothing for a 400 (docs/decisions/0007-original-client-compatibility.md); forbidden is a
 * 403, as the original's permission checks answer. A full disk is a 507 (Insufficient Storage) saying what
 * could not be stored.
 */
export function wireAnswer(err: unknown, opts: EnvelopeOptions = {}): WireAnswer | null {
  const answer = (status: ContentfulStatusCode, message: string, headers = {}): WireAnswer => ({
    status,
    body: { code: status, message },
    headers,
    refused: false,
  });
  if (err instanceof DomainError) {
    if (err.kind === 'forbidden') return answer(403, err.message);
    if (err.kind === 'invalid' && opts.badInput === 'status') return answer(400, err.message);
    return { status: 200, body: { code: 100, message: err.message }, headers: {}, refused: true };
  }
  if (err instanceof ApiError) return answer(err.status, err.message, err.headers);
  // The database is away (restarting, a dropped connection): a clear 503, and the process goes on.
  if (isDatabaseUnavailable(err))
    return answer(503, DATABASE_UNAVAILABLE, { 'Retry-After': String(DATABASE_RETRY_AFTER_S) });
  // A full disk (core/disk-full.ts): 507 with what failed, nothing stored.
  const full = diskFullMessage(err);
  if (full) return answer(507, full);
  return null;
}
