import { createReadStream, type Stats } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { site } from '../site.ts';

/**
 * Answers of /wapi. They follow NeteaseCloudMusicApi, not the site envelope: success carries
 * `code: 200`; failures carry the HTTP status as `code` and a Chinese `message` (and `msg`, the
 * field some NeteaseCloudMusicApi clients read).
 */
export const wapiFail = (c: Context, status: ContentfulStatusCode, message: string, code: number = status) =>
  c.json({ code, message, msg: message }, status);

/** A query parameter, trimmed and bounded; '' when absent. */
export const param = (c: Context, name: string, max = 200): string =>
  (c.req.query(name) ?? '').trim().slice(0, max);

/** A non-negative whole number from the query, clamped; the fallback when absent or malformed. */
export function intParam(c: Context, name: string, fallback: number, max: number): number {
  const raw = param(c, name, 20);
  if (!/^\d+$/.test(raw)) return fallback;
  return Math.min(Number(raw), max);
}

/** A list of numeric ids ("1,2,3" or JSON "[1,2]"), at most `max`. */
export function idList(raw: string, max = 100): number[] {
  return [
    ...new Set(
      raw
        .replace(/[[\]\s]/g, '')
        .split(',')
        .filter((v) => /^\d{1,16}$/.test(v))
        .map(Number)
        .filter(Number.isSafeInteger),
    ),
  ].slice(0, max);
}

/** The site's public origin for links that leave the page (the QR code): SITE_URL, not the request. */
export const publicOrigin = (): string => site().origin;

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/** One byte range of RFC 9110 ("bytes=a-b", "a-", "-n"); several ranges are served whole (null). */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m) return header.includes(',') || !header.startsWith('bytes=') ? null : 'unsatisfiable';
  const [, a, b] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  let start: number;
  let end: number;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Streams a file with Range (206/416), ETag/304, HEAD and a cache lifetime. */
export function sendFileRange(
  c: Context,
  file: string,
  stat: Stats,
  type: string,
  cacheControl = 'public, max-age=86400',
): Response {
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header('range'), stat.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${stat.size}`);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return new Response(JSON.stringify({ code: 416, message: '请求的范围无效', msg: '请求的范围无效' }), {
      status: 416,
      headers,
    });
  }
  const start = range ? range.start : 0;
  const end = range ? range.end : stat.size - 1;
  headers.set('Content-Length', String(stat.size === 0 ? 0 : end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD' || stat.size === 0) return new Response(null, { status, headers });
  const stream = createReadStream(file, { start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}
