import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { NUL_MESSAGE, urlHasNul } from '../../lib/nul.ts';
import { clientIp } from '../core/client-ip.ts';
import { ApiError, type EnvelopeOptions, invalid, tooMany, wireAnswer } from '../core/errors.ts';
import { logger } from '../core/log.ts';
import { changing } from '../core/page-tags.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import { pagesChanged } from '../page-sync.ts';
import { articleRoutes } from './articles.ts';
import { articleAdminRoutes } from './articles-admin.ts';
import { auditWrites } from './audit.ts';
import { auditAdminRoutes } from './audit-admin.ts';
import { auditDenials } from './audit-events.ts';
import { authenticate } from './auth.ts';
import { backupAdminRoutes } from './backup-admin.ts';
import { chatRoutes } from './chat.ts';
import { communityRoutes } from './community.ts';
import type { ApiEnv } from './context.ts';
import { dashboardRoutes } from './dashboard.ts';
import { envelopeError } from './envelope.ts';
import { idempotency } from './idempotency.ts';
import { musicRoutes } from './music.ts';
import { musicAdminRoutes } from './music-admin.ts';
import { notifyRoutes } from './notify.ts';
import { isPageWrite } from './page-writes.ts';
import { POST_READS } from './post-reads.ts';
import { routedHono } from './routing.ts';
import { siteRoutes } from './site.ts';
import { todoRoutes } from './todos.ts';
import { twoFactorRoutes } from './two-factor.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';
import { userAdminRoutes } from './users-admin.ts';
import { writeGuard } from './write-guard.ts';

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
  // An encoded NUL in the path or query string, for every /api and /wapi route (issue 15; bodies are
  // checked by api/validate.ts, chat frames by the hub).
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

export type ApiOptions = { writesPerMinute?: number };

/** JSON and form bodies (an article is at most 200 000 characters); the image upload bounds its own. */
export const MAX_BODY_BYTES = 2 << 20;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The /api application: every domain router under one envelope. */
export function createApiApp(opts: ApiOptions = {}): Hono<ApiEnv> {
  const app = withEnvelope(routedHono('/api'));
  // Cross-site writes and non-JSON bodies (a cross-site form's text/plain) never reach a handler.
  app.use(writeGuard((path) => path.toLowerCase().startsWith('/api/upload/')));
  // A flood guard on writes per address; domain rules (login failures, chat) have their own limits.
  // Reads do not count, those sent as POST (api/post-reads.ts) included.
  const writes = new SharedLimiter('writes', opts.writesPerMinute ?? 600, 60_000);
  app.use(async (c, next) => {
    if (!isRead(c.req.method) && !POST_READS.has(`${c.req.method} ${c.req.path}`)) {
      const wait = await writes.take(clientIp(c));
      if (wait) throw tooMany(wait);
    }
    await next();
  });
  // A successful write that changes what a public page shows drops the cached pages that showed what
  // it changed (the tags its services name, core/page-tags.ts), or all of them when they name nothing.
  // Only the routes declared in PAGE_WRITES do: reads and private writes never drop any, nor does a
  // refusal (HTTP 200 with code 100, bad input included), nor a replayed answer (its write dropped
  // them when it happened).
  app.use(async (c, next) => {
    if (isRead(c.req.method)) return next();
    const changed = new Set<string>();
    await changing(changed, next);
    if (c.res.status < 400 && !c.get('refused') && !c.get('replayed') && isPageWrite(c))
      pagesChanged(changed.size ? { tags: [...changed] } : { all: true });
  });
  // A body past the limit is refused while it streams in, never buffered whole.
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, '请求内容过大');
    },
  });
  // A read has no body to measure, and asking for one would make Hono's Node adapter build a whole
  // Request for every read.
  app.use((c, next) =>
    isRead(c.req.method) || c.req.path.startsWith('/api/upload/') ? next() : limitBody(c, next),
  );
  app.use(authenticate);
  // Issue 29: a write sent again with its Idempotency-Key gets its first answer (api/idempotency.ts).
  // After authenticate (the key belongs to the verified user), before the audit log (a replay is no
  // second write).
  app.use(idempotency);
  // Issue 20: every successful admin write is recorded once its answer is decided (api/audit.ts).
  app.use(auditWrites);
  // Issue 30: a visitor or user turned away from an admin route is noted too (a few a minute per address).
  app.use(auditDenials);
  app.route('/', siteRoutes);
  app.route('/', userRoutes).route('/', twoFactorRoutes).route('/', uploadRoutes).route('/', todoRoutes);
  app.route('/', userAdminRoutes);
  app.route('/', communityRoutes);
  app.route('/', musicRoutes);
  app.route('/', articleRoutes);
  app.route('/', articleAdminRoutes);
  app.route('/', chatRoutes);
  app.route('/', notifyRoutes);
  app.route('/', dashboardRoutes);
  app.route('/', auditAdminRoutes).route('/', backupAdminRoutes).route('/', musicAdminRoutes);
  return app;
}
