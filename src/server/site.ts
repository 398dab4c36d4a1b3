import { type SiteOrigins, siteOrigins } from '../lib/site-origin.ts';
import { config, parseEnv } from './config.ts';

/**
 * The site's public origin (SITE_URL, or where the server listens) for every absolute URL a page,
 * feed or QR code carries: never the request's Host. Resolved from the config on first use; the
 * server calls resolveSite with the port it actually bound (PORT=0) once it listens.
 */
let current: SiteOrigins | undefined;

export function resolveSite(port?: number): SiteOrigins {
  // Before initConfig (unit tests of one module), the defaults.
  const c = config ?? parseEnv({});
  current = siteOrigins({ siteUrl: c.siteUrl, aliases: c.siteAliases, host: c.host, port: port ?? c.port });
  return current;
}

export function site(): SiteOrigins {
  return current ?? resolveSite();
}

/** An absolute URL on the site: `siteUrl('/rss.xml')` → `https://blog.example/rss.xml`. */
export function siteUrl(path = '/'): string {
  return new URL(path, site().origin).href;
}
