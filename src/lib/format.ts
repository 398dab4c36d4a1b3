/** SPEC §9: 1,000+ shows one decimal with k; 10,000+ one decimal with w. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n >= 10_000) return `${trim(n / 10_000)}w`;
  if (n >= 1_000) return `${trim(n / 1_000)}k`;
  return String(Math.trunc(n));
}

const trim = (v: number) => (Math.floor(v * 10) / 10).toFixed(1);

/** SPEC §9: elapsed time since a date, in seconds, minutes, hours or days. */
export function timeAgo(date: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(date).getTime()) / 1000));
  if (seconds < 60) return `${seconds}秒前`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  return `${Math.floor(seconds / 86_400)}天前`;
}

/**
 * The blog's dates are China Standard Time: UTC+8 all year, without daylight saving since 1991, so
 * plain arithmetic gives them. (Intl with a time zone would be exact for older dates too, but pulls
 * some 10 MB of the time-zone and locale database into the server's memory and is slower.)
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const chinaIso = (date: string | number | Date) =>
  new Date(new Date(date).getTime() + CHINA_OFFSET_MS).toISOString();

/** YYYY-MM-DD in the blog's time zone (China), whatever the server's zone is. */
export function formatDate(date: string | number | Date): string {
  return chinaIso(date).slice(0, 10);
}

/** YYYY-MM-DD HH:mm in the blog's time zone. */
export function formatDateTime(date: string | number | Date): string {
  const iso = chinaIso(date);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** mm:ss for player times (SPEC §4 Playback). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
