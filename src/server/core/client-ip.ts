import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { config } from '../config.ts';
import { proxiedAddress } from '../net/forwarded.ts';

/** What the front (root/front.ts, or a test) hands every /api and /wapi request about its connection. */
export type ConnectionBindings = { incoming?: IncomingMessage; ip?: string };

/** The visitor's address: X-Forwarded-For only behind a trusted proxy, else the socket's. */
export function clientIp<E extends { Bindings: ConnectionBindings }>(c: Context<E>): string {
  if (config.trustProxy) {
    const forwarded = proxiedAddress(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  return c.env?.ip ?? c.env?.incoming?.socket.remoteAddress ?? '';
}
