import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { isDatabaseUnavailable, unavailablePage } from './core/db-unavailable.ts';
import { logger } from './core/log.ts';
import { type Encoding, Encodings, encodingFor } from './page-compress.ts';

/**
 * The answers of pages built with a fallback (core/page-tags.ts degradedPage: a body shown as plain
 * text, a part left out, the database away), which the page cache (page-cache.ts) keeps nowhere: not
 * in memory, and `Cache-Control: no-store` for browsers and CDNs, whose s-maxage and
 * stale-while-revalidate would otherwise go on serving the broken page for minutes after it healed.
 * `X-Page-Cache: bypass` tells such an answer from a miss and `X-Page-Fallback` says why; the log
 * says it once per answer.
 */

/** What a kept page is told about caching (page-entry.ts), which an answer nothing keeps replaces. */
const CACHING = new Set([
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'x-page-cache',
  'x-page-fallback',
]);
/** What describes the rendered body, set again for the body actually sent. */
const BODY = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'vary']);

/** The reasons as a header carries them: a reason is meant to be a short ASCII word, a slip must not throw. */
export const fallbackHeader = (reasons: readonly string[]): string =>
  reasons.join(', ').replace(/[^\x20-\x7e]/g, '?');

/** The renderer's headers with every caching one replaced by those of an answer nothing keeps. */
function bypassHeaders(
  headers: OutgoingHttpHeaders | undefined,
  reasons: readonly string[],
  alsoDrop?: Set<string>,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!CACHING.has(lower) && !alsoDrop?.has(lower)) out[name] = value;
  }
  out['Cache-Control'] = 'no-store';
  out['X-Page-Cache'] = 'bypass';
  out['X-Page-Fallback'] = fallbackHeader(reasons);
  return out;
}

function logged(req: IncomingMessage, status: number, reasons: readonly string[]) {
  // A page served as content is worth a line; an error page is never kept anyway, and an outage
  // would write one a request.
  const level = status === 200 ? 'info' : 'debug';
  logger[level](
    { url: req.url, status, fallbacks: reasons },
    'page built with a fallback: no-store, not kept',
  );
}

/**
 * The arguments of a writeHead that passes through the cache (not a 200 page, or one that is not
 * kept anyway) for a page built with a fallback: its headers rewritten, and the same for any the
 * renderer set before.
 */
export function bypassedHead(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  rest: unknown[],
  reasons: readonly string[],
): unknown[] {
  logged(req, status, reasons);
  for (const name of res.getHeaderNames()) if (CACHING.has(name)) res.removeHeader(name);
  const named = typeof rest[0] === 'string';
  const headers = (named ? rest[1] : rest[0]) as OutgoingHttpHeaders | unknown[] | undefined;
  // A flat list (no renderer of ours sends one) keeps its own; the object form is what Astro sends.
  if (Array.isArray(headers)) {
    for (const [name, value] of Object.entries(bypassHeaders({}, reasons)))
      res.setHeader(name, String(value));
    return rest;
  }
  const rewritten = bypassHeaders(headers, reasons);
  return named ? [rest[0], rewritten] : [rewritten];
}

/**
 * Sends a 200 page the cache captured and will not keep: compressed in the encoding asked (off the
 * event loop, for this answer only), with its headers and the caching ones replaced.
 */
export function sendBypassed(
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  rendered: OutgoingHttpHeaders,
  type: string,
  reasons: readonly string[],
): void {
  logged(req, 200, reasons);
  const headers = bypassHeaders(rendered, reasons, BODY);
  headers['Content-Type'] = /^text\/html\b/i.test(type) ? 'text/html; charset=utf-8' : type;
  headers.Vary = 'Accept-Encoding';
  const send = (body: Buffer, encoding?: Encoding) => {
    res.writeHead(200, {
      ...headers,
      'Content-Length': String(body.length),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const encoding = encodingFor(req.headers['accept-encoding']);
  if (!encoding) {
    send(raw);
    return;
  }
  const once = new Encodings<Buffer>(
    raw,
    (body) => body,
    () => {},
  );
  once.fill(encoding).then(
    (body) => send(body, encoding),
    () => send(raw),
  );
}

/**
 * A captured page whose render failed after it had begun (a component's read, the layout's settings,
 * a banner): Astro then writes "Internal server error" and destroys the answer, of which nothing was
 * sent yet. When the database is away, the page gets the 503 that a page whose own read fails gets
 * (src/middleware.ts, docs/decisions/0006-database-outage.md) and true; any other error is the
 * caller's to cut the answer with, as uncached (false).
 */
export function answeredUnavailable(req: IncomingMessage, res: ServerResponse, err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const page = unavailablePage();
  const headers = bypassHeaders(Object.fromEntries(page.headers), ['database']);
  logged(req, page.status, ['database']);
  void page.text().then((html) => {
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : html);
  });
  return true;
}
