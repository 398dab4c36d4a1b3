import { randomUUID } from 'node:crypto';
import type { OnlineEntry } from '../../lib/chat.ts';
import { logger } from '../core/log.ts';
import { onChannel, onRedisState, publish, redisKey, redisNow, runScript, script } from '../redis/client.ts';
import type { BusEvent, ChatBus } from './bus.ts';
import { LocalPresence } from './presence.ts';

/**
 * The chat bus of several processes sharing a Redis (docs/decisions/0003-several-processes-with-redis.md).
 * Events go to this process's hub at once and to the others by pub/sub. Presence: each process keeps its
 * own users in a hash of its own (user → entry), refreshed by a heartbeat and expiring without it, and
 * registered with the time of its last beat in one sorted set; the online list is the union of the live
 * processes' hashes, a user once however many tabs and processes. A process that dies stops beating: its
 * hash expires and the first live process to notice removes it and tells everyone the list changed.
 *
 * While Redis is down each process goes on with its own sockets: its chat and its online list are
 * its own, the others' messages wait for the link (they are not replayed); when it is back this
 * process writes its users again and everyone is told the list changed.
 */

export type RedisBusOptions = { heartbeatMs?: number };

export const REDIS_BUS_DEFAULTS = { heartbeatMs: 5000 };

/** A process is gone after this many missed beats. */
const MISSED_BEATS = 3;

/** KEYS: processes zset, own hash. ARGV: process id, ttl ms, user id, entry or ''. Other holders? */
const JOIN_OR_LEAVE = script(`
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[2])
if ARGV[4] == '' then redis.call('HDEL', KEYS[2], ARGV[3]) else redis.call('HSET', KEYS[2], ARGV[3], ARGV[4]) end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[2], ttl)
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now - ttl, '+inf')) do
  if id ~= ARGV[1] and redis.call('HEXISTS', ARGV[5] .. id, ARGV[3]) == 1 then return 0 end
end
return 1
`);

/** KEYS: processes zset. ARGV: ttl ms, hash prefix. The live processes' entries, flat. */
const ONLINE = script(`
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[1]), '+inf')) do
  for _, v in ipairs(redis.call('HVALS', ARGV[2] .. id)) do out[#out + 1] = v end
end
return out
`);

/**
 * KEYS: processes zset, own hash. ARGV: process id, ttl ms, hash prefix, entries (user, entry)….
 * Beats (rewriting the own entries when given), removes the dead processes: how many were removed.
 */
const BEAT = script(`
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[2])
if #ARGV > 3 then
  redis.call('DEL', KEYS[2])
  for i = 4, #ARGV, 2 do
    if ARGV[i + 1] ~= '' then redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
  end
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[2], ttl)
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - ttl))
for _, id in ipairs(dead) do
  redis.call('ZREM', KEYS[1], id)
  redis.call('DEL', ARGV[3] .. id)
end
return #dead
`);

type Stored = OnlineEntry & { at: number };
type Event = { from: string; event: BusEvent };

export function createRedisBus(opts: RedisBusOptions = {}): ChatBus {
  const heartbeatMs = opts.heartbeatMs ?? REDIS_BUS_DEFAULTS.heartbeatMs;
  const ttl = heartbeatMs * MISSED_BEATS;
  const id = randomUUID();
  const listeners = new Set<(event: BusEvent) => void>();
  const present = new LocalPresence<Stored>();
  const procs = redisKey('chat:procs');
  const hashPrefix = redisKey('chat:online:');
  const own = hashPrefix + id;

  const deliver = (event: BusEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const offChannel = onChannel('chat', (raw) => {
    const message = JSON.parse(raw) as Event;
    if (message.from !== id) deliver(message.event);
  });
  const share = (event: BusEvent) => publish('chat', JSON.stringify({ from: id, event } satisfies Event));

  /** A script's answer, or `fallback` when Redis is down or failed (this process's view then). */
  async function shared<T>(run: (r: NonNullable<ReturnType<typeof redisNow>>) => Promise<T>, fallback: T) {
    const r = redisNow();
    if (!r) return fallback;
    try {
      return await run(r);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'chat bus: Redis failed, this process only');
      return fallback;
    }
  }

  async function beat(rewrite: boolean): Promise<void> {
    const entries = rewrite
      ? [...present.users].flatMap(([user, p]) => [String(user), JSON.stringify(p.entry)])
      : [];
    // A rewrite of nobody still empties the hash: one extra pair that no user id can be.
    const args = rewrite && entries.length === 0 ? ['0', ''] : entries;
    const removed = await shared((r) => runScript(r, BEAT, [procs, own], [id, ttl, hashPrefix, ...args]), 0);
    if (rewrite || Number(removed) > 0) {
      deliver({ kind: 'presence' });
      await share({ kind: 'presence' });
    }
  }
  const timer = setInterval(() => void beat(false), heartbeatMs);
  timer.unref();
  // Back after an outage: Redis may have lost our entries (or expired them meanwhile).
  const offState = onRedisState((up) => {
    if (up) void beat(true);
  });

  const holdsElsewhere = (userId: number, entry: string) =>
    shared(
      async (r) =>
        Number(await runScript(r, JOIN_OR_LEAVE, [procs, own], [id, ttl, userId, entry, hashPrefix])) === 1,
      true,
    );

  return {
    async publish(event) {
      deliver(event);
      await share(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async join(connectionId, entry) {
      const stored: Stored = { ...entry, at: Date.now() };
      if (!present.join(connectionId, stored, (kept) => ({ ...entry, at: kept.at }))) return false;
      return holdsElsewhere(entry.user_id, JSON.stringify(stored));
    },
    async leave(connectionId, userId) {
      if (!present.leave(connectionId, userId)) return false;
      return holdsElsewhere(userId, '');
    },
    async online() {
      const mine = present.entries().map((e) => JSON.stringify(e));
      const raw = (await shared((r) => runScript(r, ONLINE, [procs], [ttl, hashPrefix]), mine)) as string[];
      const byUser = new Map<number, Stored>();
      for (const entry of raw.map((v) => JSON.parse(v) as Stored)) {
        const known = byUser.get(entry.user_id);
        if (!known || entry.at < known.at) byUser.set(entry.user_id, entry);
      }
      return [...byUser.values()]
        .sort((a, b) => a.at - b.at)
        .map(({ user_id, nick_name, avatar }) => ({ user_id, nick_name, avatar }));
    },
    async close() {
      clearInterval(timer);
      offState();
      offChannel();
      listeners.clear();
      const had = present.users.size > 0;
      present.users.clear();
      await shared(async (r) => {
        await r.multi().zrem(procs, id).del(own).exec();
      }, undefined);
      if (had) await share({ kind: 'presence' });
    },
  };
}
