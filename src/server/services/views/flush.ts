import { type Kysely, sql } from 'kysely';
import { logger } from '../../core/log.ts';
import type { DB } from '../../db/schema.ts';
import type { JobParts } from '../job-parts.ts';
import { restoreCounts, type Taken, takeCounts } from './tally.ts';

/**
 * Writes the counters of views/tally.ts to view_day and article_view_day in one transaction: every
 * minute, when the server stops (its Lifecycle stop, root/create-site.ts) and before the dashboard reads them. Flushes run one
 * after another; a failed write puts its counts back for the next one.
 */

let last: Promise<void> = Promise.resolve();

async function write(db: Kysely<DB>, taken: Taken): Promise<void> {
  if (taken.days.length === 0 && taken.articles.length === 0) return;
  await db.transaction().execute(async (tx) => {
    if (taken.days.length)
      await tx
        .insertInto('view_day')
        .values(taken.days.map(([day, c]) => ({ day, views: c.views, uniques: c.uniques })))
        .onConflict((oc) =>
          oc.column('day').doUpdateSet({
            views: sql`view_day.views + excluded.views`,
            uniques: sql`view_day.uniques + excluded.uniques`,
          }),
        )
        .execute();
    if (taken.articles.length)
      await tx
        .insertInto('article_view_day')
        .values(taken.articles.map(([day, article_id, views]) => ({ day, article_id, views })))
        .onConflict((oc) =>
          oc
            .columns(['day', 'article_id'])
            .doUpdateSet({ views: sql`article_view_day.views + excluded.views` }),
        )
        .execute();
  });
}

/** Writes what was counted so far into `db`; resolves when it is there. */
export function flushViews(db: Kysely<DB>): Promise<void> {
  last = last.then(async () => {
    const taken = takeCounts();
    try {
      await write(db, taken);
    } catch (err) {
      restoreCounts(taken);
      logger.error({ err }, 'view counts not written');
    }
  });
  return last;
}

export type ViewFlush = { stop: () => Promise<void> };

/**
 * Flushes every `everyMs` off the request path; the stop (registered with `life`, and returned) ends
 * that and flushes one last time.
 */
export function startViewFlush({ life, db }: JobParts, everyMs = 60_000): ViewFlush {
  const timer = setInterval(() => void flushViews(db), everyMs);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    return flushViews(db);
  };
  life.register('view flush', stop);
  return { stop };
}
