import type { AdminCommentRow } from './admin-comments.ts';
import type { FriendLink } from './links.ts';
import type { Message } from './messages.ts';

/**
 * The console's dashboard (GET /api/dashboard/getOverview and /getTrend,
 * docs/api/admin.md#dashboard-and-view-counts). Views are page views of visitor pages; uniques are distinct
 * visitors of one China-time day.
 */
export type DashboardCounts = {
  /** Public and private articles (drafts and the recycle bin not counted). */
  articles: number;
  comments: number;
  messages: number;
  users: number;
  viewsToday: number;
  uniquesToday: number;
  /** Page views since the dashboard began counting (migration 0013). */
  viewsTotal: number;
  /** The site's 访问 figure on /home (config.view_time: one per browser session). */
  visits: number;
  pendingLinks: number;
  /** Comments and guestbook messages waiting for review (docs/owner-guide.md#评论审核). */
  pendingReview: number;
  /**
   * Articles waiting for a rendering of the current renderer: after an upgrade of it the background job
   * renders them again, oldest first, while their pages show the previous one
   * (docs/api/admin.md#rendered-when-saved).
   */
  pendingRenders: number;
};

/** A comment with what it is on: the article's title, 说说 or 留言板. */
export type DashboardComment = AdminCommentRow & { target: string };

export type DashboardOverview = {
  counts: DashboardCounts;
  /** The oldest pending applications first (up to 10). */
  pendingLinks: FriendLink[];
  /** The newest comments and guestbook messages (5 each). */
  comments: DashboardComment[];
  messages: Message[];
};

export type TopArticle = { id: number; article_title: string; views: number };

/** Series over the last `days` China-time days, oldest first, one value per day. */
export type DashboardTrend = {
  days: string[];
  views: number[];
  uniques: number[];
  comments: number[];
  users: number[];
  /** The most-read articles of the window (up to 10), by views the article pages reported. */
  topArticles: TopArticle[];
};
