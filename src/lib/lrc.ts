/**
 * LRC lyrics (docs/product.md#music-data: lyricList and lyricTimeList, start times in ms). Handles several
 * time tags on one line, `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]`, `[mm:ss.xxx]`, `[offset:±ms]`,
 * metadata tags ([ti:] [ar:] …, not lines), NeteaseCloudMusicApi's JSON credit lines
 * (`{"t":0,"c":[{"tx":"作词: "},{"tx":"某人"}]}`), and translations paired by time: from a separate
 * translation text, or a second line carrying the same time in the same text.
 */

export type LyricLine = { time: number; text: string; trans?: string };

const TIME = /^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;
/** A metadata line: `[ti:…]`, `[ar:…]`, `[offset:…]` … (a tag name, not a time). */
const META = /^\[([a-z#]+):(.*)\]\s*$/i;

/** The leading time tags of a trimmed line (ms each, in their order) and the text after them. */
function splitTimeTags(line: string): { times: number[]; rest: string } {
  const times: number[] = [];
  let rest = line;
  for (let m = TIME.exec(rest); m; m = TIME.exec(rest)) {
    const frac = m[3] ?? '';
    const ms = frac ? Number(frac.padEnd(3, '0')) : 0;
    times.push(Number(m[1]) * 60_000 + Number(m[2]) * 1000 + ms);
    rest = rest.slice(m[0].length);
  }
  return { times, rest };
}

/**
 * A line of an LRC text that means something, as both readers of LRC see it (this parser and the
 * NetEase-shaped lyric of src/lib/lrc-wire.ts): time tags (ms, in their order) with their words, a
 * valid `[offset:±ms]`, a NeteaseCloudMusicApi JSON credit line (`{…}`), or other metadata
 * ([ti:], [ar:], an offset that is not a number …).
 */
export type LrcEntry =
  | { kind: 'timed'; times: number[]; text: string }
  | { kind: 'offset'; value: number }
  | { kind: 'credit' | 'meta'; line: string };

/** The entries of an LRC text in its order; blank lines and untimed text are left out. */
export function lrcEntries(text: string): LrcEntry[] {
  const entries: LrcEntry[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('{')) {
      entries.push({ kind: 'credit', line });
      continue;
    }
    const { times, rest } = splitTimeTags(line);
    if (times.length) {
      entries.push({ kind: 'timed', times, text: rest.trim() });
      continue;
    }
    const meta = META.exec(line);
    if (!meta) continue;
    const value = meta[1].toLowerCase() === 'offset' ? Number(meta[2].trim()) : Number.NaN;
    entries.push(Number.isFinite(value) ? { kind: 'offset', value } : { kind: 'meta', line });
  }
  return entries;
}

function parseRaw(text: string): LyricLine[] {
  const lines: LyricLine[] = [];
  let offset = 0;
  for (const entry of lrcEntries(text)) {
    if (entry.kind === 'credit') {
      try {
        const credit = JSON.parse(entry.line) as { t?: number; c?: { tx?: string }[] };
        if (typeof credit.t === 'number' && Array.isArray(credit.c))
          lines.push({
            time: Math.max(0, credit.t),
            text: credit.c
              .map((p) => p.tx ?? '')
              .join('')
              .trim(),
          });
      } catch {
        /* not a credit line: ignored */
      }
    } else if (entry.kind === 'timed') {
      for (const time of entry.times) lines.push({ time, text: entry.text });
    } else if (entry.kind === 'offset') offset = entry.value;
    // Other metadata ([ti:], [ar:], [al:], [by:] …) is not a lyric line.
  }
  // A positive offset shows the lyrics sooner (LRC convention).
  return lines
    .map((l, i) => ({ l: { ...l, time: Math.max(0, l.time - offset) }, i }))
    .sort((a, b) => a.l.time - b.l.time || a.i - b.i)
    .map((x) => x.l);
}

/** The lines of a lyric text, sorted by time, with translations paired by time. */
export function parseLrc(text: string, translation = ''): LyricLine[] {
  const merged: LyricLine[] = [];
  for (const line of parseRaw(text ?? '')) {
    const prev = merged[merged.length - 1];
    // Two lines at the same time in one text: the second is the first one's translation.
    if (prev && prev.time === line.time && prev.trans === undefined && line.text && prev.text)
      prev.trans = line.text;
    else merged.push(line);
  }
  const trans = parseRaw(translation ?? '').filter((l) => l.text);
  if (trans.length) {
    let j = 0;
    for (const line of merged) {
      while (j < trans.length && trans[j].time < line.time - 10) j++;
      if (j < trans.length && Math.abs(trans[j].time - line.time) <= 10 && line.trans === undefined)
        line.trans = trans[j].text;
    }
  }
  return merged;
}

/** The index of the line playing at `ms` (the last line started), -1 before the first. */
export function lyricIndexAt(times: readonly number[], ms: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** SPECIAL style: how long the current line stays, by the gap to the next (docs/product.md#playback). */
export function lineGap(times: readonly number[], index: number, durationMs: number): number {
  if (index < 0 || index >= times.length) return 0;
  const next = index + 1 < times.length ? times[index + 1] : durationMs;
  return Math.max(0, next - times[index]);
}
