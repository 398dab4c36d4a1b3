/**
 * Dates on the wire (docs/api/README.md#conventions): every date field of /api answers and chat frames is
 * `YYYY-MM-DD HH:mm:ss` in China time (UTC+8), the format the clients of this product family parse. The
 * database and the server-rendered pages keep ISO instants; the API boundary writes them with `wireJson`, and
 * the browser reads either form back with `parseWireDate`.
 *
 * China Standard Time is UTC+8 all year, without daylight saving since 1991, so plain arithmetic gives
 * it (Intl with a time zone would pull the time-zone database into memory for nothing).
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

const WIRE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** An ISO 8601 instant as `Date#toISOString` writes it, or with an explicit offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export type DateInput = string | number | Date | null | undefined;

/**
 * Milliseconds since the epoch of a date as the API sends it (`2026-11-20 07:48:29`, China time), as
 * the pages hand it to islands (ISO instants), or a number / Date. NaN for anything else, so a bad
 * value shows as a bad value instead of a wrong time.
 */
export function parseWireDate(value: DateInput): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const m = WIRE.exec(value);
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
    const utc = Date.UTC(y, mo - 1, d, h, mi, s);
    // Date.UTC rolls over (month 13, 25:00…): such a text is not a date.
    const back = new Date(utc);
    if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h)
      return Number.NaN;
    if (back.getUTCMinutes() !== mi || back.getUTCSeconds() !== s) return Number.NaN;
    return utc - CHINA_OFFSET_MS;
  }
  return ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
}

/** `YYYY-MM-DD HH:mm:ss` in China time; '' for something that is not a date. */
export const toWireDate = (value: DateInput): string => chinaText(parseWireDate(value));

/** The wire text of an instant in ms since the epoch; '' for NaN or a year without a wire form. */
function chinaText(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const china = new Date(ms + CHINA_OFFSET_MS);
  if (Number.isNaN(china.getTime())) return '';
  const iso = china.toISOString();
  if (iso.length !== 24) return ''; // years outside 0000–9999 have no wire form
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * An article's `reading_duration` on the wire: the column and our pages keep whole seconds, /api
 * answers milliseconds, the original backend's unit (its client shows 03 分 for 3 × 60 000, and read
 * our seconds as a thousandth of the time). A client of /api divides by 1000 for seconds.
 */
export const readingDurationToWire = (seconds: number): number => seconds * 1000;

/**
 * JSON.stringify's replacer for everything the server sends: a string under a key ending in `At`
 * (createdAt, updatedAt, expiresAt…) that holds an ISO instant becomes the wire date, and a number under
 * `reading_duration` becomes milliseconds. Keys are ours and values are checked, so a user's text that
 * happens to look like a date is never rewritten. Here, not in each route, so no answer can skip it.
 */
export function wireReplacer(key: string, value: unknown): unknown {
  if (key === 'reading_duration' && typeof value === 'number') return readingDurationToWire(value);
  // Runs for every value of every answer: the instant is parsed once, not tested again by toWireDate.
  if (typeof value === 'string' && key.endsWith('At') && ISO_INSTANT.test(value)) {
    return chinaText(Date.parse(value)) || value;
  }
  return value;
}

/** The one serializer of /api answers and chat frames. */
export const wireJson = (value: unknown): string => JSON.stringify(value, wireReplacer);
