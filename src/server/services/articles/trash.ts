import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { logger } from '../../core/log.ts';
import { type Recurring, startRecurring } from '../../core/recurring.ts';
import type { JobParts } from '../job-parts.ts';
import { deleteArticle } from './write.ts';

/**
 * The recycle bin's expiry: an article a delete moved to the bin (status 3 with deleted_at)
 * can be restored for 30 days, then it is removed for good. Drafts (status 3 without deleted_at) never
 * expire. The purge runs off the request path, once at start and then daily; it reads the time from
 * a clock it is given, so a test moves the clock instead of waiting a month.
 */

export const BIN_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Removes every binned article of `db` deleted more than BIN_DAYS before the clock's now; returns
 * their ids. Each goes through the article service's delete (its files and counts with it).
 */
export async function purgeExpiredArticles({ db, clock }: Pick<JobParts, 'db' | 'clock'>): Promise<number[]> {
  const cutoff = new Date(clock().getTime() - BIN_DAYS * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('article')
    .select('id')
    .where('status', '=', ARTICLE_STATUS.draft)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .execute();
  const purged: number[] = [];
  for (const { id } of rows) {
    try {
      await deleteArticle(id);
      purged.push(id);
    } catch (err) {
      // Gone meanwhile (deleted by hand): nothing left to do.
      logger.warn({ err, id }, 'bin purge skipped an article');
    }
  }
  return purged;
}

/** Purges now (after the current turn, never inside a request) and then every `everyMs`. */
export function startBinPurge(parts: JobParts, everyMs = DAY_MS): Recurring<number[]> {
  return startRecurring(parts.life, 'bin purge', () => purgeExpiredArticles(parts), everyMs, []);
}
