import { CHINA_OFFSET_MS } from './wire-date.ts';

/**
 * The rules of the dashboard's view counts (docs/api/admin.md#dashboard-and-view-counts): what a page view is
 * and which China-time day it belongs to. The server counts with them; the tests check them here.
 */

const DAY_MS = 86_400_000;

/** The China-time day (UTC+8, no daylight saving) of an instant: `YYYY-MM-DD`. */
export function chinaDay(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the China-time day after the one of `ms` begins (when the uniques' salt changes). */
export function nextChinaMidnight(ms: number): number {
  return (Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - CHINA_OFFSET_MS;
}

/** The `count` China days that end with the day of `ms`, oldest first. */
export function lastChinaDays(ms: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => chinaDay(ms - (count - 1 - i) * DAY_MS));
}

/** The instant a China day (`YYYY-MM-DD`) begins. */
export function chinaDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) - CHINA_OFFSET_MS;
}

/**
 * Obvious robots by their User-Agent: crawlers, link previews, monitors and HTTP libraries. No
 * User-Agent at all is not a browser either. A headless browser is counted (it renders like one).
 */
const ROBOT =
  /bot\b|bot\/|spider|crawl|slurp|facebookexternalhit|embedly|lighthouse|pingdom|uptime|monitor|curl\/|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|libwww|scrapy|feedfetcher|\brss\b|\bfeed/i;

export function isRobot(userAgent: string | undefined): boolean {
  return !userAgent || ROBOT.test(userAgent);
}

/**
 * Paths that are never page views: the API, the console, assets and uploads, and the feeds and
 * robots.txt that the page cache also answers (any case).
 */
const NOT_PAGES =
  /^\/(?:api|wapi|admin)(?:[/?#]|$)|^\/(?:_astro|uploads)\/|^\/(?:rss\.xml|sitemap\.xml|robots\.txt)(?:[?#]|$)/i;

export function isPageViewPath(url: string): boolean {
  return !NOT_PAGES.test(url);
}
