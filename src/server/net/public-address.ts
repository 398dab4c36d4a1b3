import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses the server may send a request to on someone else's word (a friend link's site):
 * public ones only, never the server itself, its network or the cloud's metadata service.
 * Ranges from IANA's special-purpose registries; one list per family, because a BlockList checks an
 * IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d).
 */
const V4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598), Alibaba Cloud's metadata 100.100.100.200 too
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, the broadcast address
] as const)
  V4.addSubnet(net, bits, 'ipv4');

const V6 = new BlockList();
for (const [net, bits] of [
  // Public unicast is 2000::/3. Outside it: ::, ::1, IPv4-mapped and -compatible addresses, NAT64
  // 64:ff9b::/96, discard 100::/64, unique local fc00::/7 (fd00:ec2::254 is a metadata address),
  // link-local fe80::/10, multicast ff00::/8.
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  // Inside it: IETF protocol assignments (Teredo carries an IPv4 address), documentation, 6to4.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const)
  V6.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IP address) is a public one; anything else (a name, a zone id) is not. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !V4.check(address, 'ipv4');
  if (family === 6 && !address.includes('%')) return !V6.check(address, 'ipv6');
  return false;
}

/** Rejects when `signal` aborts first (a lookup cannot be cancelled, only stopped being waited for). */
function until<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    ),
  ]);
}

/**
 * The addresses a URL's host (as `URL.hostname`: an IPv6 literal in brackets) stands for: an IP
 * literal as it is, a name resolved once (dns.lookup, every address). Null when the name does not
 * resolve or any of its addresses is not public (unless `allowPrivate`, the tests' local servers).
 */
export async function siteAddresses(
  hostname: string,
  opts: { allowPrivate?: boolean; signal?: AbortSignal } = {},
): Promise<LookupAddress[] | null> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await until(
        new Promise<LookupAddress[]>((resolve, reject) =>
          dnsLookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
        ),
        opts.signal,
      ).catch(() => []);
  if (addresses.length === 0) return null;
  if (!opts.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) return null;
  return addresses;
}

/**
 * A connection's lookup that answers with addresses already checked (siteAddresses), so the request
 * goes where the check looked: a second DNS answer cannot point it elsewhere.
 */
export const pinnedLookup =
  (addresses: LookupAddress[]): LookupFunction =>
  (_host, opts, callback) => {
    if (opts.all) return callback(null, addresses);
    const one = addresses.find((a) => !opts.family || a.family === opts.family) ?? addresses[0];
    callback(null, one.address, one.family);
  };
