import type { DashboardTrend } from '../../lib/contract/dashboard.ts';
import { chinaDay, chinaDayStart, lastChinaDays } from '../../lib/page-views.ts';
import { db } from '../db/connection.ts';
import { flushViews } from './views/flush.ts';

/**
 * The dashboard's charts (GET /api/dashboard/getTrend): per China-time day of the last `days`, the
 * page views and unique visitors (view_day), comments and new users (bucketed from their createdAt
 * instants), and the most-read articles of the window (article_view_day). Views are flushed first.
 */

/** Per day of `days`, how many of the instants fall in it. */
function perDay(days: string[], instants: { createdAt: string }[]): number[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const out = days.map(() => 0);
  for (const { createdAt } of instants) {
    const i = index.get(chinaDay(Date.parse(createdAt)));
    if (i !== undefined) out[i]++;
  }
  return out;
}

export async function getTrend(days: number, now = Date.now()): Promise<DashboardTrend> {
  await flushViews(db);
  const window = lastChinaDays(now, days);
  const since = new Date(chinaDayStart(window[0])).toISOString();
  const [views, comments, users, top] = await Promise.all([
    db
      .selectFrom('view_day')
      .selectAll()
      .where('day', '>=', window[0])
      .where('day', '<=', window.at(-1) as string)
      .execute(),
    db.selectFrom('comment').select('createdAt').where('createdAt', '>=', since).execute(),
    db.selectFrom('user').select('createdAt').where('createdAt', '>=', since).execute(),
    db
      .selectFrom('article_view_day as v')
      .innerJoin('article as a', 'a.id', 'v.article_id')
      .select((eb) => ['a.id', 'a.article_title', eb.fn.sum<number>('v.views').as('views')])
      .where('v.day', '>=', window[0])
      .where('v.day', '<=', window.at(-1) as string)
      .groupBy(['a.id', 'a.article_title'])
      .orderBy('views', 'desc')
      .orderBy('a.id', 'desc')
      .limit(10)
      .execute(),
  ]);
  const byDay = new Map(views.map((v) => [v.day, v]));
  return {
    days: window,
    views: window.map((d) => Number(byDay.get(d)?.views ?? 0)),
    uniques: window.map((d) => Number(byDay.get(d)?.uniques ?? 0)),
    comments: perDay(window, comments),
    users: perDay(window, users),
    topArticles: top.map((t) => ({ id: t.id, article_title: t.article_title, views: Number(t.views) })),
  };
}
