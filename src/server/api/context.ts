import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { config } from '../config.ts';
import { proxiedAddress } from '../net/forwarded.ts';
import type { AuthUser } from '../services/auth.ts';

/** What main.ts (or a test) hands each request, and what middleware leaves for handlers. */
export type ApiEnv = {
  Bindings: { incoming?: IncomingMessage; ip?: string };
  /** refused: the answer is a refusal (HTTP 200, code 100), so it changed nothing. */
  Variables: { user: AuthUser | null; requestId: string; refused?: boolean };
};

export type ApiContext = Context<ApiEnv>;

/** The visitor's address: X-Forwarded-For only behind a trusted proxy, else the socket's. */
export function clientIp(c: ApiContext): string {
  if (config.trustProxy) {
    const forwarded = proxiedAddress(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  return c.env?.ip ?? c.env?.incoming?.socket.remoteAddress ?? '';
}
