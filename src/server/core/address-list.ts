import { BlockList, isIP } from 'node:net';

/**
 * The owner's blocked address list (`blocked_ips`, one address or CIDR range a line, IPv4 or IPv6):
 * a comment or guestbook message from one of them is refused outright (docs/owner-guide.md#评论审核).
 * Node's own BlockList does the range arithmetic, both families.
 */

/** One line as [address, prefix length, family], or null when it is neither an address nor a range. */
function parseLine(line: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address, prefix, extra] = line.split('/');
  if (extra !== undefined) return null;
  const family = isIP(address);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  const bits = prefix === undefined ? max : Number(prefix);
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  return [address, bits, family === 4 ? 'ipv4' : 'ipv6'];
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The first bad line of a list, as a message for the settings form; null when every line is good. */
export function addressListError(text: string): string | null {
  const all = lines(text);
  for (let i = 0; i < all.length; i++)
    if (!parseLine(all[i])) return `屏蔽地址第${i + 1}行「${all[i].slice(0, 50)}」不是 IP 地址或网段`;
  return null;
}

/** An IPv4 address a dual-stack socket reports as ::ffff:a.b.c.d is matched as the IPv4 one. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** Whether the address is in the list (a bad line, which the settings refuse, is skipped). */
export function addressBlocked(address: string, text: string): boolean {
  if (!text.trim()) return false;
  const ip = plain(address);
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const line of lines(text)) {
    const parsed = parseLine(line);
    if (parsed) list.addSubnet(parsed[0], parsed[1], parsed[2]);
  }
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
