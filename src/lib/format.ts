import { type DateInput, parseWireDate, toWireDate } from './wire-date.ts';

export { formatCount, likeLabel } from './count.ts';

/**
 * docs/product.md#numbers-and-times: elapsed time since a date (wire or ISO, see parseWireDate), in seconds,
 * minutes, hours or days.
 */
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

/** YYYY-MM-DD HH:mm:ss in the blog's time zone: where times a minute apart or less stand side by side. */
export function formatDateTimeSeconds(date: DateInput): string {
  return toWireDate(date);
}

/** The ISO instant of a date, for `<time datetime>` (a wire date has no zone of its own). */
export function isoDate(date: DateInput): string {
  const ms = parseWireDate(date);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}

/** mm:ss for player times (docs/product.md#playback). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
