import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { chinaDay } from '../../../lib/page-views.ts';
import { notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db } from '../../db/connection.ts';
import { redisConfigured } from '../../redis/client.ts';
import { firstArticleView } from '../views/shared.ts';
import { countArticleView } from '../views/tally.ts';

// Views: one per visitor and article within a window, so reloads and API calls made for the same
// page do not inflate the count.
const VIEW_WINDOW_MS = 30 * 60_000;
const seen = new Map<string, number>();

/** This process's window: true (and remembered) when `key` was not seen in the last 30 minutes. */
function firstLocalView(key: string, now: number): boolean {
  const last = seen.get(key);
  if (last !== undefined && now - last < VIEW_WINDOW_MS) return false;
  seen.delete(key);
  seen.set(key, now);
  if (seen.size > 20_000) {
    for (const [k, at] of seen) {
      if (now - at < VIEW_WINDOW_MS && seen.size <= 10_000) break;
      seen.delete(k);
    }
  }
  return true;
}

/** Counts a view of a public article unless `visitor` viewed it in the last 30 minutes. */
export async function countView(id: number, visitor: string): Promise<boolean> {
  const now = Date.now();
  // With REDIS_URL the window is shared by every process (by a salted hash of the visitor; the salt is
  // the day's, so the window also starts over at midnight). While Redis cannot tell: this process's.
  const shared = redisConfigured()
    ? await firstArticleView(chinaDay(now), visitor, id, VIEW_WINDOW_MS)
    : null;
  if (shared === false) return false;
  if (shared === null && !firstLocalView(`${visitor}|${id}`, now)) return false;
  const res = await db
    .updateTable('article')
    .set({ view_times: sql`view_times + 1` })
    .where('id', '=', id)
    .where('status', '=', ARTICLE_STATUS.public)
    .executeTakeFirst();
  const counted = Number(res.numUpdatedRows) > 0;
  // The same view, per day, for the dashboard's most-read articles (written in batches).
  if (counted) countArticleView(id);
  return counted;
}

/** Longest single reading report, in milliseconds: a tab left open overnight is not two hours of reading. */
export const MAX_READING_REPORT_MS = 2 * 60 * 60 * 1000;

/**
 * Adds reading time to a public article (not found when there is no such article). Reports come in
 * milliseconds (the API's unit) and are clamped to MAX_READING_REPORT_MS; the column keeps whole
 * seconds, as the pages that show reading time (and the demo seed) expect.
 */
export async function addReadingDuration(id: number, milliseconds: number): Promise<void> {
  const add = Math.round(Math.min(Math.max(0, milliseconds), MAX_READING_REPORT_MS) / 1000);
  const res = await db
    .updateTable('article')
    .set({ reading_duration: sql`reading_duration + ${add}` })
    .where('id', '=', id)
    .where('status', '=', ARTICLE_STATUS.public)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.article);
}
