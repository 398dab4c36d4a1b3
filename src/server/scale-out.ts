import type { Config } from './config.ts';
import type { Lifecycle } from './core/lifecycle.ts';
import { startPageSync } from './page-sync.ts';
import { startRedis, stopRedis } from './redis/client.ts';

/**
 * What several processes share when REDIS_URL is set (docs/decisions/0003-several-processes-with-redis.md):
 * connects the Redis and the page invalidation; the chat bus, limits and view dedupe use the link once it
 * is there. Without REDIS_URL: nothing, and everything stays in this process. The stop is registered with
 * `life` at once, so a start that fails later still ends the link.
 */
export async function startScaleOut(
  life: Lifecycle,
  cfg: Pick<Config, 'redisUrl' | 'redisPrefix'>,
): Promise<void> {
  if (!cfg.redisUrl) return;
  const stopPageSync = startPageSync();
  life.register('redis', async () => {
    stopPageSync();
    await stopRedis();
  });
  await startRedis(cfg.redisUrl, cfg.redisPrefix);
}
