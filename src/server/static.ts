import { createReadStream, realpathSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.webmanifest': 'application/manifest+json',
};

export const contentType = (file: string) =>
  TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file under `root` that a URL path names, or null when it does not exist or would leave root
 * (`..`, encoded slashes and NUL bytes by the prefix check; symlinks out of root by the real-path check).
 */
export function resolveInside(root: string, urlPath: string): { file: string; stat: Stats } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!file.startsWith(base + path.sep)) return null;
  try {
    // A symlink inside root may point anywhere: the real path must still be inside root's real path.
    const real = realpathSync(file);
    if (!real.startsWith(realpathSync(base) + path.sep)) return null;
    const stat = statSync(real);
    return stat.isFile() ? { file: real, stat } : null;
  } catch {
    return null;
  }
}

type ServeOptions = {
  cacheControl: string;
  headers?: Record<string, string>;
  /** A precompressed twin to send instead (same content, Content-Encoding set). */
  encoded?: { file: string; stat: Stats; encoding: 'br' | 'gzip' };
};

/** Streams a file with type, length, ETag/304 and HEAD support. */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  found: { file: string; stat: Stats },
  opts: ServeOptions,
): void {
  const { file } = found;
  const stat = opts.encoded?.stat ?? found.stat;
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${opts.encoded ? `-${opts.encoded.encoding}` : ''}"`;
  res.setHeader('Content-Type', contentType(file));
  if (opts.encoded) {
    res.setHeader('Content-Encoding', opts.encoded.encoding);
    res.setHeader('Vary', 'Accept-Encoding');
  }
  res.setHeader('Cache-Control', opts.cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [k, v] of Object.entries(opts.headers ?? {})) res.setHeader(k, v);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', stat.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(opts.encoded?.file ?? file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * Serves a file of the client build: hashed /_astro/ files are immutable, the rest cached an hour;
 * the build's .br/.gz twins are sent when the browser accepts them.
 */
export function serveAsset(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  pathname: string,
  available: Set<string> | Map<string, string>,
  encoding: 'br' | 'gzip' | undefined,
): boolean {
  const found = resolveInside(root, pathname);
  if (!found) return false;
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
  const twin = suffix && available.has(pathname + suffix) ? resolveInside(root, pathname + suffix) : null;
  sendFile(req, res, found, {
    cacheControl: pathname.startsWith('/_astro/')
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600',
    encoded: twin && encoding ? { ...twin, encoding } : undefined,
  });
  return true;
}
