import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { type ClientFrame, type OnlineEntry, parseFrame, type ServerFrame } from '../../lib/chat.ts';
import { hasNul, NUL_MESSAGE } from '../../lib/nul.ts';
import { isOwnOrigin } from '../../lib/site-origin.ts';
import { wireJson } from '../../lib/wire-date.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../core/db-unavailable.ts';
import { DomainError } from '../core/errors.ts';
import { logger } from '../core/log.ts';
import { MSG } from '../core/messages.ts';
import { RateLimiter } from '../core/rate-limit.ts';
import { type AuthUser, isAdmin, readToken, userFromToken } from '../services/auth.ts';
import { addMessage, checkContent, deleteMessage } from '../services/chat.ts';
import { site } from '../site.ts';
import { type ChatBus, createBus } from './bus.ts';

export type HubOptions = {
  /** Fan-out and presence; unless given, the in-process bus (or the Redis one with REDIS_URL). */
  bus?: ChatBus;
  /** Ping period; a socket that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** A socket whose unsent data passes this many bytes cannot keep up and is closed. */
  maxBufferedBytes?: number;
  /** Messages per user and window. */
  rate?: { max: number; windowMs: number };
  /** The per-address cap (src/server/net/caps.ts): false refuses the upgrade with 429. */
  admit?: (req: IncomingMessage, socket: Duplex) => boolean;
};

export const HUB_DEFAULTS = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  rate: { max: 5, windowMs: 5_000 },
};

/** The heartbeat period is worked through in this many steps. */
const HEARTBEAT_SLICES = 10;

/** A whole, uncompressed text frame (ws.send's options). */
const TEXT = { binary: false, compress: false, fin: true } as const;

/** Frames are small JSON objects; a 555-character message is under 3 KB. */
const MAX_FRAME_BYTES = 16 * 1024;

export type ChatHub = {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sends a frame to every joined socket of every process (used by the chat API). */
  publish(frame: ServerFrame): Promise<void>;
  /** Who is online, one entry per user (the chat API's admin list). */
  online(): Promise<OnlineEntry[]>;
  /** Forces a user off on every process (the chat API's force offline, a disabled account). */
  kick(userId: number): Promise<void>;
  /** Open sockets on this process. */
  size(): number;
  close(): Promise<void>;
};

type Conn = {
  id: string;
  ws: WebSocket;
  /** The Host of the handshake: the site's own host, for absolute image URLs. */
  host: string;
  token: string | null;
  user: AuthUser | null;
  /** Sent `init`: receives broadcasts from now on. */
  joined: boolean;
  /** Presence entry added to the bus for this socket. */
  present: boolean;
  alive: boolean;
  /** Which step of the heartbeat period pings this socket. */
  slot: number;
  closed: boolean;
  /** Frames of one socket are handled one after another (init before the first message). */
  queue: Promise<void>;
};

export function refuseUpgrade(socket: Duplex, status = 404, text = 'Not Found'): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The handshake's Origin must be one of the site's own (SITE_URL's host, SITE_ALIASES, and the
 * loopback names when SITE_URL is unset; http or https), never merely the request's own Host, which
 * the client chooses. So another site's page cannot open the chat with a visitor's browser. No
 * Origin at all means no browser (browsers always send it on WebSocket handshakes): such a client is
 * let in and still has to present a token to speak, exactly like the HTTP API.
 */
export function originAllowed(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return isOwnOrigin(origin, site());
}

const onlineEntry = (u: AuthUser): OnlineEntry => ({
  user_id: u.id,
  nick_name: u.nick_name,
  avatar: u.avatar,
});

export function createChatHub(opts: HubOptions = {}): ChatHub {
  const bus = opts.bus ?? createBus();
  const ownsBus = !opts.bus;
  const heartbeatMs = opts.heartbeatMs ?? HUB_DEFAULTS.heartbeatMs;
  const maxBuffered = opts.maxBufferedBytes ?? HUB_DEFAULTS.maxBufferedBytes;
  const rate = opts.rate ?? HUB_DEFAULTS.rate;
  // Per user and process, in memory even with REDIS_URL (a frame never waits on Redis): a user with
  // sockets on two processes has the budget on each.
  const limiter = new RateLimiter(rate.max, rate.windowMs);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const conns = new Set<Conn>();
  let connected = 0;
  let closing = false;

  /**
   * A broadcast's JSON is encoded to UTF-8 once and the same Buffer handed to every socket: ws sends
   * a Buffer with `binary: false` as a text frame without copying or re-encoding it (no masking on
   * the server side, no permessage-deflate here), so each socket costs only ws's own 2–10 byte
   * header and one corked write. Only ws's public API is used, so a minor ws update cannot break it.
   */
  function sendRaw(conn: Conn, payload: Buffer): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount + payload.length > maxBuffered) {
      // A reader this far behind would make the server hold ever more memory for it.
      logger.warn({ buffered: conn.ws.bufferedAmount }, 'chat socket too slow, closed');
      conn.ws.terminate();
      return;
    }
    conn.ws.send(payload, TEXT);
  }
  // Frames go through the API's date serializer: a message's createdAt is a wire date too.
  const encode = (frame: ServerFrame) => Buffer.from(wireJson(frame));
  const send = (conn: Conn, frame: ServerFrame) => sendRaw(conn, encode(frame));
  const fail = (conn: Conn, content: string) => send(conn, { type: 'error', content });

  function broadcastLocal(frame: ServerFrame): void {
    const data = encode(frame);
    for (const conn of conns) if (conn.joined) sendRaw(conn, data);
  }

  const unsubscribe = bus.subscribe((event) => {
    if (event.kind === 'frame') broadcastLocal(event.frame);
    else if (event.kind === 'presence') {
      bus.online().then(
        (list) => broadcastLocal({ type: 'onlineList', list }),
        (err) => logger.error({ err }, 'chat presence failed'),
      );
    } else if (event.kind === 'kick') {
      for (const conn of conns) {
        if (conn.user?.id !== event.user_id) continue;
        send(conn, { type: 'offline' });
        conn.ws.close(4001, 'offline');
      }
    }
  });

  async function leave(conn: Conn): Promise<void> {
    if (!conn.present || !conn.user) return;
    conn.present = false;
    if (await bus.leave(conn.id, conn.user.id)) await bus.publish({ kind: 'presence' });
  }

  /**
   * The socket's user, checked again against the database: logout, a password change or disabling
   * ends it, and the refusal says which (the HTTP API's messages).
   */
  async function requireSpeaker(conn: Conn): Promise<AuthUser | null> {
    if (!conn.token) {
      fail(conn, '请先登录');
      return null;
    }
    const { user, disabled } = await readToken(conn.token);
    if (!user) {
      await leave(conn);
      conn.user = null;
      fail(conn, disabled ? MSG.accountDisabled : '登录过期，请重新登录');
      return null;
    }
    conn.user = user;
    return user;
  }

  async function init(conn: Conn, token: unknown): Promise<void> {
    const given = typeof token === 'string' && token.length < 4096 ? token : null;
    const user = given ? await userFromToken(given) : null;
    if (conn.closed) return;
    if (conn.user && conn.user.id !== user?.id) await leave(conn);
    conn.token = given;
    conn.joined = true;
    if (!user) {
      conn.user = null;
      send(conn, { type: 'onlineList', list: await bus.online() });
      return;
    }
    conn.user = user;
    if (conn.present) {
      send(conn, { type: 'onlineList', list: await bus.online() });
      return;
    }
    conn.present = true;
    const first = await bus.join(conn.id, onlineEntry(user));
    if (first) {
      await bus.publish({
        kind: 'frame',
        frame: { type: 'tips', content: `欢迎 ${user.nick_name} 加入聊天室` },
      });
      await bus.publish({ kind: 'presence' });
    } else {
      send(conn, { type: 'onlineList', list: await bus.online() });
    }
  }

  async function handle(conn: Conn, frame: (ClientFrame & Record<string, unknown>) | null): Promise<void> {
    if (!frame) return fail(conn, '消息格式错误');
    // A NUL would 500 on PostgreSQL; the same refusal as the HTTP API's.
    if (hasNul(frame)) return fail(conn, NUL_MESSAGE);
    if (frame.type === 'init') return init(conn, frame.token);
    if (!conn.joined) return fail(conn, '请先连接聊天室');
    switch (frame.type) {
      case 'message': {
        const user = await requireSpeaker(conn);
        if (!user) return;
        const checked = checkContent(frame.content, frame.content_type, conn.host);
        if (!checked.ok) return fail(conn, checked.error);
        // Only messages that would be stored count against the budget.
        const wait = limiter.take(String(user.id));
        if (wait) return fail(conn, `发送太频繁了，请${Math.ceil(wait)}秒后再试`);
        const message = await addMessage(user.id, checked.content, checked.content_type);
        await bus.publish({ kind: 'frame', frame: { type: 'message', ...message } });
        return;
      }
      case 'revert': {
        const user = await requireSpeaker(conn);
        if (!user) return;
        const id = Number(frame.message_id);
        if (!Number.isSafeInteger(id) || id <= 0) return fail(conn, MSG.chatMessage);
        try {
          await deleteMessage(user, id);
        } catch (err) {
          // Missing or someone else's: the frame's error carries the service's message.
          if (err instanceof DomainError) return fail(conn, err.message);
          throw err;
        }
        await bus.publish({ kind: 'frame', frame: { type: 'revert', message_id: id } });
        return;
      }
      case 'offline': {
        const user = await requireSpeaker(conn);
        if (!user) return;
        if (!isAdmin(user)) return fail(conn, MSG.forbidden);
        const target = Number(frame.user_id);
        if (!Number.isSafeInteger(target) || target <= 0) return fail(conn, MSG.user);
        if (target === user.id) return fail(conn, '不能强制下线自己');
        await bus.publish({ kind: 'kick', user_id: target });
        return;
      }
      default:
        return fail(conn, '未知的消息类型');
    }
  }

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const conn: Conn = {
      id: randomUUID(),
      ws,
      host: String(req.headers.host ?? ''),
      token: null,
      user: null,
      joined: false,
      present: false,
      alive: true,
      slot: connected++ % HEARTBEAT_SLICES,
      closed: false,
      queue: Promise.resolve(),
    };
    conns.add(conn);
    const enqueue = (task: () => Promise<void>) => {
      conn.queue = conn.queue.then(task).catch((err) => {
        // The database away (docs/decisions/0006-database-outage.md): the sender is told so, the socket
        // stays open for later.
        if (isDatabaseUnavailable(err)) return fail(conn, DATABASE_UNAVAILABLE);
        logger.error({ err }, 'chat frame failed');
        fail(conn, '服务端错误');
      });
    };
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const frame = isBinary ? null : parseFrame<ClientFrame & Record<string, unknown>>(data.toString());
      enqueue(() => handle(conn, frame));
    });
    ws.on('error', (err) => logger.debug({ err }, 'chat socket error'));
    ws.on('close', () => {
      conn.closed = true;
      conns.delete(conn);
      enqueue(() => leave(conn));
    });
  }

  // Each socket is pinged once per period, the sockets spread over slices of it, so thousands of
  // sockets never mean thousands of pings (and pongs) at the same instant.
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = tick++ % HEARTBEAT_SLICES;
    for (const conn of conns) {
      if (conn.slot !== slice) continue;
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();

  return {
    handleUpgrade(req, socket, head) {
      if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
      if (!originAllowed(req)) return refuseUpgrade(socket, 403, 'Forbidden');
      if (opts.admit && !opts.admit(req, socket)) return refuseUpgrade(socket, 429, 'Too Many Requests');
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
    },
    publish: (frame) => bus.publish({ kind: 'frame', frame }),
    online: () => bus.online(),
    kick: (userId) => bus.publish({ kind: 'kick', user_id: userId }),
    size: () => conns.size,
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      unsubscribe();
      const open = [...conns];
      const closed = Promise.all(
        open.map((c) => new Promise<void>((resolve) => (c.closed ? resolve() : c.ws.once('close', resolve)))),
      );
      for (const c of open) c.ws.close(1001, 'server shutting down');
      // A peer that does not answer the close handshake is cut off after a second.
      const timer = setTimeout(() => {
        for (const c of open) c.ws.terminate();
      }, 1000);
      await closed;
      clearTimeout(timer);
      await Promise.all(open.map((c) => c.queue));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (ownsBus) await bus.close();
    },
  };
}
