import { readFileSync } from 'node:fs';
import { toNeteaseLrc } from '../../../lib/lrc-wire.ts';
import type { Library, LocalSong } from '../../services/music/library.ts';

/** A song's lyrics and translation in NetEase's shape (src/lib/lrc-wire.ts). */
export function readLyrics(lib: Library, song: LocalSong): { lrc: string; tlyric: string } {
  const read = (file: string | null) => (file ? readFileSync(file, 'utf8').replace(/^\uFEFF/, '') : '');
  // A sidecar .lrc wins over lyrics in the tags.
  const lrc = read(lib.sidecar(song, '.lrc')) || song.embeddedLyrics;
  // In NetEase's shape: one time tag per line, sorted (a local file may tag a line several times).
  return { lrc: toNeteaseLrc(lrc), tlyric: toNeteaseLrc(read(lib.sidecar(song, '.trans.lrc'))) };
}
