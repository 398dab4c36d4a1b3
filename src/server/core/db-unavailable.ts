import { degradedPage } from './page-tags.ts';

/**
 * Whether an error means the database cannot be reached right now (docs/decisions/0006-database-outage.md),
 * as opposed to a query it refused: PostgreSQL restarting or failing over, a connection killed by
 * `pg_terminate_backend`, `idle_session_timeout`, a pooler or a firewall, or not up yet; SQLite still
 * locked by another process after its busy timeout. Such a request is answered 503 with Retry-After
 * (core/errors.ts) and the process carries on: the pool makes new connections once the database is back.
 */

/** The message every answer of such a request carries (API envelope and the 503 page). */
export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后再试';

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Socket-level failures of a connection (node's errno codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception), 57P01–57P03 (terminated by
 * an administrator, crash shutdown, cannot connect now: starting or shutting down), 53300 (too many
 * connections).
 */
const pgUnavailable = (code: string) =>
  code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

/**
 * node-postgres's own errors, which carry no code: a connection that closed under a query, a
 * client already broken, the pool's connect timeout.
 */
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** SQLite's SQLITE_BUSY and SQLITE_LOCKED: another process held the file past the busy timeout. */
const SQLITE_BUSY_CODES = new Set([5, 6]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, errcode, message } = e as { code?: unknown; errcode?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || pgUnavailable(code))) return true;
    if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && SQLITE_BUSY_CODES.has(errcode & 0xff))
      return true;
    if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => message.startsWith(m))) return true;
    // An AggregateError (a connect that tried several addresses) or an error wrapping its cause.
    const inner =
      (e as { errors?: unknown[]; cause?: unknown }).errors?.[0] ?? (e as { cause?: unknown }).cause;
    e = inner;
  }
  return false;
}

/**
 * What a page answers when it needed the database and could not reach it (src/middleware.ts): a 503
 * the page cache never keeps, saying so in Chinese, that reloads itself after the Retry-After.
 * Cached pages are still answered meanwhile (they never reach here).
 */
export function unavailablePage(): Response {
  // A page built with a fallback: the page cache says so (X-Page-Cache: bypass) and keeps it nowhere.
  degradedPage('database');
  const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_S}">
<meta name="robots" content="noindex">
<title>${DATABASE_UNAVAILABLE}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;text-align:center;padding:1.5rem;box-sizing:border-box}
p{color:GrayText}
</style>
</head>
<body>
<main>
<h1>${DATABASE_UNAVAILABLE}</h1>
<p>页面将在 ${DATABASE_RETRY_AFTER_S} 秒后自动刷新。</p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(DATABASE_RETRY_AFTER_S),
      'Cache-Control': 'no-store',
    },
  });
}
