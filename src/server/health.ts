import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { db } from './db/connection.ts';
import { redisAnswers } from './redis/client.ts';

/**
 * GET /healthz and /readyz for process managers, containers and load balancers (issue 21). Answered
 * before the Host check (a probe names the machine's address, not the site), never cached, never a
 * page view:
 *
 * - /healthz: the process is alive and its event loop answers: always 200.
 * - /readyz: every check of `ReadyChecks` answers within CHECK_MS: 200, else 503 naming what failed.
 */

/** One dependency's probe: resolves when it answers, throws (or hangs) when it does not. */
type ReadyCheck = () => Promise<unknown>;
export type ReadyChecks = Record<string, ReadyCheck>;

const CHECK_MS = 2000;

/** The database answers a query (SQLite or PostgreSQL). */
export const pingDatabase: ReadyCheck = () => sql`select 1`.execute(db);

/** The shared Redis answers PING (redis/client.ts pings it every second and reconnects by itself). */
const pingRedis: ReadyCheck = async () => {
  if ((await redisAnswers()) === false) throw new Error('Redis does not answer');
};

/** What /readyz asks: the database, and Redis when REDIS_URL is set; one line per dependency. */
export function readyChecksFor(cfg: Pick<Config, 'redisUrl'>): ReadyChecks {
  return { database: pingDatabase, ...(cfg.redisUrl ? { redis: pingRedis } : {}) };
}

function within(check: ReadyCheck, ms: number): Promise<'ok'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(check), late])
    .then(() => 'ok' as const)
    .finally(() => clearTimeout(timer));
}

/** Each check's 'ok' or what went wrong. */
async function runChecks(checks: ReadyChecks): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((n) => within(checks[n], CHECK_MS)));
  const out: Record<string, string> = {};
  results.forEach((r, i) => {
    out[names[i]] = r.status === 'fulfilled' ? 'ok' : String((r.reason as Error)?.message ?? r.reason);
  });
  return { ready: results.every((r) => r.status === 'fulfilled'), checks: out };
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: object): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The probe a raw request target asks for, if any (`/healthz`, `/readyz`, with or without a query). */
export function healthProbe(target: string | undefined): 'healthz' | 'readyz' | null {
  const path = (target ?? '').split('?')[0];
  return path === '/healthz' ? 'healthz' : path === '/readyz' ? 'readyz' : null;
}

/** Answers a probe request. */
export async function answerProbe(
  probe: 'healthz' | 'readyz',
  req: IncomingMessage,
  res: ServerResponse,
  checks: ReadyChecks,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }).end();
    return;
  }
  if (probe === 'healthz') return send(req, res, 200, { status: 'ok' });
  const { ready, checks: results } = await runChecks(checks);
  send(req, res, ready ? 200 : 503, { status: ready ? 'ok' : 'unavailable', checks: results });
}
