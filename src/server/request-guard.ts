import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalisePathname } from '../lib/page-query.ts';
import { serviceOf } from '../lib/route-path.ts';
import { isOwnHost } from '../lib/site-origin.ts';
import { firstForwarded } from './net/forwarded.ts';
import { site } from './site.ts';

/**
 * The first thing every request (and every WebSocket handshake) meets. Astro and Hono build the
 * request URL from the `Host` header and the raw target, so a request that names another host
 * (`Host: evil.example`), a malformed one (`a@b`, `127.0.0.1:4321/message/list?tag=x`) or an
 * absolute-form target is refused here with a 400 before anything renders, caches or logs a stack.
 * An accepted request is rewritten so that everything behind sees the canonical origin: Host is the
 * SITE_URL host, X-Forwarded-Host is gone (X-Forwarded-Proto too unless TRUST_PROXY), and the target
 * is the parsed path with dot segments resolved (`/x/../api/…` is routed as `/api/…`, the same path
 * Astro would have resolved it to) and escapes in one spelling (normalisePathname).
 */

/** The host the client asked for: the proxy's X-Forwarded-Host when trusted, else Host. */
function askedHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? firstForwarded(req.headers['x-forwarded-host']) : undefined;
  return forwarded ?? req.headers.host;
}

/** Whether the request names one of the site's hosts (admit's first test, alone). */
export const asksOwnHost = (req: IncomingMessage, trustProxy: boolean) =>
  isOwnHost(askedHost(req, trustProxy), site());

/** The rewritten target (pathname + search), or null when Host or target is not acceptable. */
export function admit(req: IncomingMessage, trustProxy: boolean): URL | null {
  const own = site();
  if (!isOwnHost(askedHost(req, trustProxy), own)) return null;
  const target = req.url ?? '';
  // Origin-form only: an absolute-form target (`http://evil/`) or `*` names no page of ours.
  if (!target.startsWith('/')) return null;
  const url = URL.parse(`http://h${target}`);
  if (!url) return null;
  // Set only when it changes: every setter re-serialises the whole URL.
  const pathname = normalisePathname(url.pathname);
  if (pathname !== url.pathname) url.pathname = pathname;
  req.url = url.pathname + url.search;
  const { canonicalHost } = own;
  req.headers.host = canonicalHost;
  delete req.headers['x-forwarded-host'];
  if (!trustProxy) delete req.headers['x-forwarded-proto'];
  // Hono reads headers from rawHeaders: keep both views the same. Edited in place, from the end so
  // that a removed pair does not shift the ones still to visit.
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    const name = raw[i].toLowerCase();
    if (name === 'host') raw[i + 1] = canonicalHost;
    else if (name === 'x-forwarded-host' || (!trustProxy && name === 'x-forwarded-proto')) raw.splice(i, 2);
  }
  return url;
}

const MESSAGE = '请求的主机名不属于本站';

/** The 400 for a refused request: the API envelope under /api and /wapi, plain text elsewhere. */
export function refuseRequest(req: IncomingMessage, res: ServerResponse): void {
  const api = serviceOf((req.url ?? '').split('?')[0]) !== null;
  const body = api ? JSON.stringify({ code: 400, message: MESSAGE, result: null }) : `400 ${MESSAGE}\n`;
  res.writeHead(400, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
