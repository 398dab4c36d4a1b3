import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientIp } from '../core/client-ip.ts';
import { ApiError, tooMany } from '../core/errors.ts';
import { changing } from '../core/page-tags.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { withEnvelope } from '../http/envelope.ts';
import { routedHono } from '../http/routing.ts';
import { writeGuard } from '../http/write-guard.ts';
import { pagesChanged } from '../page-sync.ts';
import { articleRevisionRoutes } from './article-revisions.ts';
import { articleUnlockRoutes } from './article-unlock.ts';
import { articleRoutes } from './articles.ts';
import { articleAdminRoutes } from './articles-admin.ts';
import { auditWrites } from './audit.ts';
import { auditAdminRoutes } from './audit-admin.ts';
import { auditDenials } from './audit-events.ts';
import { authenticate } from './auth.ts';
import { backupAdminRoutes } from './backup-admin.ts';
import { chatRoutes } from './chat.ts';
import { communityRoutes } from './community.ts';
import { dashboardRoutes } from './dashboard.ts';
import { docsRoutes } from './docs.ts';
import { idempotency } from './idempotency.ts';
import { importAdminRoutes } from './import-admin.ts';
import { mailRoutes, UNSUBSCRIBE_PATH } from './mail.ts';
import { mailConfirmRoutes } from './mail-confirm.ts';
import { mediaAdminRoutes } from './media-admin.ts';
import { musicRoutes } from './music.ts';
import { musicAdminRoutes } from './music-admin.ts';
import { notifyRoutes } from './notify.ts';
import { isPageWrite } from './page-writes.ts';
import { POST_READS } from './post-reads.ts';
import { siteRoutes } from './site.ts';
import { todoRoutes } from './todos.ts';
import { twoFactorRoutes } from './two-factor.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';
import { userAdminRoutes } from './users-admin.ts';

export type ApiOptions = {
  writesPerMinute?: number;
  /** The site's other app (/wapi) that the API reference (api/docs.ts) describes with this one. */
  alsoDocumented?: Hono<ApiEnv>[];
};

/** JSON and form bodies (an article is at most 200 000 characters); the image upload bounds its own. */
export const MAX_BODY_BYTES = 2 << 20;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The /api application: every domain router under one envelope. */
export function createApiApp(opts: ApiOptions = {}): Hono<ApiEnv> {
  const app = withEnvelope(routedHono('/api'));
  // Cross-site writes and non-JSON bodies (a cross-site form's text/plain) never reach a handler.
  // The one exception: the unsubscribe link's one-click POST (RFC 8058) is a form body sent by a mail
  // client, from no page of ours; its signed token is its whole authority, no cookie counts (api/mail.ts).
  const guard = writeGuard((path) => path.toLowerCase().startsWith('/api/upload/'));
  app.use((c, next) => (c.req.path === UNSUBSCRIBE_PATH ? next() : guard(c, next)));
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
  // A write sent again with its Idempotency-Key gets its first answer (api/idempotency.ts).
  // After authenticate (the key belongs to the verified user), before the audit log (a replay is no
  // second write).
  app.use(idempotency);
  // Every successful admin write is recorded once its answer is decided (api/audit.ts).
  app.use(auditWrites);
  // A visitor or user turned away from an admin route is noted too (a few a minute per address).
  app.use(auditDenials);
  app.route('/', siteRoutes);
  app.route('/', userRoutes).route('/', twoFactorRoutes).route('/', uploadRoutes).route('/', todoRoutes);
  app.route('/', userAdminRoutes);
  app.route('/', communityRoutes);
  app.route('/', musicRoutes);
  app.route('/', articleRoutes);
  app.route('/', articleAdminRoutes);
  app.route('/', articleRevisionRoutes);
  app.route('/', articleUnlockRoutes);
  app.route('/', chatRoutes);
  app.route('/', notifyRoutes).route('/', mailRoutes).route('/', mailConfirmRoutes);
  app.route('/', dashboardRoutes);
  app.route('/', auditAdminRoutes).route('/', backupAdminRoutes).route('/', musicAdminRoutes);
  app.route('/', importAdminRoutes);
  app.route('/', mediaAdminRoutes);
  app.route('/', docsRoutes({ apps: () => [app, ...(opts.alsoDocumented ?? [])] }));
  return app;
}
