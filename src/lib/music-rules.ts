/**
 * The player's rules: docs/product.md#playback, docs/product.md#music-search-paging and the music
 * constants of docs/product.md#constants-and-limits.
 */

export const PLAY_MODELS = ['RANDOM', 'LISTLOOP', 'SINGLECYCLE'] as const;
export type PlayModel = (typeof PLAY_MODELS)[number];
export type PlayType = 'TOP' | 'CUSTOM';
export type LyricType = 'COMMON' | 'SPECIAL';

export const SEARCH_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 30;
export const QUALITY_LEVEL = 'exhigh';
export const DEFAULT_VOLUME = 0.5;
export const MUSIC_TOAST_MS = 1000;
export const QR_POLL_MS = 3000;
export const CONTROLS_HIDE_MS = 2000;
export const FOLLOW_PAUSE_MS = 1000;
export const MISSING_ARTIST = '歌手走丢了';

/** RANDOM → LISTLOOP → SINGLECYCLE → RANDOM. */
export function nextPlayModel(model: PlayModel): PlayModel {
  const i = PLAY_MODELS.indexOf(model);
  return PLAY_MODELS[(i + 1) % PLAY_MODELS.length];
}

/**
 * The index to play after `current` (-1: no current track) in a list of `length`, going forward
 * (step 1) or backward (-1). -1 for an empty list.
 */
export function nextIndex(
  model: PlayModel,
  current: number,
  length: number,
  step: 1 | -1 = 1,
  random: () => number = Math.random,
): number {
  if (length <= 0) return -1;
  if (length === 1) return 0;
  const has = current >= 0 && current < length;
  if (model === 'SINGLECYCLE') return has ? current : 0;
  if (model === 'RANDOM') {
    let pick = Math.floor(random() * length) % length;
    if (pick === current) pick = Math.floor(random() * length) % length; // one retry
    return pick;
  }
  if (!has) return 0;
  return step === 1 ? (current + 1) % length : current === 0 ? length - 1 : current - 1;
}

/** Progress in percent, rounded to two decimals, within 0–100. */
export function progressPercent(currentSeconds: number, durationSeconds: number): number {
  if (!(durationSeconds > 0) || !Number.isFinite(currentSeconds)) return 0;
  const pct = (currentSeconds / durationSeconds) * 100;
  return Math.round(Math.min(100, Math.max(0, pct)) * 100) / 100;
}

/** The time a progress percentage points at. */
export const timeAtPercent = (percent: number, durationSeconds: number): number =>
  durationSeconds > 0 ? (Math.min(100, Math.max(0, percent)) / 100) * durationSeconds : 0;

/** Volume slider 0–100 ↔ audio volume 0–1. */
export const sliderToVolume = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, Math.round(value) / 100)) : DEFAULT_VOLUME;
export const volumeToSlider = (volume: number): number =>
  Math.round(Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : DEFAULT_VOLUME)) * 100);

export type FontKind = 'title' | 'author' | 'lyric';
/** Lyric board font sizes in rem (docs/product.md#other-rules), changed in 0.1 steps. */
export const FONT_BOUNDS: Record<FontKind, [number, number]> = {
  title: [1, 5],
  author: [0, 2.4],
  lyric: [1, 4],
};
export const DEFAULT_FONT_SIZES: Record<FontKind, number> = { title: 2, author: 1, lyric: 1.6 };

export function stepFontSize(kind: FontKind, value: number, direction: 1 | -1): number {
  const [min, max] = FONT_BOUNDS[kind];
  const next = Math.round((value + direction * 0.1) * 10) / 10;
  return Math.min(max, Math.max(min, next));
}

/**
 * A song in the list form; custom songs may carry artists/alias instead of ar/alia
 * (docs/product.md#music-data).
 */
export type Artist = { id?: number; name: string };
export type Song = {
  id: number;
  name: string;
  ar?: Artist[];
  artists?: Artist[];
  alia?: string[];
  alias?: string[];
  al?: { id?: number; name?: string; picUrl?: string };
  dt?: number;
  active?: boolean;
};
export type SearchSong = {
  id: number;
  name: string;
  artists?: Artist[];
  album?: { id?: number; name?: string; picUrl?: string; artist?: { img1v1Url?: string } };
  alias?: string[];
  duration?: number;
};

/** Artists joined by commas, or 歌手走丢了 when there is none. */
export function artistNames(song: Pick<Song, 'ar' | 'artists'>): string {
  const names = (song.ar?.length ? song.ar : (song.artists ?? [])).map((a) => a?.name).filter(Boolean);
  return names.length ? names.join(',') : MISSING_ARTIST;
}

/** A search result reshaped for the lists: ar, al with the picUrl from the album artist image. */
export function fromSearch(song: SearchSong, active = false): Song {
  return {
    id: song.id,
    name: song.name,
    ar: song.artists ?? [],
    al: {
      id: song.album?.id,
      name: song.album?.name,
      picUrl: song.album?.artist?.img1v1Url ?? song.album?.picUrl ?? '',
    },
    alia: song.alias ?? [],
    dt: song.duration,
    active,
  };
}

/** Adds to the custom list; a song already in it changes nothing. */
export function addToCustom(list: readonly Song[], song: Song): { list: Song[]; added: boolean } {
  if (list.some((s) => s.id === song.id)) return { list: [...list], added: false };
  return { list: [...list, { ...song, active: true }], added: true };
}

/** Removes from the custom list; `backToTop` when it is now empty (back to TOP). */
export function removeFromCustom(list: readonly Song[], id: number): { list: Song[]; backToTop: boolean } {
  const next = list.filter((s) => s.id !== id);
  return { list: next, backToTop: next.length === 0 };
}

/** Marks the songs already in the custom list as active. */
export function markActive<T extends { id: number }>(
  songs: readonly T[],
  custom: readonly { id: number }[],
): (T & { active: boolean })[] {
  const ids = new Set(custom.map((s) => s.id));
  return songs.map((s) => ({ ...s, active: ids.has(s.id) }));
}

/** Search paging state (docs/product.md#music-search-paging). */
export type SearchPaging = { keywords: string; offset: number; loadMore: boolean };

/** A new search: offset back to 0. An empty keyword means "clear, no request" (null). */
export function newSearch(keywords: string): SearchPaging | null {
  const k = keywords.trim();
  return k ? { keywords: k, offset: 0, loadMore: true } : null;
}

/** Loading more raises the offset by the page size. */
export const moreSearch = (state: SearchPaging): SearchPaging => ({
  ...state,
  offset: state.offset + SEARCH_PAGE_SIZE,
});

/**
 * After a page arrived: an empty page ends loading (loadMore false) and asks for the toast
 * 没有相关的歌曲; the server's hasMore false ends it too.
 */
export function afterPage(
  state: SearchPaging,
  count: number,
  hasMore: boolean | undefined,
): SearchPaging & { emptyToast: boolean } {
  const empty = count === 0;
  return { ...state, loadMore: !empty && hasMore !== false, emptyToast: empty };
}
