import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { proxiedAddress } from './forwarded.ts';

/**
 * Per-address caps and HTTP timeouts, so that one address cannot hold every socket of the server
 * (slow headers, thousands of idle WebSockets) and lock everyone else out.
 */

/** Counts open things per key and refuses the one over the cap; 0 means no cap. */
export class AddressCounter {
  private readonly open = new Map<string, number>();
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  /** Takes one slot for `key`; false (and nothing taken) when the key is at the cap. */
  acquire(key: string): boolean {
    const n = this.open.get(key) ?? 0;
    if (this.max > 0 && n >= this.max) return false;
    this.open.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = this.open.get(key) ?? 0;
    // The map only holds keys with something open, so it never grows with past visitors.
    if (n <= 1) this.open.delete(key);
    else this.open.set(key, n - 1);
  }

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

/** Expands an IPv6 address to its 8 groups (no zone), or undefined when it is not one. */
function ipv6Groups(ip: string): string[] | undefined {
  const parts = ip.split('::');
  if (parts.length > 2) return undefined;
  const side = (s: string) => (s ? s.split(':') : []);
  const head = side(parts[0] ?? '');
  const tail = side(parts[1] ?? '');
  const missing = 8 - head.length - tail.length;
  if (parts.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(parts.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The key an address is counted under. IPv4 (also when mapped into IPv6) is itself; an IPv6
 * address counts under its /64, since one subscriber is usually given a whole /64 and could
 * otherwise use a fresh address for every connection. Anything else is taken as it is.
 */
export function addressKey(address: string | undefined): string {
  let ip = (address ?? '').trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  ip = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/** The client a request or upgrade comes from: the forwarded address behind a trusted proxy. */
export function requestAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? proxiedAddress(headerText(req.headers['x-forwarded-for'])) : undefined;
  return addressKey(forwarded ?? req.socket.remoteAddress);
}

const headerText = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);

export type CapSettings = {
  /** Open HTTP connections per address (in-flight requests per forwarded address behind a proxy). */
  maxConnectionsPerIp: number;
  /** Open WebSockets per address. */
  maxWebSocketsPerIp: number;
  /** Time allowed for a request's headers to arrive. */
  headersTimeoutMs: number;
  trustProxy: boolean;
};

/** Receiving a whole request (headers and body): the console's 20 MB upload still fits at about 70 KB/s. */
export const REQUEST_TIMEOUT_MS = 300_000;
/**
 * An idle keep-alive connection is closed after this (it still counts against the cap). Longer than
 * any proxy in front keeps an idle upstream connection (deploy/nginx.conf: 60 s, nginx's default), so
 * the proxy always closes first: a server closing first can meet a request the proxy just sent on
 * that connection, and nginx answers a POST on it 502 without retrying
 * (tests/unit/keep-alive.test.ts).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/**
 * Options for http.createServer. requestTimeout only covers receiving the request: once it has
 * arrived, the answer (a long audio stream from /wapi/stream) may take as long as it needs. Node
 * checks these timeouts every connectionsCheckingInterval (30 s by default), which would stretch
 * a short header timeout, so the check runs a few times per header timeout.
 */
export function serverOptions(s: Pick<CapSettings, 'headersTimeoutMs'>): http.ServerOptions {
  return {
    headersTimeout: s.headersTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, s.headersTimeoutMs),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(s.headersTimeoutMs / 4))),
  };
}

const TOO_MANY_MESSAGE = '同一地址的连接太多，请稍后再试';
const TOO_MANY_BODY = JSON.stringify({ code: 429, message: TOO_MANY_MESSAGE, result: null });
const TOO_MANY_RAW =
  'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Retry-After: 1\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_BODY)}\r\n\r\n${TOO_MANY_BODY}`;

/** Answers a connection over the cap with a fixed 429 and drops it, reading nothing from it. */
function refuseSocket(socket: Duplex): void {
  socket.pause();
  socket.end(TOO_MANY_RAW, () => socket.destroy());
}

export type Caps = {
  /** Counts the server's connections per address (not behind a proxy: there all come from it). */
  attach(server: http.Server): void;
  /** Behind a proxy: answers 429 and returns true for a forwarded address over its in-flight cap. */
  refuseRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Takes a WebSocket slot for the upgrade's address; false means refuse it. Freed when it closes. */
  admitSocket(req: IncomingMessage, socket: Duplex): boolean;
};

export function createCaps(s: CapSettings): Caps {
  const connections = new AddressCounter(s.maxConnectionsPerIp);
  const requests = new AddressCounter(s.maxConnectionsPerIp);
  const sockets = new AddressCounter(s.maxWebSocketsPerIp);
  return {
    attach(server) {
      if (s.trustProxy || s.maxConnectionsPerIp <= 0) return;
      server.on('connection', (socket: Socket) => {
        const key = addressKey(socket.remoteAddress);
        if (!connections.acquire(key)) return refuseSocket(socket);
        socket.once('close', () => connections.release(key));
      });
    },
    refuseRequest(req, res) {
      if (!s.trustProxy || s.maxConnectionsPerIp <= 0) return false;
      const key = requestAddress(req, true);
      if (!requests.acquire(key)) {
        res.writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': '1',
          'content-length': Buffer.byteLength(TOO_MANY_BODY),
        });
        res.end(TOO_MANY_BODY);
        return true;
      }
      // 'close' comes once the answer is sent or the client went away, whichever is first.
      res.once('close', () => requests.release(key));
      return false;
    },
    admitSocket(req, socket) {
      const key = requestAddress(req, s.trustProxy);
      if (!sockets.acquire(key)) return false;
      socket.once('close', () => sockets.release(key));
      return true;
    },
  };
}
