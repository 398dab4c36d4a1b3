import { type DateInput, parseWireDate, toWireDate } from './wire-date.ts';

/** SPEC §9: 1,000+ shows one decimal with k; 10,000+ one decimal with w. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n >= 10_000) return `${trim(n / 10_000)}w`;
  if (n >= 1_000) return `${trim(n / 1_000)}k`;
  return String(Math.trunc(n));
}

const trim = (v: number) => (Math.floor(v * 10) / 10).toFixed(1);

/**
 * A like button's accessible name: the action (取消… once liked) and the count it shows, so what is
 * seen is what is said (WCAG 2.5.3); the action alone while the count is unknown. Here, in the
 * chrome's chunk, because the article page's script labels its like before any island loads.
 */
export function likeLabel(liked: boolean, count?: number | null, label = '点赞'): string {
  const action = liked ? `取消${label}` : label;
  return count == null ? action : `${action} ${formatCount(count)}`;
}

/** SPEC §9: elapsed time since a date (wire or ISO, see parseWireDate), in seconds, minutes, hours or days. */
export function timeAgo(date: DateInput, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - parseWireDate(date)) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return `${seconds}秒前`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  return `${Math.floor(seconds / 86_400)}天前`;
}

/** YYYY-MM-DD in the blog's time zone (China), whatever the server's or browser's zone is. */
export function formatDate(date: DateInput): string {
  return toWireDate(date).slice(0, 10);
}

/** YYYY-MM-DD HH:mm in the blog's time zone. */
export function formatDateTime(date: DateInput): string {
  return toWireDate(date).slice(0, 16);
}

/** The ISO instant of a date, for `<time datetime>` (a wire date has no zone of its own). */
export function isoDate(date: DateInput): string {
  const ms = parseWireDate(date);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}

/** mm:ss for player times (SPEC §4 Playback). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
