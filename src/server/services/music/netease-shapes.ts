import path from 'node:path';
import type { LocalPlaylist, LocalSong } from './library.ts';
import { stableId } from './library.ts';

/**
 * NetEase's shapes: the library's songs and folders as NeteaseCloudMusicApi answers them
 * (docs/api/music.md). The player of the original reads these fields as they are, so they change only with
 * that contract.
 */

const artistId = (name: string) => stableId(`artist:${name}`);
const albumId = (song: LocalSong) => stableId(`album:${song.album || song.folderId}`);
export const songCover = (s: LocalSong) => `/wapi/cover/song/${s.id}?v=${Math.floor(s.mtimeMs)}`;
export const listCover = (p: LocalPlaylist) => `/wapi/cover/playlist/${p.id}?v=${Math.floor(p.updatedAt)}`;
/** Folder playlist ids live above 2^47 so they never meet a site user id (the user's own list). */
export const PLAYLIST_BASE = 2 ** 47;
export const playlistId = (p: LocalPlaylist) => PLAYLIST_BASE + (p.id % PLAYLIST_BASE);

/** NetEase names at least one artist for every song (clients read `ar[0].name`): untagged songs get this. */
export const UNKNOWN_ARTIST = '未知歌手';
/** The song's artists as `{id, name}`, `{id: 0, name: 未知歌手}` when its tags name none. */
const artistsOf = (s: LocalSong) =>
  s.artists.length
    ? s.artists.map((name) => ({ id: artistId(name), name }))
    : [{ id: 0, name: UNKNOWN_ARTIST }];

/** The song in the list form of NeteaseCloudMusicApi (playlist/track/all, song/detail). */
export function listSong(s: LocalSong) {
  return {
    id: s.id,
    name: s.name,
    ar: artistsOf(s).map((a) => ({ ...a, alias: [] })),
    al: { id: albumId(s), name: s.album, picUrl: songCover(s) },
    alia: [],
    dt: s.durationMs,
    no: s.track,
    fee: 0,
    mv: 0,
    publishTime: Math.floor(s.mtimeMs),
  };
}

/** The song in the search form (artists/album, the cover as the album artist's image). */
export function searchSong(s: LocalSong) {
  const cover = songCover(s);
  const artists = artistsOf(s);
  return {
    id: s.id,
    name: s.name,
    artists: artists.map((a) => ({ ...a, img1v1Url: cover, alias: [] })),
    album: { id: albumId(s), name: s.album, picId: 0, artist: { ...artists[0], img1v1Url: cover } },
    duration: s.durationMs,
    alias: [],
    fee: 0,
    mvid: 0,
  };
}

export const privilege = (s: LocalSong) => ({
  id: s.id,
  fee: 0,
  st: 0,
  pl: s.bitrate,
  dl: s.bitrate,
  maxbr: s.bitrate,
});

/** One entry of /song/url/v1: the stream address of a song, or NetEase's code 404 entry for an unknown id. */
export function songUrl(id: number, s: LocalSong | undefined, level: string) {
  if (!s)
    return {
      id,
      url: null,
      br: 0,
      size: 0,
      md5: null,
      code: 404,
      type: null,
      level: null,
      time: 0,
      fee: 0,
    };
  const ext = path.extname(s.rel).toLowerCase();
  return {
    id,
    url: `/wapi/stream/${id}?v=${Math.floor(s.mtimeMs)}`,
    br: s.bitrate,
    size: s.size,
    md5: null,
    code: 200,
    type: ext.slice(1),
    encodeType: ext.slice(1),
    level,
    time: s.durationMs,
    fee: 0,
  };
}

/** A library folder as a chart of /toplist/detail. */
export const toplistEntry = (p: LocalPlaylist) => ({
  id: playlistId(p),
  name: p.name,
  coverImgUrl: listCover(p),
  updateFrequency: '随曲库更新',
  trackCount: p.songIds.length,
  description: `本地曲库 · ${p.rel === '.' ? '根目录' : p.rel}`,
  updateTime: Math.floor(p.updatedAt),
});

type Profile = { nickname: string; avatarUrl: string };

/** The account's own list of /user/playlist (「…喜欢的音乐」): its id is the user's. */
export const ownPlaylist = (uid: number, profile: Profile, liked: LocalSong[]) => ({
  id: uid,
  name: `${profile.nickname || '我'}喜欢的音乐`,
  coverImgUrl: liked[0] ? songCover(liked[0]) : '/wapi/cover/song/0',
  trackCount: liked.length,
  specialType: 5,
  subscribed: false,
  userId: uid,
  creator: { userId: uid, nickname: profile.nickname, avatarUrl: profile.avatarUrl },
});

/** A library folder as a list the account "subscribes" to, after its own list. */
export const folderPlaylist = (p: LocalPlaylist) => ({
  id: playlistId(p),
  name: p.name,
  coverImgUrl: listCover(p),
  trackCount: p.songIds.length,
  specialType: 0,
  subscribed: true,
  userId: 0,
  creator: { userId: 0, nickname: '本地曲库', avatarUrl: '' },
});

/** /search's result: NeteaseCloudMusicApi leaves `songs` out when nothing matched. */
export function searchResult(hits: LocalSong[], offset: number, limit: number) {
  const page = hits.slice(offset, offset + limit);
  const result: { hasMore: boolean; songCount: number; songs?: ReturnType<typeof searchSong>[] } = {
    hasMore: offset + limit < hits.length,
    songCount: hits.length,
  };
  if (page.length) result.songs = page.map(searchSong);
  return result;
}

/** /lyric's answer for a song's lyrics and translation (nolyric when it has none). */
export function lyricAnswer({ lrc, tlyric }: { lrc: string; tlyric: string }) {
  if (!lrc.trim()) return { code: 200, nolyric: true, sgc: false, sfy: false, qfy: false };
  return {
    code: 200,
    sgc: false,
    sfy: false,
    qfy: false,
    lrc: { version: 1, lyric: lrc },
    tlyric: { version: tlyric ? 1 : 0, lyric: tlyric },
  };
}
