import type { Config } from './config.ts';
import { startPageSync } from './page-sync.ts';
import { startRedis, stopRedis } from './redis/client.ts';

/**
 * What several processes share when REDIS_URL is set (issue 21): connects the Redis and the page
 * invalidation; the chat bus, limits and view dedupe use the link once it is there. Without
 * REDIS_URL: nothing, and everything stays in this process. Returns the stop.
 */
export async function startScaleOut(
  cfg: Pick<Config, 'redisUrl' | 'redisPrefix'>,
): Promise<() => Promise<void>> {
  if (!cfg.redisUrl) return async () => {};
  const stopPageSync = startPageSync();
  await startRedis(cfg.redisUrl, cfg.redisPrefix);
  return async () => {
    stopPageSync();
    await stopRedis();
  };
}
