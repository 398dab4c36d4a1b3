import type { MiddlewareHandler } from 'hono';
import { config } from '../config.ts';
import { ApiError } from './envelope.ts';

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
 * True when a browser says the request comes from another site or origin. The Origin is compared
 * with the request's own Host (validated before the API sees it); behind a trusted proxy the
 * forwarded host counts too.
 */
export function fromOtherOrigin(headers: Headers, trustProxy = config.trustProxy, urlHost?: string): boolean {
  if (headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin == null) return false;
  let host: string;
  try {
    // "null" (sandboxed frames, privacy redirects) is not a URL and is nobody's own origin.
    host = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const own = [headers.get('host') ?? urlHost];
  if (trustProxy) own.push(headers.get('x-forwarded-host')?.split(',')[0]);
  return !own.some((h) => h && h.trim().toLowerCase() === host);
}

/**
 * Whether the request carries a body (an empty one is the same as none). `stream` is whether the
 * Request object has a body stream, for requests made in process that carry no Content-Length.
 */
const hasBody = (headers: Headers, stream: boolean) => {
  const length = headers.get('content-length');
  if (length != null) return Number(length) > 0;
  return headers.get('transfer-encoding') != null || stream;
};

/** Why a request must be refused before any handler runs, or null. Reads are never refused here. */
export function writeRefusal(
  method: string,
  multipart: boolean,
  headers: Headers,
  trustProxy = config.trustProxy,
  urlHost?: string,
  stream = false,
): { status: 403 | 415; message: string } | null {
  if (READS.has(method.toUpperCase())) return null;
  if (fromOtherOrigin(headers, trustProxy, urlHost)) return { status: 403, message: CROSS_SITE };
  if (!hasBody(headers, stream)) return null;
  const type = mediaType(headers.get('content-type'));
  if (multipart) return type === 'multipart/form-data' ? null : { status: 415, message: MULTIPART_ONLY };
  return type === 'application/json' ? null : { status: 415, message: JSON_ONLY };
}

/** The request URL's host: what the Host header said (requests built in tests may lack the header). */
const urlHost = (req: Request) => new URL(req.url).host;

/** The middleware: `multipart` names the paths that take uploads instead of JSON. */
export function writeGuard(multipart: (path: string) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    const { raw } = c.req;
    const refusal = writeRefusal(
      c.req.method,
      multipart(c.req.path),
      raw.headers,
      undefined,
      urlHost(raw),
      raw.body !== null,
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
  if (fromOtherOrigin(c.req.raw.headers, undefined, urlHost(c.req.raw))) throw new ApiError(403, CROSS_SITE);
  await next();
};
