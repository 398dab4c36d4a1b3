/** A page banner of GET /api/pageHeader/getAll. */
export type PageHeader = { id: number; route_name: string; bg_url: string };

/** PUT /api/config/addView's answer (an addition to API.md): the site's visits so far. */
export type SiteViews = { view_time: number };
