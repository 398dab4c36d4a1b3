import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalisePathname } from '../lib/page-query.ts';
import { serviceOf } from '../lib/route-path.ts';
import { normaliseHost } from '../lib/site-origin.ts';
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

const first = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

/** The host the client asked for: the proxy's X-Forwarded-Host when trusted, else Host. */
function askedHost(req: IncomingMessage, trustProxy: boolean): string | null {
  const forwarded = trustProxy ? first(req.headers['x-forwarded-host']) : undefined;
  const host = forwarded ?? req.headers.host;
  return normaliseHost(host);
}

/** The rewritten target (pathname + search), or null when Host or target is not acceptable. */
export function admit(req: IncomingMessage, trustProxy: boolean): URL | null {
  const { hosts, canonicalHost } = site();
  const host = askedHost(req, trustProxy);
  if (host === null || !hosts.has(host)) return null;
  const target = req.url ?? '';
  // Origin-form only: an absolute-form target (`http://evil/`) or `*` names no page of ours.
  if (!target.startsWith('/')) return null;
  const url = URL.canParse(`http://h${target}`) ? new URL(`http://h${target}`) : null;
  if (!url) return null;
  url.pathname = normalisePathname(url.pathname);
  req.url = url.pathname + url.search;
  req.headers.host = canonicalHost;
  delete req.headers['x-forwarded-host'];
  if (!trustProxy) delete req.headers['x-forwarded-proto'];
  // Hono reads headers from rawHeaders: keep both views the same.
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name === 'x-forwarded-host' || (!trustProxy && name === 'x-forwarded-proto')) continue;
    raw.push(req.rawHeaders[i], name === 'host' ? canonicalHost : req.rawHeaders[i + 1]);
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
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
