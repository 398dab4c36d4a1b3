import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { logger } from '../core/log.ts';

/**
 * The shared Redis of several server processes (docs/decisions/0003-several-processes-with-redis.md), when
 * REDIS_URL is set: one connection for commands, one for subscriptions, every key and channel under
 * REDIS_PREFIX (several blogs may share one Redis). Without REDIS_URL nothing here connects and every user
 * of it keeps its in-process path.
 *
 * Nothing ever waits long on Redis: commands are not queued while the connection is down (they fail at
 * once), and one that gets no answer fails after COMMAND_TIMEOUT_MS; the callers then fall back to
 * their in-process path. The connections reconnect on their own. `onRedisState` tells the users when
 * the link goes down and when it is back (subscriptions renewed), so they can repair what they missed.
 */

const COMMAND_TIMEOUT_MS = 1000;
/**
 * Both connections are pinged this often: a Redis that hangs, or a network that drops without closing
 * the connection, is taken for down within a ping and its timeout (the close event alone would not say).
 */
const HEALTH_MS = 1000;

type Link = { commands: Redis; subscriber: Redis; prefix: string; health?: NodeJS.Timeout };

let link: Link | undefined;
/** Both connections ready and the channels subscribed. */
let up = false;
const handlers = new Map<string, Set<(message: string) => void>>();
const stateListeners = new Set<(up: boolean) => void>();

/** This process among those sharing the Redis (messages it published itself are not handled twice). */
export const processId = randomUUID();

/** REDIS_URL was set: the shared paths are in use (up or, for now, down). */
export const redisConfigured = (): boolean => link !== undefined;

/** The command connection when Redis answers now; null without Redis or while it is down. */
export const redisNow = (): Redis | null => (up && link ? link.commands : null);

/** A key or channel name of this blog in the shared Redis. */
export const redisKey = (name: string): string => `${link?.prefix ?? ''}${name}`;

/** `listener(true)` when the link is (back) up, `listener(false)` when it went down; returns the undo. */
export function onRedisState(listener: (up: boolean) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

function setUp(next: boolean): void {
  if (up === next) return;
  up = next;
  if (next) logger.info('redis: connected');
  else logger.warn('redis: connection lost; shared chat, limits and page invalidation wait for it');
  for (const listener of [...stateListeners]) {
    try {
      listener(next);
    } catch (err) {
      logger.error({ err }, 'redis state listener failed');
    }
  }
}

async function subscribeAll(l: Link): Promise<void> {
  const channels = [...handlers.keys()].map(redisKey);
  if (channels.length) await l.subscriber.subscribe(...channels);
}

/** Both ready: renew the subscriptions (ours, not ioredis's replay), then say the link is up. */
function checkUp(l: Link): void {
  if (l.commands.status !== 'ready' || l.subscriber.status !== 'ready') return;
  subscribeAll(l).then(
    () => {
      if (link === l && l.commands.status === 'ready' && l.subscriber.status === 'ready') setUp(true);
    },
    (err) => logger.warn({ err }, 'redis: subscribing failed'),
  );
}

function connection(Client: typeof Redis, url: string, name: string): Redis {
  return new Client(url, {
    connectionName: name,
    // RESP2: the reply shapes of the scripts and pub/sub this code was written against.
    protocol: 2,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    autoResubscribe: false,
    // Reconnect for ever, soon at first, then every two seconds.
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
}

/**
 * Connects to REDIS_URL (scale-out.ts, at a site's start). Waits for the link at most `waitMs` (the server starts
 * anyway when Redis is down, and the link comes up later on its own).
 */
export async function startRedis(url: string, prefix: string, waitMs = 3000): Promise<void> {
  if (link) return;
  // Loaded only here: a server without REDIS_URL never loads the client (start-up time, memory).
  const { Redis: Client } = await import('ioredis');
  const l: Link = {
    commands: connection(Client, url, `${prefix}cmd`),
    subscriber: connection(Client, url, `${prefix}sub`),
    prefix,
  };
  link = l;
  let quietErrors = false;
  for (const conn of [l.commands, l.subscriber]) {
    // Said once per outage: a Redis that stays down would otherwise fill the log.
    conn.on('error', (err) => {
      if (!quietErrors) logger.warn({ err: err.message }, 'redis: error');
      quietErrors = true;
    });
    conn.on('ready', () => {
      quietErrors = false;
      checkUp(l);
    });
    conn.on('close', () => {
      if (link === l) setUp(false);
    });
  }
  l.subscriber.on('message', (channel: string, message: string) => {
    for (const handler of [...(handlers.get(channel.slice(prefix.length)) ?? [])]) {
      try {
        handler(message);
      } catch (err) {
        logger.error({ err, channel }, 'redis message handler failed');
      }
    }
  });
  l.health = setInterval(() => {
    if (link !== l || l.commands.status !== 'ready' || l.subscriber.status !== 'ready') return;
    Promise.all([l.commands.ping(), l.subscriber.ping()]).then(
      () => {
        if (!up) checkUp(l);
      },
      () => {
        if (link === l) setUp(false);
      },
    );
  }, HEALTH_MS);
  l.health.unref();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const off = onRedisState((isUp) => {
      if (!isUp) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/** Closes both connections (the server's stop). */
export async function stopRedis(): Promise<void> {
  const l = link;
  if (!l) return;
  // A stop, not an outage: nobody is told, nothing is logged.
  up = false;
  link = undefined;
  clearInterval(l.health);
  await Promise.all(
    [l.commands, l.subscriber].map((conn) =>
      conn.quit().then(
        () => undefined,
        () => conn.disconnect(),
      ),
    ),
  );
}

/** Handles the messages of a channel of this blog; returns the undo. */
export function onChannel(channel: string, handler: (message: string) => void): () => void {
  let set = handlers.get(channel);
  if (!set) {
    set = new Set();
    handlers.set(channel, set);
    const l = link;
    if (up && l) l.subscriber.subscribe(redisKey(channel)).catch(() => undefined);
  }
  set.add(handler);
  return () => {
    if (!set.delete(handler) || set.size > 0 || handlers.get(channel) !== set) return;
    handlers.delete(channel);
    if (up && link) link.subscriber.unsubscribe(redisKey(channel)).catch(() => undefined);
  };
}

/** A Lua script, sent whole once per Redis and then by its digest. */
export type Script = { lua: string; sha: string };
export const script = (lua: string): Script => ({ lua, sha: createHash('sha1').update(lua).digest('hex') });

/** Runs a script atomically (nothing else runs on Redis meanwhile). */
export async function runScript(
  r: Redis,
  s: Script,
  keys: string[],
  args: (string | number)[],
): Promise<unknown> {
  try {
    return await r.evalsha(s.sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (!(err as Error).message.startsWith('NOSCRIPT')) throw err;
    return r.eval(s.lua, keys.length, ...keys, ...args);
  }
}

/** Tells every process (this one too, if it listens); false when Redis is down or did not take it. */
export async function publish(channel: string, message: string): Promise<boolean> {
  const r = redisNow();
  if (!r) return false;
  try {
    await r.publish(redisKey(channel), message);
    return true;
  } catch (err) {
    logger.warn({ err: (err as Error).message, channel }, 'redis: publish failed');
    return false;
  }
}

/**
 * Whether Redis answers a PING now (for /readyz): undefined without REDIS_URL. Never waits more than
 * the command timeout.
 */
export async function redisAnswers(): Promise<boolean | undefined> {
  const l = link;
  if (!l) return undefined;
  if (l.commands.status !== 'ready') return false;
  try {
    return (await l.commands.ping()) === 'PONG';
  } catch {
    return false;
  }
}
