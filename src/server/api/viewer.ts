import { clientIp } from '../core/client-ip.ts';
import type { ApiContext } from '../http/context.ts';
import { isAdmin } from '../services/auth.ts';
import type { Viewer } from '../services/likes.ts';

/** The caller as the like rules see them: their account when signed in, else their address. */
export function viewerOf(c: ApiContext): Viewer {
  const user = c.get('user');
  return { userId: user?.id ?? null, ip: clientIp(c), isAdmin: isAdmin(user) };
}
