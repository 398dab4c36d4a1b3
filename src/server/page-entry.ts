import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type Encoding, Encodings, encodingFor } from './page-compress.ts';
import { HSTS, SECURITY_HEADER_NAMES, securityHeaders } from './security.ts';

/**
 * One page the page cache keeps (page-cache.ts decides what and for how long): its body, its
 * compressed bodies as they are asked for, and every header list it is answered with, all made when
 * it is stored, so answering it builds nothing per request.
 */

/** Flat [name, value, name, value…] lists, as writeHead takes them. */
type HeaderList = string[];

type Variant = { body: Buffer; headers: HeaderList };

export type Entry = {
  etag: string;
  identity: Variant;
  /** br and gzip, each compressed when first asked for. */
  encoded: Encodings<Variant>;
  notModified: HeaderList;
  bytes: number;
  storedAt: number;
  /** When it goes: its lifetime after storedAt, or sooner once a count it shows changed (page-cache.ts). */
  expiresAt: number;
  /**
   * Set once a request whose target was spelled exactly as the key was answered from it: that spelling
   * routes to this page again whatever else comes, so it is answered before parsing (page-cache.ts).
   */
  direct: boolean;
};

/** What browsers and CDNs are told: always revalidate in browsers (cheap 304s), a minute at a CDN. */
export const PAGE_CACHE_CONTROL =
  'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300';

/** Headers of the rendered answer that the cache sets itself (lower case, as getHeaders gives them). */
const OWN_HEADERS = new Set([
  ...SECURITY_HEADER_NAMES.map((name) => name.toLowerCase()),
  'strict-transport-security',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'cache-control',
  'vary',
  'x-page-cache',
]);

/**
 * What is kept: the HTML pages and the XML feeds (RSS, the sitemap: feed readers poll them). A page
 * is said as HTML with its charset whatever the renderer sent; a feed keeps the renderer's type.
 */
const HTML = /^text\/html\b/i;
const FEED = /^application\/(?:rss\+)?xml\b/i;
export const keptType = (type: string) => HTML.test(type) || FEED.test(type);

/**
 * A cache entry for a rendered answer of type `type`: its body, the complete header lists, and its
 * compressed bodies as they are made (each one's size reported to `grew`, so the cache can count it).
 */
export function prepareEntry(
  raw: Buffer,
  rendered: OutgoingHttpHeaders,
  type: string,
  life: { storedAt: number; expiresAt: number },
  grew: (entry: Entry, size: number) => void,
): Entry {
  const etag = `"${createHash('sha1').update(raw).digest('base64url')}"`;
  const security: HeaderList = securityHeaders().flat();
  const common: HeaderList = [
    ...security,
    'Content-Type',
    HTML.test(type) ? 'text/html; charset=utf-8' : type,
  ];
  for (const [name, value] of Object.entries(rendered)) {
    if (value === undefined || OWN_HEADERS.has(name.toLowerCase())) continue;
    for (const v of Array.isArray(value) ? value : [value]) common.push(name, String(v));
  }
  // A 304 carries the same validators and caching rules as the full answer.
  const validators: HeaderList = [
    'ETag',
    etag,
    'Cache-Control',
    PAGE_CACHE_CONTROL,
    'Vary',
    'Accept-Encoding',
    'X-Page-Cache',
    'hit',
  ];
  common.push(...validators);
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    headers: [
      ...common,
      'Content-Length',
      String(body.length),
      ...(encoding ? ['Content-Encoding', encoding] : []),
    ],
  });
  const entry: Entry = {
    etag,
    identity: variant(raw),
    encoded: new Encodings<Variant>(raw, variant, (size) => {
      entry.bytes += size;
      grew(entry, size);
    }),
    notModified: [...security, ...validators],
    bytes: raw.length,
    direct: false,
    ...life,
  };
  return entry;
}

const matches = (inm: string, etag: string) => inm === etag || inm.split(',').some((t) => t.trim() === etag);

/** A miss says so; its list is copied (misses are rare) with the flag's value replaced. */
function asMiss(list: HeaderList): HeaderList {
  const copy = list.slice();
  copy[copy.indexOf('X-Page-Cache') + 1] = 'miss';
  return copy;
}

export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  hit: boolean,
  hsts: boolean,
) {
  const inm = req.headers['if-none-match'];
  if (inm && matches(inm, entry.etag)) {
    let headers = hit ? entry.notModified : asMiss(entry.notModified);
    if (hsts) headers = [...headers, 'Strict-Transport-Security', HSTS];
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = encodingFor(req.headers['accept-encoding']);
  const variant = encoding ? entry.encoded.get(encoding) : entry.identity;
  if (variant) return answer(req, res, variant, hit, hsts);
  // The first ask for this encoding: compressed off the event loop, then answered (unencoded if it fails).
  entry.encoded.fill(encoding as Encoding).then(
    (made) => answer(req, res, made, hit, hsts),
    () => answer(req, res, entry.identity, hit, hsts),
  );
}

function answer(req: IncomingMessage, res: ServerResponse, variant: Variant, hit: boolean, hsts: boolean) {
  let headers = hit ? variant.headers : asMiss(variant.headers);
  if (hsts) headers = [...headers, 'Strict-Transport-Security', HSTS];
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}
