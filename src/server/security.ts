import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { THEME_BOOTSTRAP } from '../lib/theme-bootstrap.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The only inline scripts a page may run: our theme bootstrap and Astro's island loaders (fixed texts
 * shipped with Astro). Anything else inline, such as injected markup, is refused by the browser.
 */
export const INLINE_SCRIPT_HASHES = [THEME_BOOTSTRAP, islandScript, idle, load, media, only, visible].map(
  sha256,
);

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`,
  // Astro inlines small stylesheets and islands set style attributes.
  "style-src 'self' 'unsafe-inline'",
  // Friend-link avatars and, with MUSIC_API_URL, covers and songs come from other https hosts.
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/** Headers every response carries, as [name, value] pairs (also prepared into cached pages). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

export const HSTS = 'max-age=31536000; includeSubDomains';

/** HSTS only when a TLS proxy in front (trusted) says the request was https. */
export function wantsHsts(req: IncomingMessage, trustProxy: boolean): boolean {
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  return proto !== undefined && String(proto).split(',')[0].trim() === 'https';
}

export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (wantsHsts(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
}
