import { createMiddleware } from 'hono/factory';
import { forbidden, unauthorized } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiContext, ApiEnv } from '../http/context.ts';
import { isAdmin, readToken } from '../services/auth.ts';

/**
 * Reads the token (Bearer or bare) and leaves the user, or null, in c.var.user. Refuses only the token
 * of a disabled account, on every route, those a guest may call too: its holder must not go
 * on as a guest unawares (a guestbook message under 游客 instead of their name), and the 401 ends the
 * browser's session with the reason. An ended or expired token still reads as a guest's request;
 * routes that need a user answer it with 登录过期 (requireUser).
 */
export const authenticate = createMiddleware<ApiEnv>(async (c, next) => {
  const { user, disabled } = await readToken(c.req.header('authorization'));
  if (disabled) throw unauthorized(MSG.accountDisabled);
  c.set('user', user);
  await next();
});

/** The signed-in user, or a 401 with 登录过期 when a token was sent but is no longer good. */
export function requireUser(c: ApiContext) {
  const user = c.get('user');
  if (!user) throw unauthorized(c.req.header('authorization') ? '登录过期，请重新登录' : '请先登录');
  return user;
}

export function requireAdmin(c: ApiContext) {
  // Noted for the audit log before the refusal is thrown (api/audit-events.ts auditDenials).
  if (!isAdmin(c.get('user'))) c.set('adminRefusal', true);
  const user = requireUser(c);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
