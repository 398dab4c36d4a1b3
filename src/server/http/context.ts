import type { Context } from 'hono';
import type { ConnectionBindings } from '../core/client-ip.ts';
import type { AuthUser } from '../services/auth.ts';

/** What the front (root/front.ts, or a test) hands each request, and what middleware leaves for handlers. */
export type ApiEnv = {
  Bindings: ConnectionBindings;
  /**
   * refused: the answer is a refusal (HTTP 200, code 100), so it changed nothing. replayed: the answer
   * is a stored one (api/idempotency.ts): the write it answers happened before, nothing changed now.
   * adminRefusal: requireAdmin turned the caller away (the audit log's 越权访问, api/audit-events.ts).
   */
  Variables: {
    user: AuthUser | null;
    requestId: string;
    refused?: boolean;
    replayed?: boolean;
    adminRefusal?: boolean;
  };
};

export type ApiContext = Context<ApiEnv>;
