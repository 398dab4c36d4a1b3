import { createRequire } from 'node:module';
import Bowser from 'bowser';
import type IP2Region from 'ip2region';
import { deviceName, regionName } from '../../lib/writer-place.ts';
import type { GuardSettings } from './site.ts';

type Lookup = { search(ip: string): { country: string; province: string } | null };

let database: Lookup | null = null;

/**
 * ip2region's offline database (its files ship in the npm package: no network), read into memory on
 * the first lookup only, so a site that never turns IP 属地 on never pays for it (about 13 MB of RSS:
 * docs/performance.md#ip-属地). A CommonJS package that finds its data beside itself: required, not
 * bundled.
 */
function ipDatabase(): Lookup {
  if (!database) {
    const { default: Database } = createRequire(import.meta.url)('ip2region') as {
      default: typeof IP2Region;
    };
    database = new Database();
  }
  return database;
}

/** The 属地 of an address ('' for a private or unknown one, or one the database cannot read). */
export function regionOf(ip: string): string {
  if (!ip) return '';
  try {
    return regionName(ipDatabase().search(ip));
  } catch {
    return '';
  }
}

/** `Chrome · Windows` from a User-Agent header ('' for none). */
export function deviceOf(userAgent: string): string {
  if (!userAgent.trim()) return '';
  const parsed = Bowser.parse(userAgent.slice(0, 1000));
  return deviceName(parsed.browser.name, parsed.os.name);
}

export type WriterPlace = { ip_address: string; user_agent: string };

/** What a new comment or message keeps of its writer: only what the owner turned on (`on`). */
export function placeOf(ip: string, userAgent: string, on: GuardSettings): WriterPlace {
  return {
    ip_address: on.ip_region ? regionOf(ip) : '',
    user_agent: on.ua_summary ? deviceOf(userAgent) : '',
  };
}

/** Rows as answered: what a setting now off is not shown (kept in the row, shown again when on). */
export function shownPlace<T extends { ipAddress: string; userAgent: string }>(
  rows: T[],
  on: GuardSettings,
): T[] {
  if (on.ip_region && on.ua_summary) return rows;
  return rows.map((r) => ({
    ...r,
    ipAddress: on.ip_region ? r.ipAddress : '',
    userAgent: on.ua_summary ? r.userAgent : '',
  }));
}
