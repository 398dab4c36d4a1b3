import type { MiddlewareHandler } from 'hono';
import { isOwnOrigin, type SiteOrigins } from '../../lib/site-origin.ts';
import { ApiError } from '../core/errors.ts';
import { site } from '../site.ts';

/**
 * CSRF defences for /api and /wapi writes. A browser page on another site can send a form POST
 * (text/plain, urlencoded or multipart) or a body-less POST with the visitor's cookies, but it
 * cannot hide where it comes from: browsers mark such requests with `Sec-Fetch-Site: cross-site`
 * and an `Origin` that is not ours. So writes from another origin are refused, and bodies must be
 * JSON (multipart only for uploads), a type no cross-site form can send without a CORS preflight
 * we never grant. Clients outside browsers send neither header and are not affected.
 */

export const CROSS_SITE = '拒绝跨站请求';
export const JSON_ONLY = '请求体必须是 JSON（Content-Type: application/json）';
export const MULTIPART_ONLY = '请用表单上传（Content-Type: multipart/form-data）';

type Headers = { get(name: string): string | null | undefined };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The media type of a Content-Type header, lower-cased, parameters (charset, boundary) dropped. */
export const mediaType = (header: string | null | undefined) =>
  (header ?? '').split(';')[0].trim().toLowerCase();

/**
 * True when a browser says the request comes from another site or origin. The Origin must be one of
 * the site's own (SITE_URL, its aliases, the loopback names of the default origin): the server has
 * already checked Host against that list and rewritten it to the canonical host, so a page opened
 * as http://localhost:4321 posts with an Origin that is no longer the Host. Requests made in process
 * (tests) never passed that check: there the request's own Host counts too (its URL's host when it has
 * no Host header; `url` is only parsed then).
 */
export function fromOtherOrigin(headers: Headers, own: SiteOrigins = site(), url?: string): boolean {
  if (headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin == null) return false;
  if (isOwnOrigin(origin, own)) return false;
  // "null" (sandboxed frames, privacy redirects) is not a URL and is nobody's own origin.
  const parsed = URL.parse(origin);
  if (!parsed) return true;
  const host = parsed.host.toLowerCase();
  const requested = (headers.get('host') ?? (url === undefined ? undefined : new URL(url).host))
    ?.trim()
    .toLowerCase();
  return host !== requested;
}

/**
 * Whether the request carries a body (an empty one is the same as none). On the wire a request has
 * a body only with Content-Length or Transfer-Encoding: a browser's body-less DELETE has neither, while
 * Node's adapter still gives its Request a (empty) stream, so the stream alone proves nothing. Requests
 * made in process (tests) carry no Content-Length: there a stream with a Content-Type is a body.
 * `stream` is asked last and only then: Hono's Node adapter builds a whole Request to answer it.
 */
const hasBody = (headers: Headers, stream: () => boolean) => {
  const length = headers.get('content-length');
  if (length != null) return Number(length) > 0;
  return headers.get('transfer-encoding') != null || (headers.get('content-type') != null && stream());
};

/** Why a request must be refused before any handler runs, or null. Reads are never refused here. */
export function writeRefusal(
  method: string,
  multipart: boolean,
  headers: Headers,
  own: SiteOrigins = site(),
  url?: string,
  stream: () => boolean = () => false,
): { status: 403 | 415; message: string } | null {
  if (READS.has(method.toUpperCase())) return null;
  if (fromOtherOrigin(headers, own, url)) return { status: 403, message: CROSS_SITE };
  if (!hasBody(headers, stream)) return null;
  const type = mediaType(headers.get('content-type'));
  if (multipart) return type === 'multipart/form-data' ? null : { status: 415, message: MULTIPART_ONLY };
  return type === 'application/json' ? null : { status: 415, message: JSON_ONLY };
}

/** The middleware: `multipart` names the paths that take uploads instead of JSON. */
export function writeGuard(multipart: (path: string) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    const { raw } = c.req;
    const refusal = writeRefusal(
      c.req.method,
      multipart(c.req.path),
      raw.headers,
      undefined,
      raw.url,
      () => raw.body !== null,
    );
    if (refusal) throw new ApiError(refusal.status, refusal.message);
    await next();
  };
}

/**
 * For the few GETs the NeteaseCloudMusicApi contract keeps although they change the caller's own
 * music session (logout, the QR check that signs in): a top-level navigation from another site
 * must not do it. Same-origin fetches and clients outside browsers pass.
 */
export const sameSiteOnly: MiddlewareHandler = async (c, next) => {
  if (fromOtherOrigin(c.req.raw.headers, undefined, c.req.raw.url)) throw new ApiError(403, CROSS_SITE);
  await next();
};
