import { lrcEntries } from './lrc.ts';

/**
 * A lyric text in the shape NeteaseCloudMusicApi's /lyric gives it (docs/api/music.md): one time tag per
 * line, lines sorted by time. Local .lrc files often write a repeated line once with several tags
 * (`[00:19.20][00:24.00]副歌`); the original client reads only the first tag of a line and shows the second as
 * text. So each tag becomes a line of its own, in time order (same times keep their order, which is how our
 * parser pairs a line with its translation).
 *
 * Metadata lines ([ti:], [ar:], [al:], [by:] …) and NeteaseCloudMusicApi's JSON credit lines stay, at
 * the head as NetEase puts them; both clients skip them. `[offset:]` is applied to the times and
 * dropped: the original client ignores it, and ours must not apply it twice. Untimed text in a timed
 * lyric is dropped (neither client shows it); a lyric with no time tag at all is returned as it is.
 */

/** The largest time `[mmm:ss.xxx]` can carry (three minute digits, what src/lib/lrc.ts reads). */
const MAX_MS = 999 * 60_000 + 59_999;

/** `[mm:ss.xx]`, or `[mm:ss.xxx]` when the time has a millisecond the two digits would lose. */
export function lrcTag(ms: number): string {
  const t = Math.min(MAX_MS, Math.max(0, Math.round(ms)));
  const min = String(Math.floor(t / 60_000)).padStart(2, '0');
  const sec = String(Math.floor((t % 60_000) / 1000)).padStart(2, '0');
  const frac = t % 1000;
  const fraction = frac % 10 ? String(frac).padStart(3, '0') : String(frac / 10).padStart(2, '0');
  return `[${min}:${sec}.${fraction}]`;
}

export function toNeteaseLrc(text: string): string {
  const source = (text ?? '').replace(/^\uFEFF/, '');
  const head: string[] = [];
  const timed: { time: number; text: string }[] = [];
  let offset = 0;
  for (const entry of lrcEntries(source)) {
    if (entry.kind === 'timed') for (const time of entry.times) timed.push({ time, text: entry.text });
    else if (entry.kind === 'offset') offset = entry.value;
    else head.push(entry.line);
  }
  if (!timed.length) return source;
  // A positive offset shows the lyrics sooner (LRC convention, as src/lib/lrc.ts reads it). The sort
  // is stable: lines at one time keep their order.
  const lines = timed
    .map((l) => ({ time: Math.min(MAX_MS, Math.max(0, Math.round(l.time - offset))), text: l.text }))
    .sort((a, b) => a.time - b.time)
    .map((l) => `${lrcTag(l.time)}${l.text}`);
  return `${[...head, ...lines].join('\n')}\n`;
}
