import { ARTICLE_STATUS } from '../../lib/article.ts';
import { THING } from '../../lib/community.ts';
import type { DashboardComment, DashboardCounts, DashboardOverview } from '../../lib/contract/dashboard.ts';
import { chinaDay } from '../../lib/page-views.ts';
import { db } from '../db/connection.ts';
import { pendingRenders } from './articles/rendering-upkeep.ts';
import { listCommentsAdmin } from './comments-admin.ts';
import { listLinks } from './links.ts';
import { listMessages } from './messages.ts';
import { reviewCounts } from './review.ts';
import { flushViews } from './views/flush.ts';

/**
 * The dashboard's figures and lists (GET /api/dashboard/getOverview). The view counters are flushed
 * first, so the page shows every view counted until the moment it asked (and a test reads them
 * without waiting for the minute's flush).
 */

const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);

async function counts(now: number): Promise<DashboardCounts> {
  const rows = (table: 'comment' | 'message' | 'user' | 'link') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(table === 'link', (q) => q.where('status', '=', 1))
      .executeTakeFirst();
  const [articles, comments, messages, users, pendingLinks, today, total, config, queue] = await Promise.all([
    db
      .selectFrom('article')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', [ARTICLE_STATUS.public, ARTICLE_STATUS.private])
      .executeTakeFirst(),
    rows('comment'),
    rows('message'),
    rows('user'),
    rows('link'),
    db
      .selectFrom('view_day')
      .select(['views', 'uniques'])
      .where('day', '=', chinaDay(now))
      .executeTakeFirst(),
    db
      .selectFrom('view_day')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('n'))
      .executeTakeFirst(),
    db.selectFrom('config').select('view_time').where('id', '=', 1).executeTakeFirst(),
    // What waits: the moderation queue, and the articles the render upkeep has still to render.
    Promise.all([reviewCounts(), pendingRenders(db)]),
  ]);
  const [review, renders] = queue;
  return {
    articles: count(articles),
    comments: count(comments),
    messages: count(messages),
    users: count(users),
    viewsToday: Number(today?.views ?? 0),
    uniquesToday: Number(today?.uniques ?? 0),
    viewsTotal: count(total),
    visits: Number(config?.view_time ?? 0),
    pendingLinks: count(pendingLinks),
    pendingReview: review.pending,
    pendingRenders: renders,
  };
}

/** The newest comments, each with what it is on. */
async function newestComments(size: number): Promise<DashboardComment[]> {
  const { list } = await listCommentsAdmin({ current: 1, size });
  const articleIds = list.filter((c) => c.type === THING.article).map((c) => c.for_id);
  const titles = new Map(
    articleIds.length
      ? (
          await db
            .selectFrom('article')
            .select(['id', 'article_title'])
            .where('id', 'in', articleIds)
            .execute()
        ).map((a) => [a.id, a.article_title])
      : [],
  );
  return list.map((c) => ({
    ...c,
    target:
      c.type === THING.article ? (titles.get(c.for_id) ?? '文章') : c.type === THING.talk ? '说说' : '留言板',
  }));
}

export async function getOverview(now = Date.now()): Promise<DashboardOverview> {
  await flushViews(db);
  const [figures, links, comments, messages] = await Promise.all([
    counts(now),
    listLinks({ current: 1, size: 10, status: 1 }),
    newestComments(5),
    // As the admin sees them: waiting ones too, each with its state.
    listMessages({ current: 1, size: 5 }, { userId: null, ip: '', isAdmin: true }),
  ]);
  return { counts: figures, pendingLinks: links.list, comments, messages: messages.list };
}
