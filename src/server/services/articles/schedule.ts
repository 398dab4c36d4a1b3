import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { logger } from '../../core/log.ts';
import { changing, type PageChange } from '../../core/page-tags.ts';
import { type Recurring, startRecurring } from '../../core/recurring.ts';
import type { JobParts } from '../job-parts.ts';
import { trackArticles } from './page-changes.ts';
import { recordRevision } from './revisions.ts';

/**
 * Scheduled publishing (docs/api/admin.md#scheduled-and-password-protected-articles): an article saved
 * public with a future `publish_at` is stored as status 4, which every visitor read treats as missing
 * (they all ask for status 1). Every process runs this job; at the time, each one that sees the
 * article due tries to move it to 1, and the database lets exactly one of them (the update is
 * conditional on status 4): that one drops the pages that showed it missing, here and on the others
 * (`onPublished`: page-sync's pagesChanged, through Redis); the others publish nothing.
 */

/** How often every process looks for a due article: it appears within this of its time. */
export const SCHEDULE_POLL_MS = 5_000;

type Options = { onPublished?: (change: PageChange) => void };

/** Publishes the articles due by the clock's now that no other process published first; their ids. */
export async function publishDue({ db, clock }: Pick<JobParts, 'db' | 'clock'>, opts: Options = {}) {
  const now = clock().toISOString();
  const due = await db
    .selectFrom('article')
    .select(['id', 'author_id'])
    .where('status', '=', ARTICLE_STATUS.scheduled)
    .where('publish_at', '<=', now)
    .execute();
  const published: number[] = [];
  for (const { id, author_id } of due) {
    const changed = new Set<string>();
    const won = await changing(changed, () =>
      trackArticles([id], () =>
        db.transaction().execute(async (trx) => {
          const res = await trx
            .updateTable('article')
            .set((eb) => ({ status: ARTICLE_STATUS.public, version: eb('version', '+', 1) }))
            .where('id', '=', id)
            .where('status', '=', ARTICLE_STATUS.scheduled)
            .where('publish_at', '<=', now)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) return false;
          // The version now public is kept for good (revisions.ts).
          const saved = await trx
            .selectFrom('article')
            .select(['article_title', 'article_content'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          await recordRevision(trx, id, author_id, { ...saved, published: true });
          return true;
        }),
      ),
    );
    if (!won) continue;
    published.push(id);
    logger.info({ id }, 'scheduled article published');
    opts.onPublished?.({ tags: [...changed] });
  }
  return published;
}

/** Looks now (after the current turn) and then every `everyMs`. */
export function startScheduledPublish(
  parts: JobParts,
  opts: Options & { everyMs?: number } = {},
): Recurring<number[]> {
  const run = () => publishDue(parts, opts);
  return startRecurring(parts.life, 'scheduled publish', run, opts.everyMs ?? SCHEDULE_POLL_MS, []);
}
