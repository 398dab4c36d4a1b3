import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, invalid } from '../core/errors.ts';
import { logger } from '../core/log.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import {
  claimKey,
  type KeyScope,
  recordAnswer,
  releaseKey,
  requestHash,
  type StoredAnswer,
} from '../services/idempotency.ts';

/**
 * docs/decisions/0008-idempotency-keys.md: a write sent with an `Idempotency-Key` header is done once. A
 * write whose answer was lost (its process died after the commit, the proxy answered 502) is retried by the
 * console with the same key, and the retry gets the first answer again (with `Idempotent-Replayed: true`)
 * instead of making a second article, talk or photo.
 *
 * - The key is 1–255 visible ASCII characters; anything else is refused (code 100) before the write.
 * - Its scope is the verified token's user (0 for a guest), the method and the routed path: a key
 *   never answers for another user or route. The query string and body are hashed: the same key with
 *   another request is 422, never the other request's answer.
 * - The same request still running (here or in another process) is 409 with Retry-After; a claim
 *   older than the lease (services/idempotency.ts LEASE_MS) is taken over.
 * - Only a success (HTTP 2xx, envelope code 0) is recorded. A refusal, an error or a throw releases
 *   the key, so the client can correct the input and send it again with the same key.
 * - Reads (GET, HEAD, OPTIONS) ignore the header, and so do the multipart uploads, whose handlers read
 *   the body as it streams in (a repeated upload leaves a file no row points to, never a row).
 *
 * It runs after `authenticate` (the scope needs the verified user) and before `auditWrites`, so a
 * replay writes no second audit row; app.ts's page invalidation skips a replay (`replayed`).
 *
 * The write and the record of its answer are not one transaction: the services commit on their own
 * (several run more than one statement, some in a transaction of their own, and SQLite has one
 * writer that a transaction over the whole handler would hold while it renders Markdown or checks a
 * password). The answer is recorded right after the handler returns and before the response leaves
 * the process, so a process that dies in that window, a few milliseconds, is the one case a retry
 * can still repeat: its pending row is taken over once the lease is over.
 */

const KEY_HEADER = 'Idempotency-Key';
const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Visible ASCII, 1 to 255 characters (a UUID is 36). */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** The headers of a success worth replaying; the rest belong to the request (its id) or to the front (root/front.ts). */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'cache-control'];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How soon a client may ask again while the first request runs (a write takes milliseconds). */
const BUSY_RETRY_SECONDS = '1';

/** The answer to keep, or null when it is not a success (a refusal, an error, not the envelope). */
async function successOf(c: Context<ApiEnv>): Promise<StoredAnswer | null> {
  const res = c.res;
  if (res.status < 200 || res.status >= 300 || c.get('refused') || c.error) return null;
  if (!res.headers.get('content-type')?.includes('json')) return null;
  const body = await res.clone().text();
  try {
    if ((JSON.parse(body) as { code?: unknown }).code !== 0) return null;
  } catch {
    return null;
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: res.status, headers, body };
}

/** A failed record or release is logged, never the request's failure: the write itself is done. */
const logged = (what: string, scope: KeyScope) => (err: unknown) =>
  logger.error({ err, path: scope.path }, `idempotency key not ${what}`);

export const idempotency = createMiddleware<ApiEnv>(async (c, next) => {
  const key = c.req.header(KEY_HEADER);
  const { method, path } = c.req;
  if (key === undefined || READS.has(method) || path.startsWith('/api/upload/')) return next();
  if (!VALID_KEY.test(key)) throw invalid(MSG.idempotencyKey);
  const scope: KeyScope = { userId: c.get('user')?.id ?? 0, method, path, key };
  const claim = await claimKey(scope, requestHash(new URL(c.req.url).search, await c.req.text()));
  if (claim.kind === 'mismatch') throw new ApiError(422, MSG.idempotencyMismatch);
  if (claim.kind === 'busy')
    throw new ApiError(409, MSG.idempotencyBusy, { 'Retry-After': BUSY_RETRY_SECONDS });
  if (claim.kind === 'replay') {
    c.set('replayed', true);
    const { status, headers, body } = claim.answer;
    return c.body(body, status as ContentfulStatusCode, { ...headers, [REPLAYED_HEADER]: 'true' });
  }
  try {
    await next();
  } catch (err) {
    await releaseKey(scope, claim.token).catch(logged('released', scope));
    throw err;
  }
  const answer = await successOf(c);
  // Awaited: the answer leaves only once it is recorded, so a retry that follows it finds it.
  if (answer) await recordAnswer(scope, claim.token, answer).catch(logged('recorded', scope));
  else await releaseKey(scope, claim.token).catch(logged('released', scope));
});
