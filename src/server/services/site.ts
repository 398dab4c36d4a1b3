import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import type { PageHeader } from '../../lib/contract/site.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { bannerTag, changes, shows } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import type { ConfigTable } from '../db/schema.ts';
import type { ReviewConfig } from '../db/schema-review.ts';
import { termCounts } from './articles.ts';
import { removeUnusedUploads } from './upload-files.ts';
import { firstSiteVisitToday } from './views/site-visits.ts';

/** The owner's switches of the guest guard (docs/owner-guide.md#访客与评论), stored as 0/1. */
export const GUARD_FIELDS = ['guest_captcha', 'ip_region', 'ua_summary'] as const;
export type GuardSettings = Record<(typeof GUARD_FIELDS)[number], boolean>;

/**
 * The public profile: the moderation settings (ReviewConfig, services/review.ts) and the owner's mail
 * address (api/mail.ts) are the admin's alone.
 */
export type SiteConfig = Omit<
  ConfigTable,
  'id' | 'updatedAt' | keyof ReviewConfig | keyof GuardSettings | 'owner_email' | 'owner_email_confirmed'
> &
  GuardSettings;

export const CONFIG_FIELDS = [
  'blog_name',
  'blog_avatar',
  'avatar_bg',
  'personal_say',
  'blog_notice',
  'qq_link',
  'we_chat_link',
  'github_link',
  'git_ee_link',
  'bilibili_link',
  'view_time',
  'we_chat_group',
  'qq_group',
  'we_chat_pay',
  'ali_pay',
  'admin_url',
  'icp_number',
  'seo_title_suffix',
  'seo_keywords',
  'seo_description',
] as const;

/** The site config, with createdAt: when the site started (the original client's 运行时间). */
export async function getConfig(): Promise<SiteConfig> {
  shows('config');
  const row = await configRow.first(1);
  if (!row) throw new Error('site config row missing (migrations not applied?)');
  return { ...row, ...guard(row) };
}

// Read by every page (its layout): compiled once (db/prepared.ts).
const configRow = prepared((d, id: number) =>
  d
    .selectFrom('config')
    .select([...CONFIG_FIELDS, ...GUARD_FIELDS, 'createdAt'])
    .where('id', '=', id),
);
const guardRow = prepared((d, id: number) =>
  d.selectFrom('config').select(GUARD_FIELDS).where('id', '=', id),
);

const guard = (row: Record<(typeof GUARD_FIELDS)[number], number>): GuardSettings => ({
  guest_captcha: Number(row.guest_captcha) === 1,
  ip_region: Number(row.ip_region) === 1,
  ua_summary: Number(row.ua_summary) === 1,
});

/**
 * The guest guard's switches, read on every guest message and every comment (one row by key): the
 * owner's change holds at once in every process. A page that shows what they decide depends on it.
 */
export async function guardSettings(): Promise<GuardSettings> {
  shows('config');
  const row = await guardRow.first(1);
  if (!row) throw new Error('site config row missing (migrations not applied?)');
  return guard(row);
}

export async function updateConfig(
  patch: Partial<Omit<SiteConfig, 'view_time' | 'createdAt'> & ReviewConfig> & { owner_email?: string },
): Promise<void> {
  // Every page's layout shows the config.
  changes('config');
  const { guest_captcha, ip_region, ua_summary, ...text } = patch;
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
  await db
    .updateTable('config')
    .set({
      ...text,
      guest_captcha: flag(guest_captcha),
      ip_region: flag(ip_region),
      ua_summary: flag(ua_summary),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', 1)
    .execute();
}

/**
 * Counts a visit, once a day per visitor (address and User-Agent: views/site-visits.ts); resolves with
 * the count, new or not (the page cache may show an older one for a while).
 */
export async function addView(address: string, userAgent: string): Promise<number> {
  if (!(await firstSiteVisitToday(address, userAgent))) {
    const row = await db.selectFrom('config').select('view_time').where('id', '=', 1).executeTakeFirst();
    return Number(row?.view_time ?? 0);
  }
  const row = await db
    .updateTable('config')
    .set({ view_time: sql`view_time + 1` })
    .where('id', '=', 1)
    .returning('view_time')
    .executeTakeFirst();
  return Number(row?.view_time ?? 0);
}

export type Statistic = { articleCount: number; tagCount: number; categoryCount: number; userCount: number };

/**
 * The blog's figures: public articles, users, and the categories and tags the public sees (our home
 * page) or every one of them (`GET /api/statistic`, the original's count: see `termCounts`).
 */
export async function getStatistic(which: 'public' | 'every' = 'public'): Promise<Statistic> {
  shows('articles');
  const [articles, terms, users] = await Promise.all([
    db
      .selectFrom('article')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', ARTICLE_STATUS.public)
      .executeTakeFirstOrThrow(),
    termCounts(which),
    db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    articleCount: Number(articles.n),
    tagCount: terms.tagCount,
    categoryCount: terms.categoryCount,
    userCount: Number(users.n),
  };
}

/** The route names of the page-header list (docs/api/public.md#site), one banner each. */
export const ROUTE_NAMES = [
  'Home',
  'Archives',
  'ArticleList',
  'Front',
  'Back',
  'SiteList',
  'LinkList',
  'Category',
  'Tag',
  'PhotoAlbum',
  'Talk',
  'MessageList',
  'PublishMessage',
  'MessageDetail',
  'UserCenter',
  'Bangumi',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export type { PageHeader };

export async function listPageHeaders(): Promise<PageHeader[]> {
  return db.selectFrom('page_header').select(['id', 'route_name', 'bg_url']).orderBy('id').execute();
}

export async function pageHeaderFor(routeName: RouteName): Promise<string | undefined> {
  shows(bannerTag(routeName));
  const row = await db
    .selectFrom('page_header')
    .select('bg_url')
    .where('route_name', '=', routeName)
    .executeTakeFirst();
  return row?.bg_url;
}

/** Saves a page header: not found when the id is unknown, a conflict when another header has that route. */
export async function savePageHeader(input: {
  id?: number;
  route_name: string;
  bg_url: string;
}): Promise<void> {
  // The banner of its route changes, and when it is renamed away, its old route's (now the default).
  changes(bannerTag(input.route_name));
  if (input.id) {
    const old = await db
      .selectFrom('page_header')
      .select('route_name')
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (old) changes(bannerTag(old.route_name));
    // route_name is unique: renaming onto another header's route would break the index (a 500).
    const other = await db
      .selectFrom('page_header')
      .select('id')
      .where('route_name', '=', input.route_name)
      .where('id', '!=', input.id)
      .executeTakeFirst();
    if (other) throw conflict(MSG.pageHeaderTaken);
    const res = await db
      .updateTable('page_header')
      .set({ route_name: input.route_name, bg_url: input.bg_url })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.pageHeader);
    return;
  }
  await db
    .insertInto('page_header')
    .values({ route_name: input.route_name, bg_url: input.bg_url })
    .onConflict((oc) => oc.column('route_name').doUpdateSet({ bg_url: input.bg_url }))
    .execute();
}

/** Deletes a banner, and its uploaded picture once nothing else uses it. */
export async function deletePageHeader(id: number): Promise<void> {
  const row = await db
    .selectFrom('page_header')
    .select(['route_name', 'bg_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.pageHeader);
  changes(bannerTag(row.route_name));
  await db.deleteFrom('page_header').where('id', '=', id).execute();
  await removeUnusedUploads([row.bg_url]);
}
