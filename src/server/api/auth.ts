import { createMiddleware } from 'hono/factory';
import { forbidden, unauthorized } from '../core/errors.ts';
import { isAdmin, userFromToken } from '../services/auth.ts';
import type { ApiContext, ApiEnv } from './context.ts';

/** Reads the token (Bearer or bare) and leaves the user, or null, in c.var.user. Never refuses. */
export const authenticate = createMiddleware<ApiEnv>(async (c, next) => {
  c.set('user', await userFromToken(c.req.header('authorization')));
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
