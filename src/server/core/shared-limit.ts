import { redisKey, redisNow, runScript, script } from '../redis/client.ts';
import { logger } from './log.ts';
import { RateLimiter, takeAll } from './rate-limit.ts';

/**
 * A rate limit shared by every process of the blog when REDIS_URL is set
 * (docs/decisions/0003-several-processes-with-redis.md): the same fixed window as RateLimiter, kept in
 * Redis under the limit's name, checked and counted by one script (atomic: a burst spread over several
 * processes gets no more than the limit). Without Redis, and while Redis is down or slow to answer, it is
 * the in-process RateLimiter, called exactly as before (a plain number, no promise): the single-process
 * path costs what it always did.
 */

/** KEYS: the counters; ARGV: max and window (ms) of each. All or nothing; answers the wait in ms. */
const TAKE = script(`
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl <= 0 then
      redis.call('PEXPIRE', key, ARGV[2 * i])
      ttl = tonumber(ARGV[2 * i])
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 0
`);

const REFUND = script(`
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`);

let warned = false;
/** Redis failed mid-call: this call is decided in-process (said once until Redis works again). */
function fellBack(err: unknown): void {
  if (!warned)
    logger.warn({ err: (err as Error).message }, 'shared limits: Redis failed, limiting in-process');
  warned = true;
}

export class SharedLimiter {
  /** The in-process limiter: the whole limit without Redis, the fallback while it is down. */
  readonly local: RateLimiter;

  readonly name: string;

  constructor(name: string, max: number, windowMs: number) {
    this.name = name;
    this.local = new RateLimiter(max, windowMs);
  }

  key(key: string): string {
    return redisKey(`limit:${this.name}:${key}`);
  }

  /** As RateLimiter.take: 0 when a slot was free (and is now counted), else the seconds to wait. */
  take(key: string): number | Promise<number> {
    return takeAllShared([[this, key]]);
  }

  /** Gives back one slot taken in the current window. */
  refund(key: string): void | Promise<void> {
    const r = redisNow();
    if (!r) return this.local.refund(key);
    return runScript(r, REFUND, [this.key(key)], []).then(
      () => undefined,
      (err) => {
        fellBack(err);
        this.local.refund(key);
      },
    );
  }

  /** What the key has used of its current window, in every process (the per-account slowing). */
  count(key: string): number | Promise<number> {
    const r = redisNow();
    if (!r) return this.local.count(key);
    return r.get(this.key(key)).then(
      (v) => Number(v ?? 0),
      (err) => {
        fellBack(err);
        return this.local.count(key);
      },
    );
  }

  reset(key: string): void | Promise<void> {
    const r = redisNow();
    if (!r) return this.local.reset(key);
    return r.del(this.key(key)).then(
      () => undefined,
      (err) => {
        fellBack(err);
        this.local.reset(key);
      },
    );
  }
}

/** One slot from each limit, all or nothing (see takeAll), in one step on Redis when it is there. */
export function takeAllShared(slots: [SharedLimiter, string][]): number | Promise<number> {
  const local = () => takeAll(slots.map(([limiter, key]) => [limiter.local, key]));
  const r = redisNow();
  if (!r) return local();
  const keys = slots.map(([limiter, key]) => limiter.key(key));
  const args = slots.flatMap(([limiter]) => [limiter.local.max, limiter.local.windowMs]);
  return runScript(r, TAKE, keys, args).then(
    (ms) => {
      warned = false;
      return Number(ms) / 1000;
    },
    (err) => {
      fellBack(err);
      return local();
    },
  );
}
