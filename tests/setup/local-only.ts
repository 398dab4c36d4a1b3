import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import { isIP } from 'node:net';

/**
 * Tests send traffic only to 127.0.0.1. A test that reaches code which would call out by name (the
 * friend-link check on a seeded demo link, say) gets "not found" here instead of a DNS query and a
 * request to the real site. Only localhost names and IP literals (numeric shorthands too) resolve.
 */
const LOCAL_NAME = /^(localhost|.+\.localhost)$/i;
/** The IPv4 shorthands getaddrinfo reads as numbers without DNS (inet_aton): 127.1, 0x7f000001, 2130706433. */
const IPV4_NUMBER = /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){0,3}$/i;
/** An IP literal (listen and connect pass them to lookup too: answered without DNS) or a localhost name. */
const local = (hostname: string) =>
  isIP(hostname) !== 0 || LOCAL_NAME.test(hostname) || IPV4_NUMBER.test(hostname);

type Callback = (err: NodeJS.ErrnoException | null, ...rest: unknown[]) => void;
const real = dns.lookup;
const notFound = (hostname: string) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests stay on 127.0.0.1)`), {
    code: 'ENOTFOUND',
    hostname,
  });

dns.lookup = ((hostname: string, options: unknown, callback?: Callback) => {
  if (local(hostname)) return (real as (...a: unknown[]) => void)(hostname, options, callback);
  const cb = (typeof options === 'function' ? options : callback) as Callback;
  process.nextTick(cb, notFound(hostname));
}) as typeof dns.lookup;

const realPromise = dns.promises.lookup;
dns.promises.lookup = ((hostname: string, options?: unknown) =>
  local(hostname)
    ? (realPromise as (...a: unknown[]) => Promise<unknown>)(hostname, options)
    : Promise.reject(notFound(hostname))) as typeof dns.promises.lookup;

// Named imports of node:dns (`import { lookup } from 'node:dns'`) see the change too.
syncBuiltinESMExports();
