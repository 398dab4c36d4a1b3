import type { PageChange } from './core/page-tags.ts';
import { invalidatePages, setPageStoring } from './page-cache.ts';
import { onChannel, onRedisState, processId, publish, redisConfigured, redisNow } from './redis/client.ts';

/**
 * Page-cache invalidation across processes (issue 21). Without REDIS_URL a write drops this
 * process's cached pages that showed what it changed (all of them when it names nothing) and
 * nothing else happens.
 *
 * With it, the drop (the change's tags) is also published to every other process. A process that may have missed one
 * keeps nothing: while Redis is down no page is stored (each request renders, slower but never
 * stale), and when the link is back the cache starts empty.
 */

type Message = { from: string; change: PageChange };

/** A write changed what public pages show: drop them here and on every other process. */
export function pagesChanged(change: PageChange = { all: true }): void {
  invalidatePages(change);
  if (redisConfigured()) void publish('pages', JSON.stringify({ from: processId, change } satisfies Message));
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
