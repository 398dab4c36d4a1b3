/**
 * Time a reader spends on an article while the tab is visible. `take` hands out the whole seconds
 * gathered since the last take (the rest carries over), so each report counts its time once.
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

  /** Whole seconds read since the last take. */
  take(now: number): number {
    const running = this.since !== null;
    this.pause(now);
    const seconds = Math.floor(this.gathered / 1000);
    this.gathered -= seconds * 1000;
    if (running) this.since = now;
    return seconds;
  }
}
