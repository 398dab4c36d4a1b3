/**
 * The site's own origin and the host names it answers to. Astro (and Hono) build the request URL
 * from the `Host` header, so a request naming another host must never reach a renderer: its links
 * would point elsewhere and its page would be cached for everyone (docs/decisions/0015-site-origin.md).
 */

export type SiteOrigins = {
  /** The public origin every absolute URL is built from, e.g. `https://blog.example`. */
  origin: string;
  /** Accepted `Host` values, normalised by normaliseHost. */
  hosts: ReadonlySet<string>;
  /** The host requests are rewritten to before anything renders (the origin's own). */
  canonicalHost: string;
};

export type SiteSettings = {
  siteUrl?: string;
  aliases: readonly string[];
  host: string;
  port: number;
};

const HOST_PORT =
  /^(?:[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A `Host` value as a plain host[:port], lower case, without a trailing dot or a default port
 * (80/443); null when it is anything else (`a@b`, a path, spaces, an empty value).
 */
export function normaliseHost(value: string | undefined): string | null {
  if (!value || value.length > 300 || !HOST_PORT.test(value)) return null;
  let host = value.toLowerCase();
  const port = /:(\d+)$/.exec(host);
  if (port && !host.endsWith(']')) {
    if (Number(port[1]) > 65535) return null;
    if (port[1] === '80' || port[1] === '443') host = host.slice(0, port.index);
  }
  return host.replace(/\.(?=:\d+$|$)/, '');
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '']);
const isLoopback = (h: string) => h === 'localhost' || h === '::1' || h === '[::1]' || /^127\./.test(h);

/** `[::1]` for an IPv6 literal, the name itself otherwise. */
const bracket = (h: string) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);

/**
 * The origin and accepted hosts. With SITE_URL: its origin, plus SITE_ALIASES. Without: the address
 * the server listens on (127.0.0.1 for a wildcard HOST), and, since that is a loopback address, the
 * loopback names with the same port too, so opening http://localhost:PORT works.
 */
export function siteOrigins(s: SiteSettings): SiteOrigins {
  const hosts = new Set<string>();
  const add = (h: string) => {
    const n = normaliseHost(h);
    if (n) hosts.add(n);
  };
  let origin: string;
  if (s.siteUrl) {
    const url = new URL(s.siteUrl);
    origin = url.origin;
    add(url.host);
  } else {
    const listen = WILDCARD.has(s.host) ? '127.0.0.1' : s.host;
    origin = `http://${bracket(listen)}:${s.port}`;
    add(`${bracket(listen)}:${s.port}`);
    if (isLoopback(listen) || WILDCARD.has(s.host))
      for (const name of ['localhost', '127.0.0.1', '[::1]']) add(`${name}:${s.port}`);
  }
  for (const alias of s.aliases) add(alias);
  return { origin, hosts, canonicalHost: new URL(origin).host };
}

/**
 * Whether a `Host` value (or an origin's host) is one of the site's. Every request asks this, and
 * nearly all send a host already in its normal form: that costs one lookup, the rest are normalised.
 */
export function isOwnHost(value: string | undefined, site: SiteOrigins): boolean {
  if (value === undefined) return false;
  // The accepted hosts are normaliseHost's results, which it leaves as they are.
  if (site.hosts.has(value)) return true;
  const host = normaliseHost(value);
  return host !== null && site.hosts.has(host);
}

/** Whether a browser Origin (`http(s)://host[:port]`) is one of the site's own. */
export function isOwnOrigin(origin: string, site: SiteOrigins): boolean {
  const url = URL.parse(origin); // null for "null" (sandboxed frames, file://) and garbage
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  return isOwnHost(url.host, site);
}
