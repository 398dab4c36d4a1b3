import type {
  GuardSwitches,
  PageHeader,
  ReviewSettings,
  SiteConfig,
  SiteProfile,
} from '../../contract/site.ts';
import { get, post } from '../client.ts';

/** The console's calls for the site profile and the page banners (ADMIN-API "Site"). */

export const getSiteConfig = () => get<SiteConfig>('/api/config');

/** `owner_email` is not in GET /api/config (admin only: GET /api/mail/status) but is saved here too. */
export const updateSiteConfig = (
  patch: Partial<SiteProfile & ReviewSettings & GuardSwitches> & { owner_email?: string },
) => post<null>('/api/config/update', patch);

/** The moderation settings (评论设置), admin only: never part of the public GET /api/config. */
export const getReviewSettings = () => get<ReviewSettings>('/api/config/review');

export type { ReviewSettings };

export const listPageHeaders = () => get<PageHeader[]>('/api/pageHeader/getAll');

/** No `id`: a new banner, sent with `key` (its Idempotency-Key). */
export const savePageHeader = (header: { id?: number; route_name: string; bg_url: string }, key?: string) =>
  post<null>('/api/pageHeader/addOrUpdate', header, { idempotencyKey: header.id ? undefined : key });

export const deletePageHeader = (id: number) => post<null>('/api/pageHeader/delete', { id });
