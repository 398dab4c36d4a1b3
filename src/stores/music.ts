import { atom, map } from 'nanostores';
import { readJson, writeJson } from '../browser/storage.ts';
import { wapi } from '../lib/api/music.ts';
import { type LyricLine, lyricIndexAt, parseLrc } from '../lib/lrc.ts';
import {
  addToCustom,
  DEFAULT_FONT_SIZES,
  DEFAULT_VOLUME,
  type FontKind,
  type LyricType,
  MUSIC_TOAST_MS,
  nextIndex,
  nextPlayModel,
  type PlayModel,
  type PlayType,
  progressPercent,
  QUALITY_LEVEL,
  removeFromCustom,
  type Song,
  stepFontSize,
  timeAtPercent,
} from '../lib/music-rules.ts';
import { toast } from './toast.ts';

/**
 * The music player's state (docs/product.md#music-data) and its actions. The one hidden <audio> element of
 * the launcher island is attached here; panels loaded later only read the atoms and call these actions.
 * Saved on unload under `blog-music-player` (docs/product.md#browser-storage encoding).
 */

export const MUSIC_STORAGE_KEY = 'blog-music-player';

export type PlayerState = {
  volume: number;
  isPaused: boolean;
  currentTime: number;
  duration: number;
  lyricType: LyricType;
  showLyricBoard: boolean;
  currentLyricIndex: number;
  isShowMusicPlayer: boolean;
  playType: PlayType;
  playModel: PlayModel;
  /** Progress in percent, two decimals. */
  currentSchedule: number;
};

export type MusicInfo = { id: number; url: string; lyricList: LyricLine[]; lyricTimeList: number[] };
export type MusicAccount = { userId: number; nickname: string; avatarUrl: string };

type Saved = {
  player?: Partial<PlayerState>;
  musicList?: Song[];
  customerMusicList?: Song[];
  current?: Song | null;
  fontSizes?: Partial<Record<FontKind, number>>;
};

const saved = readJson<Saved>(MUSIC_STORAGE_KEY) ?? {};
const savedPlayer = saved.player ?? {};

export const $player = map<PlayerState>({
  volume: typeof savedPlayer.volume === 'number' ? savedPlayer.volume : DEFAULT_VOLUME,
  isPaused: true,
  currentTime: typeof savedPlayer.currentTime === 'number' ? savedPlayer.currentTime : 0,
  duration: typeof savedPlayer.duration === 'number' ? savedPlayer.duration : 0,
  lyricType: savedPlayer.lyricType === 'SPECIAL' ? 'SPECIAL' : 'COMMON',
  showLyricBoard: false,
  currentLyricIndex: -1,
  isShowMusicPlayer: false,
  playType: savedPlayer.playType === 'CUSTOM' ? 'CUSTOM' : 'TOP',
  playModel: (['RANDOM', 'LISTLOOP', 'SINGLECYCLE'] as const).includes(savedPlayer.playModel as PlayModel)
    ? (savedPlayer.playModel as PlayModel)
    : 'LISTLOOP',
  currentSchedule: typeof savedPlayer.currentSchedule === 'number' ? savedPlayer.currentSchedule : 0,
});

/** The list TOP plays through (the playlist the visitor last played from). */
export const $musicList = atom<Song[]>(Array.isArray(saved.musicList) ? saved.musicList : []);
export const $customerMusicList = atom<Song[]>(
  Array.isArray(saved.customerMusicList) ? saved.customerMusicList : [],
);
export const $currentSong = atom<Song | null>(saved.current ?? null);
export const $musicInfo = atom<MusicInfo | null>(null);
export const $fontSizes = map<Record<FontKind, number>>({ ...DEFAULT_FONT_SIZES, ...saved.fontSizes });
/** The music-service account (null: anonymous). Separate from the site login. */
export const $musicAccount = atom<MusicAccount | null>(null);
export const $musicLoading = atom(false);

let audio: HTMLAudioElement | null = null;
/** Where to resume a restored song on its first play (seconds). */
let resumeAt = $player.get().currentTime;

const activeList = () => ($player.get().playType === 'CUSTOM' ? $customerMusicList.get() : $musicList.get());

function syncTime() {
  if (!audio) return;
  const info = $musicInfo.get();
  const currentTime = audio.currentTime;
  const duration = Number.isFinite(audio.duration) ? audio.duration : $player.get().duration;
  const index = info ? lyricIndexAt(info.lyricTimeList, currentTime * 1000) : -1;
  $player.set({
    ...$player.get(),
    currentTime,
    duration,
    currentSchedule: progressPercent(currentTime, duration),
    currentLyricIndex: index,
  });
}

/** Hooks the launcher's <audio> element to the store (once; it persists across navigation). */
export function attachAudio(el: HTMLAudioElement): () => void {
  audio = el;
  el.volume = $player.get().volume;
  const onPlay = () => $player.setKey('isPaused', false);
  const onPause = () => $player.setKey('isPaused', true);
  const onEnded = () => void skip(1, true);
  const events: [string, () => void][] = [
    ['timeupdate', syncTime],
    ['durationchange', syncTime],
    ['seeked', syncTime],
    ['play', onPlay],
    ['pause', onPause],
    ['ended', onEnded],
  ];
  for (const [name, fn] of events) el.addEventListener(name, fn);
  return () => {
    for (const [name, fn] of events) el.removeEventListener(name, fn);
    if (audio === el) audio = null;
  };
}

type DetailAnswer = { songs?: Song[] };
type UrlAnswer = { data?: { id: number; url: string | null }[] };
type LyricAnswer = { lrc?: { lyric?: string }; tlyric?: { lyric?: string }; nolyric?: boolean };

let loadSeq = 0;

/** Selecting a song loads its detail, url and lyrics, then plays (docs/product.md#playback). */
export async function playSong(
  song: Song,
  opts: { from?: PlayType | null; list?: Song[] } = {},
): Promise<void> {
  const seq = ++loadSeq;
  // Only the song restored from the last visit resumes where it was left.
  const start = !$musicInfo.get() && saved.current?.id === song.id ? resumeAt : 0;
  resumeAt = 0;
  if (opts.from) $player.setKey('playType', opts.from);
  if (opts.list) $musicList.set(opts.list);
  $musicLoading.set(true);
  try {
    const [detail, urls, lyric] = await Promise.all([
      wapi<DetailAnswer>('song/detail', { ids: song.id }).catch(() => ({}) as DetailAnswer),
      wapi<UrlAnswer>('song/url/v1', { id: song.id, level: QUALITY_LEVEL }),
      wapi<LyricAnswer>('lyric', { id: song.id }).catch(() => ({}) as LyricAnswer),
    ]);
    if (seq !== loadSeq) return; // a later choice won
    const url = urls.data?.[0]?.url;
    if (!url) {
      toast('这首歌暂时无法播放', 'warning', '温馨提示', MUSIC_TOAST_MS * 2);
      return;
    }
    const full = detail.songs?.[0] ?? song;
    const lyricList = lyric.nolyric ? [] : parseLrc(lyric.lrc?.lyric ?? '', lyric.tlyric?.lyric ?? '');
    $currentSong.set({ ...full, active: song.active });
    $musicInfo.set({ id: song.id, url, lyricList, lyricTimeList: lyricList.map((l) => l.time) });
    $player.set({ ...$player.get(), currentLyricIndex: -1, currentTime: start, currentSchedule: 0 });
    if (audio) {
      audio.src = url;
      if (start > 0) audio.currentTime = start;
      await audio.play().catch(() => $player.setKey('isPaused', true));
    }
  } catch (err) {
    toast((err as Error).message, 'error', '错误提示');
  } finally {
    if (seq === loadSeq) $musicLoading.set(false);
  }
}

/** Play/pause; with nothing loaded yet it starts the restored song or the list's first. */
export function togglePlay(): void {
  if (!audio) return;
  if (!audio.src || !$musicInfo.get()) {
    const song = $currentSong.get() ?? activeList()[0];
    if (song) void playSong(song);
    return;
  }
  if (audio.paused) void audio.play().catch(() => {});
  else audio.pause();
}

/** Next (1) or previous (-1) by the play mode; `ended` replays in SINGLECYCLE. */
export async function skip(step: 1 | -1, ended = false): Promise<void> {
  const list = activeList();
  const current = $currentSong.get();
  const index = current ? list.findIndex((s) => s.id === current.id) : -1;
  const next = nextIndex($player.get().playModel, index, list.length, step);
  if (next < 0) {
    if (ended) $player.setKey('isPaused', true);
    return;
  }
  const song = list[next];
  if (audio && current && song.id === current.id && $musicInfo.get()) {
    audio.currentTime = 0;
    await audio.play().catch(() => {});
    return;
  }
  await playSong(song);
}

/** Seek to a percentage; a paused song starts playing. */
export function seekPercent(percent: number): void {
  if (!audio || !$musicInfo.get()) return;
  audio.currentTime = timeAtPercent(percent, $player.get().duration);
  syncTime();
  if (audio.paused) void audio.play().catch(() => {});
}

export function seekMs(ms: number): void {
  if (!audio || !$musicInfo.get()) return;
  audio.currentTime = Math.max(0, ms / 1000);
  syncTime();
  if (audio.paused) void audio.play().catch(() => {});
}

export function setVolume(volume: number): void {
  const v = Math.min(1, Math.max(0, volume));
  $player.setKey('volume', v);
  if (audio) audio.volume = v;
}

export const cyclePlayModel = () => $player.setKey('playModel', nextPlayModel($player.get().playModel));
export const showPlayer = (show: boolean) => $player.setKey('isShowMusicPlayer', show);
export const showLyricBoard = (show: boolean) => $player.setKey('showLyricBoard', show);
export const setLyricType = (type: LyricType) => $player.setKey('lyricType', type);
export const changeFontSize = (kind: FontKind, direction: 1 | -1) =>
  $fontSizes.setKey(kind, stepFontSize(kind, $fontSizes.get()[kind], direction));

/** A signed-in music account keeps its saved songs on the server (the local service's POST /wapi/like). */
function syncLike(id: number, like: boolean) {
  if ($musicAccount.get()) void wapi('like', { id, like: String(like) }, 'POST').catch(() => {});
}

/** Adds to the custom list: 添加成功 and CUSTOM play; a song already there changes nothing. */
export function addCustom(song: Song): void {
  const { list, added } = addToCustom($customerMusicList.get(), song);
  if (!added) return;
  $customerMusicList.set(list);
  $player.setKey('playType', 'CUSTOM');
  toast('添加成功', 'success', undefined, MUSIC_TOAST_MS);
  syncLike(song.id, true);
}

/** Removes from the custom list: 删除成功; the last one gone returns to TOP. */
export function removeCustom(id: number): void {
  const { list, backToTop } = removeFromCustom($customerMusicList.get(), id);
  $customerMusicList.set(list);
  if (backToTop) $player.setKey('playType', 'TOP');
  toast('删除成功', 'success', undefined, MUSIC_TOAST_MS);
  syncLike(id, false);
}

/** The current player state is saved when the page unloads. */
export function savePlayer(): void {
  const p = $player.get();
  const data: Saved = {
    player: {
      volume: p.volume,
      currentTime: p.currentTime,
      duration: p.duration,
      lyricType: p.lyricType,
      playType: p.playType,
      playModel: p.playModel,
      currentSchedule: p.currentSchedule,
    },
    musicList: $musicList.get().slice(0, 500),
    customerMusicList: $customerMusicList.get(),
    current: $currentSong.get(),
    fontSizes: $fontSizes.get(),
  };
  writeJson(MUSIC_STORAGE_KEY, data);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', savePlayer);
