import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The public HTML cache. Content pages are the same for every visitor (personal parts live in islands),
 * so a rendered page is kept in memory by URL, compressed once, and answered with an ETag (304 when the
 * browser has it). Every content write clears it (see invalidatePages), and entries also expire, so
 * writes made outside the server (the CLI) show up within the TTL.
 */

type Entry = {
  etag: string;
  headers: OutgoingHttpHeaders;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  storedAt: number;
  generation: number;
};

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const TTL_MS = 5 * 60_000;

/** What browsers and CDNs are told: always revalidate in browsers (cheap 304s), a minute at a CDN. */
export const PAGE_CACHE_CONTROL =
  'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300';

const entries = new Map<string, Entry>();
let bytes = 0;
let generation = 0;
export const pageCacheStats = { hits: 0, misses: 0, invalidations: 0 };

/** Drops every cached page (called after any content write). */
export function invalidatePages(): void {
  generation++;
  entries.clear();
  bytes = 0;
  pageCacheStats.invalidations++;
}

function remember(key: string, entry: Entry) {
  const old = entries.get(key);
  if (old) {
    bytes -= old.raw.length + old.gzip.length + old.br.length;
    entries.delete(key);
  }
  entries.set(key, entry);
  bytes += entry.raw.length + entry.gzip.length + entry.br.length;
  // Least recently used first: Map keeps insertion order and hits re-insert.
  for (const [k, e] of entries) {
    if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    entries.delete(k);
    bytes -= e.raw.length + e.gzip.length + e.br.length;
  }
}

function lookup(key: string, now: number): Entry | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (now - entry.storedAt > TTL_MS) {
    entries.delete(key);
    bytes -= entry.raw.length + entry.gzip.length + entry.br.length;
    return undefined;
  }
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

/** br, gzip or identity, by the request's Accept-Encoding. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = accept.toLowerCase();
  if (/\bbr\b/.test(offered) && !/\bbr;q=0(\.0+)?\b/.test(offered)) return 'br';
  if (/\bgzip\b/.test(offered) && !/\bgzip;q=0(\.0+)?\b/.test(offered)) return 'gzip';
  return undefined;
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, hit: boolean) {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('X-Page-Cache', hit ? 'hit' : 'miss');
  const inm = req.headers['if-none-match'];
  if (inm?.split(',').some((t) => t.trim() === entry.etag)) {
    res.writeHead(304).end();
    return;
  }
  const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.raw;
  const headers: OutgoingHttpHeaders = { ...entry.headers, 'Content-Length': body.length };
  if (encoding) headers['Content-Encoding'] = encoding;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const cacheable = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * Wraps the page renderer: a hit is answered from memory; a miss renders, and a 200 HTML answer is
 * captured (not streamed), stored and then sent like a hit. Anything else passes through untouched.
 */
export function withPageCache(render: Handler): Handler {
  return (req, res) => {
    if (!cacheable(req)) return render(req, res);
    const key = req.url ?? '/';
    const now = Date.now();
    const hit = lookup(key, now);
    if (hit) {
      pageCacheStats.hits++;
      return send(req, res, hit, true);
    }
    pageCacheStats.misses++;
    const startedAt = generation;
    let capture: { status: number; headers: OutgoingHttpHeaders; chunks: Buffer[] } | undefined;
    const writeHead = res.writeHead.bind(res);
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as OutgoingHttpHeaders | undefined;
      const type = String(
        headers?.['content-type'] ?? headers?.['Content-Type'] ?? res.getHeader('content-type'),
      );
      if (status === 200 && type.startsWith('text/html') && !headers?.['set-cookie']) {
        capture = { status, headers: { ...res.getHeaders(), ...headers }, chunks: [] };
        return res;
      }
      return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!capture) return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      capture.chunks.push(Buffer.from(chunk as Uint8Array));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!capture) return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
      if (chunk && typeof chunk !== 'function') capture.chunks.push(Buffer.from(chunk as Uint8Array));
      res.writeHead = writeHead;
      res.write = write;
      res.end = end;
      const raw = Buffer.concat(capture.chunks);
      const headers = { ...capture.headers };
      for (const h of ['content-length', 'Content-Length', 'transfer-encoding', 'etag', 'cache-control'])
        delete headers[h];
      const entry: Entry = {
        etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
        headers,
        raw,
        gzip: gzipSync(raw, { level: 6 }),
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        storedAt: now,
        generation: startedAt,
      };
      // A write that landed while this page rendered may not be in it: serve it, but don't keep it.
      if (startedAt === generation) remember(key, entry);
      send(req, res, entry, false);
      return res;
    }) as typeof res.end;
    return render(req, res);
  };
}
