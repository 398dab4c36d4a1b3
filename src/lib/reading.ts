/**
 * Time a reader spends on an article while the tab is visible. `take` hands out the whole
 * milliseconds gathered since the last take (the API's unit, as the original client sent it), so each
 * report counts its time once; time below `min` stays gathered for the next take.
 */
export class ReadingClock {
  private since: number | null = null;
  private gathered = 0;

  constructor(now: number, visible = true) {
    if (visible) this.since = now;
  }

  /** The tab became visible. */
  resume(now: number): void {
    this.since ??= now;
  }

  /** The tab was hidden: stop counting. */
  pause(now: number): void {
    if (this.since !== null) this.gathered += Math.max(0, now - this.since);
    this.since = null;
  }

  /** Whole milliseconds read since the last take, or 0 (kept for later) when fewer than `min`. */
  take(now: number, min = 0): number {
    const running = this.since !== null;
    this.pause(now);
    if (running) this.since = now;
    const ms = Math.floor(this.gathered);
    if (ms < min) return 0;
    this.gathered -= ms;
    return ms;
  }
}
