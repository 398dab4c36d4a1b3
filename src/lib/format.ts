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

// Made once: building a DateTimeFormat costs far more than formatting with it.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** YYYY-MM-DD in the blog's time zone (China), whatever the server's zone is. */
export function formatDate(date: string | number | Date): string {
  dateFormat ??= new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' });
  return dateFormat.format(new Date(date));
}

/** YYYY-MM-DD HH:mm in the blog's time zone. */
export function formatDateTime(date: string | number | Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTimeFormat.format(new Date(date));
}

/** mm:ss for player times (SPEC §4 Playback). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
