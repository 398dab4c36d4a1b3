import { randomUUID } from 'node:crypto';
import { lockoutSteps } from '../../lib/lockout.ts';
import { redisKey, redisNow, runScript, script } from '../redis/client.ts';
import { logger } from './log.ts';
import { RateLimiter } from './rate-limit.ts';

/**
 * Failures of one thing (an account's two-factor code step, an article's password) from every address,
 * with a lockout that grows: `max` failures in `windowMs` lock the key for the first of `lockoutSteps`,
 * each further lockout for the next (twice as long, up to the cap); the count of lockouts is forgotten
 * `forgetMs` after the last one ended. Shared by every process as SharedLimiter is (Redis when REDIS_URL is
 * set, one script per step so a burst spread over processes cannot overshoot; in-process without it and
 * while Redis is down).
 *
 * An attempt is counted before it is checked (`take`, so a parallel burst gets no more than `max`
 * evaluated), given back when it was right (`refund`), and after a wrong one `failed` starts the lockout
 * once the count is full.
 */

/** KEYS: count, lock; ARGV: max, window (ms). Answers 0 (taken) or the wait in ms. */
const TAKE = script(`
local locked = redis.call('PTTL', KEYS[2])
if locked > 0 then return locked end
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl <= 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return ttl
end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

/** KEYS: count, lock, level; ARGV: max, forget (ms), the lockout lengths. Answers the lockout started, in ms. */
const FAIL = script(`
if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local level = redis.call('INCR', KEYS[3])
local ms = tonumber(ARGV[2 + math.min(level, #ARGV - 2)])
redis.call('SET', KEYS[2], '1', 'PX', ms)
redis.call('PEXPIRE', KEYS[3], ms + tonumber(ARGV[2]))
redis.call('DEL', KEYS[1])
return ms
`);

const REFUND = script(`
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`);

/** KEYS: the hold; ARGV: its owner. Lets go only of one's own hold (an expired one may be another's). */
const RELEASE = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`);

let warned = false;
function fellBack(err: unknown): void {
  if (!warned) logger.warn({ err: (err as Error).message }, 'lockouts: Redis failed, deciding in-process');
  warned = true;
}

/** Runs on Redis when it answers now, else (and when the call fails) in-process. */
function shared<T>(onRedis: (r: NonNullable<ReturnType<typeof redisNow>>) => Promise<T>, local: () => T) {
  const r = redisNow();
  if (!r) return Promise.resolve(local());
  return onRedis(r).then(
    (v) => {
      warned = false;
      return v;
    },
    (err) => {
      fellBack(err);
      return local();
    },
  );
}

type Until = { until: number; level: number };

export type LockoutOptions = {
  max: number;
  windowMs: number;
  /** The first lockout; each further one doubles it. */
  baseMs: number;
  capMs: number;
  /** How long after a lockout ended the next one still counts as a further one. */
  forgetMs: number;
};

export class SharedLockout {
  readonly name: string;
  readonly options: LockoutOptions;
  private readonly steps: number[];
  private readonly counts: RateLimiter;
  /** In-process: the lockout (until) and the lockouts so far (level, forgotten at `forget`). */
  private readonly locks = new Map<string, Until & { forget: number }>();

  constructor(name: string, options: LockoutOptions) {
    this.name = name;
    this.options = options;
    this.steps = lockoutSteps(options.baseMs, options.capMs);
    this.counts = new RateLimiter(options.max, options.windowMs);
  }

  private keys(key: string): [string, string, string] {
    const base = `lockout:${this.name}:${key}`;
    return [redisKey(`${base}:count`), redisKey(`${base}:lock`), redisKey(`${base}:level`)];
  }

  private localLock(key: string, now: number): Until | undefined {
    const lock = this.locks.get(key);
    if (lock && lock.forget <= now) {
      this.locks.delete(key);
      return undefined;
    }
    return lock;
  }

  /** Seconds left of the key's lockout; 0 when it is not locked. */
  lockedFor(key: string): Promise<number> {
    const [, lock] = this.keys(key);
    return shared(
      async (r) => Math.max(0, await r.pttl(lock)) / 1000,
      () => {
        const now = Date.now();
        const until = this.localLock(key, now)?.until ?? 0;
        return Math.max(0, until - now) / 1000;
      },
    );
  }

  /**
   * Counts one attempt before it is checked: 0 when it may go on, else the seconds to wait (locked, or
   * the count is full of attempts still being checked); nothing is counted then.
   */
  take(key: string): Promise<number> {
    const [count, lock] = this.keys(key);
    const { max, windowMs } = this.options;
    return shared(
      async (r) => Number(await runScript(r, TAKE, [count, lock], [max, windowMs])) / 1000,
      () => {
        const now = Date.now();
        const until = this.localLock(key, now)?.until ?? 0;
        if (until > now) return (until - now) / 1000;
        return this.counts.take(key, now);
      },
    );
  }

  /** The attempt was right: its count is given back. */
  refund(key: string): Promise<void> {
    const [count] = this.keys(key);
    return shared(
      async (r) => {
        await runScript(r, REFUND, [count], []);
      },
      () => this.counts.refund(key),
    );
  }

  /**
   * The attempt was wrong (it stays counted). When the count is full, the lockout starts and its length in
   * ms is answered (once: to the failure that started it); else 0.
   */
  failed(key: string): Promise<number> {
    const [count, lock, level] = this.keys(key);
    const { max, forgetMs } = this.options;
    return shared(
      async (r) => Number(await runScript(r, FAIL, [count, lock, level], [max, forgetMs, ...this.steps])),
      () => {
        const now = Date.now();
        if (this.counts.count(key, now) < max) return 0;
        const before = this.localLock(key, now);
        if (before && before.until > now) return 0;
        const next = (before?.level ?? 0) + 1;
        const ms = this.steps[Math.min(next, this.steps.length) - 1];
        this.locks.set(key, { until: now + ms, level: next, forget: now + ms + forgetMs });
        this.counts.reset(key);
        if (this.locks.size > 50_000) this.sweep(now);
        return ms;
      },
    );
  }

  /** Forgets the key's failures, lockout and lockouts so far (the tests; an owner's repair). */
  reset(key: string): Promise<void> {
    return shared(
      async (r) => {
        await r.del(...this.keys(key));
      },
      () => {
        this.counts.reset(key);
        this.locks.delete(key);
      },
    );
  }

  private sweep(now: number) {
    for (const [k, v] of this.locks) if (v.forget <= now) this.locks.delete(k);
  }
}

/**
 * At most one attempt in flight per key, across processes: `take` answers a release when the key was
 * free (and now is held), null when another attempt holds it. A hold is let go by its release, or after
 * `ttlMs` if its process died meanwhile (on Redis; in-process it dies with the process).
 */
export class SharedHold {
  readonly name: string;
  readonly ttlMs: number;
  private readonly held = new Set<string>();

  constructor(name: string, ttlMs: number) {
    this.name = name;
    this.ttlMs = ttlMs;
  }

  private takeLocal(key: string): (() => Promise<void>) | null {
    if (this.held.has(key)) return null;
    this.held.add(key);
    return async () => {
      this.held.delete(key);
    };
  }

  async take(key: string): Promise<(() => Promise<void>) | null> {
    const r = redisNow();
    if (!r) return this.takeLocal(key);
    const k = redisKey(`hold:${this.name}:${key}`);
    const owner = randomUUID();
    let got: string | null;
    try {
      got = await r.set(k, owner, 'PX', this.ttlMs, 'NX');
    } catch (err) {
      fellBack(err);
      return this.takeLocal(key);
    }
    if (got !== 'OK') return null;
    return async () => {
      await runScript(r, RELEASE, [k], [owner]).catch(fellBack);
    };
  }
}
