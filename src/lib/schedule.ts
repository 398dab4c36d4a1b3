import { ARTICLE_STATUS } from './article.ts';

/**
 * What a save makes of an article's status, schedule and date (docs/api/admin.md#scheduled-and-password-protected-articles).
 * `wanted`: the status the save asks for (the stored one when it names none); `publishAt`: absent (not
 * sent), null or "" (no schedule) or an ISO time; `current`: the stored status, absent for a new article.
 *
 * - An article already public keeps its date whatever the save sends: re-publishing never moves it.
 * - Saved private or as a draft, it loses any schedule.
 * - Saved public with a time: scheduled (4) while the time is ahead, else public; its date is that time.
 * - Saved public without one: a scheduled article stays scheduled; `null`/"" publishes it now (dated now).
 */
export type Scheduled = { status: number; publish_at?: string | null; createdAt?: string };

export function scheduleOf(
  now: string,
  wanted: number,
  publishAt: string | null | undefined,
  current?: number,
): Scheduled {
  if (current === ARTICLE_STATUS.public) return { status: wanted };
  if (wanted !== ARTICLE_STATUS.public && wanted !== ARTICLE_STATUS.scheduled)
    return current === ARTICLE_STATUS.scheduled || publishAt
      ? { status: wanted, publish_at: null }
      : { status: wanted };
  if (publishAt === undefined)
    return {
      status: current === ARTICLE_STATUS.scheduled ? ARTICLE_STATUS.scheduled : ARTICLE_STATUS.public,
    };
  if (!publishAt)
    return current === ARTICLE_STATUS.scheduled
      ? { status: ARTICLE_STATUS.public, publish_at: null, createdAt: now }
      : { status: ARTICLE_STATUS.public, publish_at: null };
  const at = new Date(publishAt).toISOString();
  return {
    status: at > now ? ARTICLE_STATUS.scheduled : ARTICLE_STATUS.public,
    publish_at: at,
    createdAt: at,
  };
}
