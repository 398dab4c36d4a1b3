import { formatDateTime, isoDate, timeAgo } from '../../lib/format.ts';
import type { DateInput } from '../../lib/wire-date.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * When something was written: "N分钟前" in the browser, its date and time in the server HTML. That
 * HTML is cached and stays on screen unhydrated until the reader touches the island
 * (client:interaction), where a relative time would go stale; a date cannot. The first client render
 * matches the server's (no hydration mismatch), then the relative time replaces it.
 */
export function TimeAgo({ date }: { date: DateInput }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={isoDate(date)} className="muted">
      {hydrated ? timeAgo(date) : formatDateTime(date)}
    </time>
  );
}
