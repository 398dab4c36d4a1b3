import type { Library, LocalSong } from '../../services/music/library.ts';

const norm = (v: string) => v.normalize('NFKC').toLowerCase();

/** Songs matching every keyword in title, artists or album; title hits first. */
export function searchLibrary(lib: Library, keywords: string): LocalSong[] {
  const terms = norm(keywords).split(/\s+/).filter(Boolean);
  if (!terms.length) return [];
  const hits: { song: LocalSong; rank: number; order: number }[] = [];
  let order = 0;
  for (const list of lib.playlists)
    for (const id of list.songIds) {
      const song = lib.songs.get(id) as LocalSong;
      const name = norm(song.name);
      const artists = norm(song.artists.join(' '));
      const album = norm(song.album);
      const all = `${name} ${artists} ${album}`;
      order++;
      if (!terms.every((t) => all.includes(t))) continue;
      const rank =
        name === terms.join(' ')
          ? 0
          : terms.every((t) => name.includes(t))
            ? 1
            : terms.some((t) => artists.includes(t))
              ? 2
              : 3;
      hits.push({ song, rank, order });
    }
  return hits.sort((a, b) => a.rank - b.rank || a.order - b.order).map((h) => h.song);
}
