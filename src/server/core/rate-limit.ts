/**
 * A fixed-window counter per key, in memory. Small enough for one process; a shared store can
 * replace it behind the same calls.
 *
 * There is deliberately no "check now, count later": a caller that checks, awaits (a password hash,
 * a database read) and only then counts lets a parallel burst through before the first count lands
 * (300 parallel guesses against a limit of 5 got 296 evaluated). `take` checks and counts in one
 * synchronous step, before the caller awaits anything; a rule that counts only failures gives the
 * slot back with `refund` once the attempt turned out to succeed.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  readonly max: number;
  readonly windowMs: number;

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /**
   * Reserves one slot of the key's budget: 0 when it was free (and is now counted), else the
   * seconds to wait (and nothing is counted).
   */
  take(key: string, now = Date.now()): number {
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 50_000) this.sweep(now);
    }
    if (entry.count >= this.max) return (entry.resetAt - now) / 1000;
    entry.count++;
    return 0;
  }

  /** Gives back one slot taken in the current window (an attempt that did not count after all). */
  refund(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count > 0) entry.count--;
  }

  /** What the key has used of the current window (0 when it has none). */
  count(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > now ? entry.count : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/**
 * Takes one slot from each limiter, all or nothing: when one of them is full, the slots already
 * taken are given back and the longest wait is returned.
 */
export function takeAll(slots: [RateLimiter, string][], now = Date.now()): number {
  const taken: [RateLimiter, string][] = [];
  let wait = 0;
  for (const [limiter, key] of slots) {
    const w = limiter.take(key, now);
    if (w) wait = Math.max(wait, w);
    else taken.push([limiter, key]);
  }
  if (wait) for (const [limiter, key] of taken) limiter.refund(key, now);
  return wait;
}
