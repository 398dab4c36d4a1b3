/**
 * The oracle wire dates are checked against (API.md: `YYYY-MM-DD HH:mm:ss`, China time): the
 * time-zone database's Asia/Shanghai, independent of the server's own formatter (src/lib/wire-date.ts).
 */
export const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The shape of a wire date. */
export const WIRE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
