import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { NUL_MESSAGE, urlHasNul } from '../../lib/nul.ts';
import { wireJson } from '../../lib/wire-date.ts';
import { type EnvelopeOptions, invalid, wireAnswer } from '../core/errors.ts';
import { logger } from '../core/log.ts';
import type { ApiEnv } from './context.ts';

/**
 * The envelope (docs/api/README.md#envelope) for /api and /wapi: `{code, message, result}` answers, and the
 * shell that turns every failure into one (withEnvelope).
 */

/**
 * Every successful /api answer is written here, through the one date serializer (wireJson): dates leave as
 * `YYYY-MM-DD HH:mm:ss` China time (docs/api/README.md#conventions) whichever service or field they come
 * from.
 */
export function ok<T>(c: Context, result: T, message = '成功') {
  return c.body(wireJson({ code: 0, message, result }), 200, { 'Content-Type': 'application/json' });
}

/**
 * A refusal (HTTP 200, code 100, nothing changed) that carries a result the client acts on: the
 * login's `{need_otp: true}`. Other refusals are thrown (core/errors.ts).
 */
export function refusal<T>(c: Context<ApiEnv>, message: string, result: T) {
  c.set('refused', true);
  return c.body(wireJson({ code: 100, message, result }), 200, { 'Content-Type': 'application/json' });
}

/** A failure of the shell itself (no route, an unexpected error): HTTP status and code alike. */
function envelopeError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ code: status, message }, status);
}

/** Request id, one log line per request, and the envelope for every failure. */
export function withEnvelope(app: Hono<ApiEnv>, opts: EnvelopeOptions = {}): Hono<ApiEnv> {
  app.use(async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    logger.info({
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  // An encoded NUL in the path or query string, for every /api and /wapi route (bodies are checked
  // by api/validate.ts, chat frames by the hub): a NUL would fail FTS5 and PostgreSQL with a 500.
  app.use(async (c, next) => {
    if (urlHasNul(c.req.url)) throw invalid(NUL_MESSAGE);
    await next();
  });
  // The one place an error becomes an answer (core/errors.ts wireAnswer): routes and services throw.
  app.onError((err, c) => {
    const answer = wireAnswer(err, opts);
    if (answer) {
      // Not a bug but the server's own state (a full disk): the operator must hear of it.
      if (answer.status >= 500) logger.warn({ reqId: c.get('requestId'), err }, 'request not done');
      if (answer.refused) c.set('refused', true);
      for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
      return c.json(answer.body, answer.status);
    }
    logger.error({ reqId: c.get('requestId'), err }, 'request failed');
    return envelopeError(c, 500, '服务端错误');
  });
  app.notFound((c) => envelopeError(c, 404, '接口没有找到'));
  return app;
}
