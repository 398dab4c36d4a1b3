import type { PageHeader, SiteViews } from '../contract/site.ts';
import { get, put, type RequestOptions } from './client.ts';

/** Site-wide calls of the chrome. */

export const pageHeaders = (opts?: RequestOptions) => get<PageHeader[]>('/api/pageHeader/getAll', opts);

/** One visit of this browser session (sent from the chrome, outliving the page, silent). */
export const addSiteView = () =>
  put<SiteViews>('/api/config/addView', undefined, { quiet: true, keepalive: true });
