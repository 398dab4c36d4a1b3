import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import type { SiteOrigins } from '../lib/site-origin.ts';
import { THEME_BOOTSTRAP } from '../lib/theme-bootstrap.ts';
import { firstForwarded } from './net/forwarded.ts';
import { site } from './site.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Our own client directives (client:interaction) as Astro inlined them, written beside the server
 * build by src/server/build/client-directives.mjs; none without a build (tests of the API alone).
 */
function ownDirectives(): string[] {
  try {
    return JSON.parse(
      readFileSync(new URL('../../dist/server/client-directives.json', import.meta.url), 'utf8'),
    ) as string[];
  } catch {
    return [];
  }
}

/**
 * The only inline scripts a page may run: our theme bootstrap, Astro's island loaders (fixed texts
 * shipped with Astro) and our own directives. Anything else inline, such as injected markup, is
 * refused by the browser.
 */
export const INLINE_SCRIPT_HASHES = [
  THEME_BOOTSTRAP,
  islandScript,
  idle,
  load,
  media,
  only,
  visible,
  ...ownDirectives(),
].map(sha256);

/** The policy, with WebSockets allowed only to the site's own hosts (the chat on /ws). */
export function contentSecurityPolicy(own: SiteOrigins): string {
  // CSP has no syntax for IPv6 literals ([::1]): those are covered by 'self' alone.
  const sockets = [...own.hosts]
    .filter((h) => !h.startsWith('['))
    .flatMap((h) => [`ws://${h}`, `wss://${h}`])
    .join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`,
    // Astro inlines small stylesheets and islands set style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Friend-link avatars and, with MUSIC_API_URL, covers and songs come from other https hosts.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${sockets}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}

type HeaderPairs = readonly (readonly [string, string])[];

/** The names of the headers securityHeaders sets (the page cache sets them itself). */
export const SECURITY_HEADER_NAMES = [
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'X-Frame-Options',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
] as const;

let built: { for: SiteOrigins; pairs: HeaderPairs } | undefined;

/**
 * Headers every response carries, as [name, value] pairs (also prepared into cached pages); built
 * once per resolved site (the policy names its hosts).
 */
export function securityHeaders(): HeaderPairs {
  const own = site();
  if (built?.for !== own) {
    const values = [
      contentSecurityPolicy(own),
      'nosniff',
      'strict-origin-when-cross-origin',
      'SAMEORIGIN',
      'camera=(), microphone=(), geolocation=()',
      // No window of another site keeps a handle on ours (window.opener tricks, XS-Leaks).
      'same-origin',
    ];
    built = { for: own, pairs: SECURITY_HEADER_NAMES.map((name, i) => [name, values[i]] as const) };
  }
  return built.pairs;
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** HSTS only when a TLS proxy in front (trusted) says the request was https. */
export function wantsHsts(req: IncomingMessage, trustProxy: boolean): boolean {
  return trustProxy && firstForwarded(req.headers['x-forwarded-proto']) === 'https';
}

export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): void {
  for (const [name, value] of securityHeaders()) res.setHeader(name, value);
  if (wantsHsts(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
}
