import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { config } from '../config.ts';
import type { AuthUser } from '../services/auth.ts';

/** What main.ts (or a test) hands each request, and what middleware leaves for handlers. */
export type ApiEnv = {
  Bindings: { incoming?: IncomingMessage; ip?: string };
  Variables: { user: AuthUser | null; requestId: string };
};

export type ApiContext = Context<ApiEnv>;

/** The visitor's address: X-Forwarded-For only behind a trusted proxy, else the socket's. */
export function clientIp(c: ApiContext): string {
  if (config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.ip ?? c.env?.incoming?.socket.remoteAddress ?? '';
}
