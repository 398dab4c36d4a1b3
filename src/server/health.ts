import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { logger } from './core/log.ts';
import { db } from './db/connection.ts';
import { redisAnswers } from './redis/client.ts';

/**
 * GET /healthz and /readyz for process managers, containers and load balancers (docs/api/README.md).
 * Answered before the Host check (a probe names the machine's address, not the site), never cached, never a
 * page view:
 *
 * - /healthz: the process is alive and its event loop answers: always 200.
 * - /readyz: every required check (the database) answers within CHECK_MS: 200, else 503 naming what
 *   failed. An optional one (Redis) that fails leaves the answer 200 with `"status": "degraded"` and
 *   that line `"degraded"`: the process serves pages and the API without it (in-process
 *   limits, no page kept), and a balancer that took every process out during a Redis outage would
 *   take the whole site down. The reason goes to the log, at most once a minute.
 */

/** One dependency's probe: resolves when it answers, throws (or hangs) when it does not. */
type ReadyCheck = () => Promise<unknown>;
export type ReadyChecks = {
  /** Without these the process cannot serve: 503. */
  required: Record<string, ReadyCheck>;
  /** Without these it serves degraded: still 200. */
  optional?: Record<string, ReadyCheck>;
};

const CHECK_MS = 2000;
const SAY_DEGRADED_EVERY_MS = 60_000;

/** The database answers a query (SQLite or PostgreSQL). */
export const pingDatabase: ReadyCheck = () => sql`select 1`.execute(db);

/** The shared Redis answers PING (redis/client.ts pings it every second and reconnects by itself). */
const pingRedis: ReadyCheck = async () => {
  if ((await redisAnswers()) === false) throw new Error('Redis does not answer');
};

/** What /readyz asks: the database, and Redis (optional) when REDIS_URL is set. */
export function readyChecksFor(cfg: Pick<Config, 'redisUrl'>): ReadyChecks {
  return { required: { database: pingDatabase }, optional: cfg.redisUrl ? { redis: pingRedis } : {} };
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
async function runChecks(checks: Record<string, ReadyCheck>): Promise<Record<string, string>> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((n) => within(checks[n], CHECK_MS)));
  const out: Record<string, string> = {};
  results.forEach((r, i) => {
    out[names[i]] = r.status === 'fulfilled' ? 'ok' : String((r.reason as Error)?.message ?? r.reason);
  });
  return out;
}

let degradedSaidAt = 0;

type Readiness = { status: 'ok' | 'degraded' | 'unavailable'; checks: Record<string, string> };

async function readiness({ required, optional = {} }: ReadyChecks): Promise<Readiness> {
  const [must, may] = await Promise.all([runChecks(required), runChecks(optional)]);
  const failedOptional = Object.entries(may).filter(([, v]) => v !== 'ok');
  if (failedOptional.length && Date.now() - degradedSaidAt >= SAY_DEGRADED_EVERY_MS) {
    degradedSaidAt = Date.now();
    logger.warn({ checks: Object.fromEntries(failedOptional) }, 'readyz: serving degraded');
  }
  const ready = Object.values(must).every((v) => v === 'ok');
  const checks = {
    ...must,
    ...Object.fromEntries(Object.keys(may).map((n) => [n, may[n] === 'ok' ? 'ok' : 'degraded'])),
  };
  return { status: !ready ? 'unavailable' : failedOptional.length ? 'degraded' : 'ok', checks };
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
  const body = await readiness(checks);
  send(req, res, body.status === 'unavailable' ? 503 : 200, body);
}
