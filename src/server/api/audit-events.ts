import { createMiddleware } from 'hono/factory';
import { clientIp } from '../core/client-ip.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiContext, ApiEnv } from '../http/context.ts';
import { recordAudit } from '../services/audit.ts';
import { trackAudit } from './audit.ts';
import { AUDIT_EVENTS, type AuditEvent } from './audit-actions.ts';

/**
 * The audit log's security events (docs/decisions/0011-audit-log.md): a failed sign-in, a 2FA change, a
 * refusal on an admin route. Each is a row with its kind (api/audit-actions.ts AUDIT_EVENTS), written off
 * the request path like the admin writes (api/audit.ts): a failed write is logged, never the request's
 * failure.
 */

export type EventDetails = {
  /** Who: the signed-in account, or none (a failed sign-in, a visitor). */
  user?: { id: number; nick_name: string } | null;
  /** The account it concerns, when known. */
  ids?: number[];
  /** What names it: the name tried at a sign-in, the account's name. Never a password or a code. */
  label?: string;
};

/** Records one event of this request (address, method and path are the request's). */
export function auditEvent(c: ApiContext, event: AuditEvent, details: EventDetails = {}): void {
  const path = c.req.path;
  const row = {
    kind: event.kind,
    action: event.action,
    thing: event.thing,
    userId: details.user?.id ?? 0,
    userName: details.user?.nick_name ?? '',
    ids: details.ids ?? [],
    labels: details.label ? [details.label] : [],
    method: c.req.method,
    path,
    ip: clientIp(c),
  };
  trackAudit(
    (async () => {
      // After the answer has gone, as the admin writes are.
      await new Promise((resolve) => setImmediate(resolve));
      await recordAudit(row);
    })(),
    path,
  );
}

/**
 * Refusals on admin routes per address: a scanner walking the admin routes leaves at most this many
 * rows a minute (the rest are still refused, only not written down).
 */
export const deniedRows = new SharedLimiter('audit-denied', 10, 60_000);

/**
 * A 401 or 403 of requireAdmin (api/auth.ts marks it) becomes a 越权访问 row: who (if anyone), the
 * address and the route asked for.
 */
export const auditDenials = createMiddleware<ApiEnv>(async (c, next) => {
  await next();
  if (!c.get('adminRefusal')) return;
  const status = c.res.status;
  if (status !== 401 && status !== 403) return;
  if (await deniedRows.take(clientIp(c))) return;
  const user = c.get('user');
  auditEvent(c, status === 401 ? AUDIT_EVENTS.deniedGuest : AUDIT_EVENTS.deniedUser, { user });
});
