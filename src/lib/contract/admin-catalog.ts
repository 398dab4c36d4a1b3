/**
 * Wire types of the owner's bangumi, resource and site-list routes
 * (docs/api/admin.md#bangumi-resources-the-site-list-links-guestbook-users-and-comments).
 */

/** A bangumi entry as /bangumi shows it (status 1 want, 2 watching, 3 watched). */
export type Bangumi = {
  id: number;
  title: string;
  title_cn: string;
  cover: string;
  status: number;
  progress: number;
  total_episodes: number;
  score: number;
  summary: string;
  url: string;
};

/** A bangumi entry as POST /api/bangumi/getBangumiList lists it. */
export type BangumiRow = Bangumi & { createdAt: string; updatedAt: string };

/** A site of /siteList as POST /api/site/getSiteList lists it (flat, not grouped). */
export type SiteRow = {
  id: number;
  category: string;
  name: string;
  desc: string;
  url: string;
  icon: string;
  order: number;
};

/** A resource of /resources/front|back: a site row with its kind. */
export type ResourceRow = SiteRow & { kind: string };

/** GET /api/resources/getCategoryDictionary and /api/site/getCategoryDictionary: the category picker. */
export type CatalogCategory = { category: string; count: number };
