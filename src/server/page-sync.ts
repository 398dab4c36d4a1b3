import { logger } from './core/log.ts';
import type { PageChange } from './core/page-tags.ts';
import { invalidatePages, setPageStoring } from './page-cache.ts';
import { onChannel, onRedisState, processId, publish, redisConfigured, redisNow } from './redis/client.ts';
import type { JobParts } from './services/job-parts.ts';
import { markPagesChanged, OUTSIDE_WRITES_POLL_MS, pagesVersion } from './services/page-version.ts';

/**
 * Page-cache invalidation across processes (docs/decisions/0004-page-cache-and-tags.md). Without REDIS_URL
 * a write drops this process's cached pages that showed what it changed (all of them when it names nothing)
 * and nothing else happens.
 *
 * With it, the drop (the change's tags) is also published to every other process; one that could not
 * be published (this process's link down) reaches them through the database mark below. A process that
 * may have missed one keeps nothing: while Redis is down no page is stored (each request renders,
 * slower but never stale), and when the link is back the cache starts empty.
 *
 * The CLI is no server and may run without REDIS_URL: its writes reach every process through a
 * database row instead (watchOutsideWrites, below).
 */

type Message = { from: string; change: PageChange };

/** A write changed what public pages show: drop them here and on every other process. */
export function pagesChanged(change: PageChange = { all: true }): void {
  invalidatePages(change);
  if (!redisConfigured()) return;
  void publish('pages', JSON.stringify({ from: processId, change } satisfies Message)).then((sent) => {
    if (!sent) markUnpublished();
  });
}

/**
 * A drop this process could not publish (its own Redis link is down or did not answer, while the
 * others' may be up and their caches full): it must still reach them. It goes through the
 * database mark the CLI uses (services/page-version.ts), which every process reads every 5 s
 * whatever the state of its Redis: they drop every page, this one time. A mark that cannot be
 * written either (the database away too) is tried again every second until it is.
 */
let markPending = false;
function markUnpublished(): void {
  if (markPending) return;
  markPending = true;
  const attempt = () =>
    markPagesChanged().then(
      () => {
        markPending = false;
      },
      (err) => {
        logger.warn({ err: (err as Error).message }, 'page drop not published; trying the mark again');
        setTimeout(attempt, 1_000).unref();
      },
    );
  void attempt();
}

/** Listens for the other processes' writes (scale-out.ts, before Redis is connected). */
export function startPageSync(): () => void {
  const offChannel = onChannel('pages', (raw) => {
    const message = JSON.parse(raw) as Message;
    if (message.from !== processId) invalidatePages(message.change ?? { all: true });
  });
  const offState = onRedisState((up) => setPageStoring(up));
  // Nothing is kept until the link is up (called before the connection, or while it is down).
  setPageStoring(redisNow() !== null);
  return () => {
    offChannel();
    offState();
    setPageStoring(true);
  };
}

const UNKNOWN = Symbol('unknown');

/**
 * Writes made outside the servers (the CLI: services/page-version.ts) drop every cached page of this
 * process within `everyMs`. Each process reads the mark itself, so nothing is published. Resolves
 * once the mark as it is at the start has been read (before any page is kept); its stop is registered
 * with `life`.
 */
export async function watchOutsideWrites(
  { life, db }: Pick<JobParts, 'life' | 'db'>,
  everyMs = OUTSIDE_WRITES_POLL_MS,
): Promise<void> {
  // Unknown when the database does not answer now: the first read that works then drops
  // whatever was kept meanwhile.
  let seen = await pagesVersion(db).catch(() => UNKNOWN);
  let reading = false;
  const timer = setInterval(async () => {
    if (reading) return;
    reading = true;
    try {
      const now = await pagesVersion(db);
      if (now !== seen) invalidatePages();
      seen = now;
    } catch (err) {
      // A database that does not answer now: the next look tells (the pages still expire).
      logger.warn({ err }, 'page version not read');
    } finally {
      reading = false;
    }
  }, everyMs);
  timer.unref();
  life.register('outside writes watch', () => clearInterval(timer));
}
