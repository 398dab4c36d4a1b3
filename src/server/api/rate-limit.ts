/**
 * A fixed-window counter per key, in memory. Small enough for one process; a shared store can
 * replace it behind the same two calls.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  readonly max: number;
  readonly windowMs: number;

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Seconds to wait when the key is over its budget, else 0. Does not count. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? (entry.resetAt - now) / 1000 : 0;
  }

  /** Counts one hit; returns the seconds to wait if this hit went over the budget, else 0. */
  hit(key: string, now = Date.now()): number {
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 50_000) this.sweep(now);
    }
    entry.count++;
    return entry.count > this.max ? (entry.resetAt - now) / 1000 : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
