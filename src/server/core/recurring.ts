import type { Lifecycle } from './lifecycle.ts';
import { logger } from './log.ts';

/** A job run now and then at an interval: `stop` ends the interval, `first` is the first run. */
export type Recurring<T> = { stop: () => void; first: Promise<T> };

/**
 * Runs `job` now (after the current turn, never inside a request) and then every `everyMs` (the
 * bin, audit-log and idempotency-key purges). A failed run (the database away) is logged
 * and answers `failed`; the next one tries again. The timer never keeps the process up. Its stop is
 * registered with `life`: the interval ends and the run under way is waited for.
 */
export function startRecurring<T>(
  life: Lifecycle,
  name: string,
  job: () => Promise<T>,
  everyMs: number,
  failed: T,
): Recurring<T> {
  const run = () =>
    job().catch((err) => {
      logger.error({ err }, `${name} failed`);
      return failed;
    });
  const first = new Promise<T>((resolve) => setImmediate(() => resolve(run())));
  const timer = setInterval(run, everyMs);
  timer.unref();
  life.register(name, async () => {
    clearInterval(timer);
    await first;
  });
  return { stop: () => clearInterval(timer), first };
}
