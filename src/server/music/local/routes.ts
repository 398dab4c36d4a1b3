import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { parseFile } from 'music-metadata';
import { toNeteaseLrc } from '../../../lib/lrc-wire.ts';
import type { ApiEnv } from '../../api/context.ts';
import { sameSiteOnly } from '../../api/write-guard.ts';
import { clientIp } from '../../core/client-ip.ts';
import { RateLimiter } from '../../core/rate-limit.ts';
import { db } from '../../db/connection.ts';
import {
  checkQr,
  createQrKey,
  currentSession,
  endSession,
  profileOf,
  QR_TTL_MS,
  startSession,
  validKey,
} from '../account.ts';
import { qrDataUrl } from '../qr.ts';
import { idList, intParam, param, publicOrigin, sendFileRange, wapiFail } from '../respond.ts';
import { currentLibrary, startMusic } from '../service.ts';
import { coverPng } from './demo.ts';
import { AUDIO_TYPES, type Library, type LocalPlaylist, type LocalSong, stableId } from './library.ts';

/**
 * The local music service: the NeteaseCloudMusicApi calls of API.md answered from MUSIC_DIR, plus
 * /wapi/stream/{id} (the audio, with Range), /wapi/cover/… (artwork) and /wapi/like (a signed-in
 * music account's saved songs: the local user's playlist).
 */

export type LocalOptions = { qrTtlMs?: number };

const artistId = (name: string) => stableId(`artist:${name}`);
const albumId = (song: LocalSong) => stableId(`album:${song.album || song.folderId}`);
const songCover = (s: LocalSong) => `/wapi/cover/song/${s.id}?v=${Math.floor(s.mtimeMs)}`;
const listCover = (p: LocalPlaylist) => `/wapi/cover/playlist/${p.id}?v=${Math.floor(p.updatedAt)}`;
/** Folder playlist ids live above 2^47 so they never meet a site user id (the user's own list). */
const PLAYLIST_BASE = 2 ** 47;
export const playlistId = (p: LocalPlaylist) => PLAYLIST_BASE + (p.id % PLAYLIST_BASE);

/** NetEase names at least one artist for every song (clients read `ar[0].name`): untagged songs get this. */
export const UNKNOWN_ARTIST = '未知歌手';
/** The song's artists as `{id, name}`, `{id: 0, name: 未知歌手}` when its tags name none. */
const artistsOf = (s: LocalSong) =>
  s.artists.length
    ? s.artists.map((name) => ({ id: artistId(name), name }))
    : [{ id: 0, name: UNKNOWN_ARTIST }];

/** The song in the list form of NeteaseCloudMusicApi (playlist/track/all, song/detail). */
function listSong(s: LocalSong) {
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
function searchSong(s: LocalSong) {
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

const privilege = (s: LocalSong) => ({
  id: s.id,
  fee: 0,
  st: 0,
  pl: s.bitrate,
  dl: s.bitrate,
  maxbr: s.bitrate,
});

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

function readLyrics(lib: Library, song: LocalSong): { lrc: string; tlyric: string } {
  const read = (file: string | null) => (file ? readFileSync(file, 'utf8').replace(/^\uFEFF/, '') : '');
  // A sidecar .lrc wins over lyrics in the tags.
  const lrc = read(lib.sidecar(song, '.lrc')) || song.embeddedLyrics;
  // In NetEase's shape: one time tag per line, sorted (a local file may tag a line several times).
  return { lrc: toNeteaseLrc(lrc), tlyric: toNeteaseLrc(read(lib.sidecar(song, '.trans.lrc'))) };
}

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Recent embedded covers, so a list of covers does not re-read every audio file. */
const pictureCache = new Map<string, { data: Uint8Array; type: string } | null>();
async function embeddedPicture(file: string, key: string) {
  if (pictureCache.has(key)) return pictureCache.get(key) ?? null;
  let pic: { data: Uint8Array; type: string } | null = null;
  try {
    const meta = await parseFile(file, { skipCovers: false, duration: false });
    const p = meta.common.picture?.[0];
    if (p) pic = { data: p.data, type: p.format.includes('/') ? p.format : `image/${p.format}` };
  } catch {
    pic = null;
  }
  if (pictureCache.size >= 64) pictureCache.delete(pictureCache.keys().next().value as string);
  pictureCache.set(key, pic);
  return pic;
}

let fallbackCover: Buffer | undefined;
const imageResponse = (data: Uint8Array, type: string) =>
  new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  });

export function localRoutes(opts: LocalOptions = {}): Hono<ApiEnv> {
  const qrKeys = new RateLimiter(30, 60_000);
  const app = new Hono<ApiEnv>();
  let lib: Library;
  // Every call waits for the first scan (on the very first start: the demo library too).
  app.use(async (_c, next) => {
    lib = currentLibrary() ?? (await startMusic());
    await next();
  });

  const songOr404 = (raw: string) => {
    const [id] = idList(raw, 1);
    return id === undefined ? undefined : lib.songs.get(id);
  };

  /** The user's saved songs (the local user's own playlist), in their order, still in the library. */
  const likedSongs = async (userId: number) => {
    const rows = await db
      .selectFrom('music_like')
      .select('song_id')
      .where('user_id', '=', userId)
      .orderBy('position')
      .execute();
    return rows.map((r) => lib.songs.get(Number(r.song_id))).filter((s): s is LocalSong => Boolean(s));
  };

  app.get('/toplist/detail', (c) =>
    c.json({
      code: 200,
      list: lib.playlists.map((p) => ({
        id: playlistId(p),
        name: p.name,
        coverImgUrl: listCover(p),
        updateFrequency: '随曲库更新',
        trackCount: p.songIds.length,
        description: `本地曲库 · ${p.rel === '.' ? '根目录' : p.rel}`,
        updateTime: Math.floor(p.updatedAt),
      })),
    }),
  );

  app.get('/playlist/track/all', async (c) => {
    const [id] = idList(param(c, 'id'), 1);
    if (id === undefined) return wapiFail(c, 400, '缺少歌单 id');
    const limit = intParam(c, 'limit', 1000, 1000);
    const offset = intParam(c, 'offset', 0, 1_000_000);
    let songs: LocalSong[];
    if (id >= PLAYLIST_BASE) {
      const list = lib.playlists.find((p) => playlistId(p) === id);
      if (!list) return wapiFail(c, 404, '歌单不存在');
      songs = list.songIds.map((sid) => lib.songs.get(sid) as LocalSong);
    } else {
      if (!(await profileOf(id))) return wapiFail(c, 404, '歌单不存在');
      songs = await likedSongs(id);
    }
    const page = songs.slice(offset, offset + limit);
    return c.json({ code: 200, songs: page.map(listSong), privileges: page.map(privilege) });
  });

  app.get('/song/detail', (c) => {
    const ids = idList(param(c, 'ids', 2000));
    if (!ids.length) return wapiFail(c, 400, '缺少歌曲 ids');
    const songs = ids.map((id) => lib.songs.get(id)).filter((s): s is LocalSong => Boolean(s));
    return c.json({ code: 200, songs: songs.map(listSong), privileges: songs.map(privilege) });
  });

  app.get('/song/url/v1', (c) => {
    const ids = idList(param(c, 'id', 2000));
    if (!ids.length) return wapiFail(c, 400, '缺少歌曲 id');
    const level = param(c, 'level', 20) || 'standard';
    return c.json({
      code: 200,
      data: ids.map((id) => {
        const s = lib.songs.get(id);
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
      }),
    });
  });

  app.get('/search', (c) => {
    const keywords = param(c, 'keywords', 100);
    if (!keywords) return wapiFail(c, 400, '请输入搜索关键词');
    const limit = Math.max(1, intParam(c, 'limit', 30, 100));
    const offset = intParam(c, 'offset', 0, 1_000_000);
    const type = param(c, 'type', 4) || '1';
    const hits = type === '1' ? searchLibrary(lib, keywords) : [];
    const page = hits.slice(offset, offset + limit);
    const result: Record<string, unknown> = { hasMore: offset + limit < hits.length, songCount: hits.length };
    // NeteaseCloudMusicApi leaves `songs` out when nothing matched.
    if (page.length) result.songs = page.map(searchSong);
    return c.json({ code: 200, result });
  });

  app.get('/lyric', (c) => {
    const song = songOr404(param(c, 'id'));
    if (!song) return param(c, 'id') ? wapiFail(c, 404, '歌曲不存在') : wapiFail(c, 400, '缺少歌曲 id');
    const { lrc, tlyric } = readLyrics(lib, song);
    if (!lrc.trim()) return c.json({ code: 200, nolyric: true, sgc: false, sfy: false, qfy: false });
    return c.json({
      code: 200,
      sgc: false,
      sfy: false,
      qfy: false,
      lrc: { version: 1, lyric: lrc },
      tlyric: { version: tlyric ? 1 : 0, lyric: tlyric },
    });
  });

  app.on(['GET', 'HEAD'], '/stream/:id', (c) => {
    const song = songOr404(c.req.param('id'));
    const file = song && lib.resolve(song.rel);
    if (!song || !file) return wapiFail(c, 404, '歌曲不存在');
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(file);
    } catch {
      return wapiFail(c, 404, '歌曲文件已被移除');
    }
    return sendFileRange(
      c,
      file,
      stat,
      AUDIO_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    );
  });

  const serveImage = (c: Parameters<typeof sendFileRange>[0], rel: string) => {
    const file = lib.resolve(rel);
    const type = IMAGE_TYPES[path.extname(rel).toLowerCase()];
    if (!file || !type) return null;
    try {
      return sendFileRange(c, file, statSync(file), type);
    } catch {
      return null;
    }
  };
  const fallback = () => {
    fallbackCover ??= coverPng(210, 7);
    return imageResponse(fallbackCover, 'image/png');
  };
  const coverOfSong = async (c: Parameters<typeof sendFileRange>[0], song: LocalSong) => {
    const file = lib.resolve(song.rel);
    if (song.hasPicture && file) {
      const pic = await embeddedPicture(file, `${song.id}:${song.mtimeMs}`);
      if (pic) return imageResponse(pic.data, pic.type);
    }
    const base = song.rel.slice(0, -path.extname(song.rel).length);
    for (const ext of Object.keys(IMAGE_TYPES)) {
      const own = lib.sidecar(song, ext) && serveImage(c, base + ext);
      if (own) return own;
    }
    const folder = lib.playlists.find((p) => p.id === song.folderId);
    return (folder?.coverRel && serveImage(c, folder.coverRel)) || fallback();
  };

  app.get('/cover/song/:id', async (c) => {
    const song = songOr404(c.req.param('id'));
    return song ? coverOfSong(c, song) : fallback();
  });

  app.get('/cover/playlist/:id', async (c) => {
    const [id] = idList(c.req.param('id'), 1);
    const list = lib.playlists.find((p) => playlistId(p) === id);
    if (!list) return fallback();
    if (list.coverRel) {
      const img = serveImage(c, list.coverRel);
      if (img) return img;
    }
    const first = lib.songs.get(list.songIds[0]);
    return first ? coverOfSong(c, first) : fallback();
  });

  // QR login: the code points at this site's confirm page, where a signed-in site user approves.
  app.get('/login/qr/key', async (c) => {
    const wait = qrKeys.take(clientIp(c));
    if (wait) return wapiFail(c, 429, '请求过于频繁，请稍后再试');
    const unikey = await createQrKey(opts.qrTtlMs ?? QR_TTL_MS);
    c.header('Cache-Control', 'no-store');
    return c.json({ code: 200, data: { code: 200, unikey } });
  });

  app.get('/login/qr/create', (c) => {
    const key = param(c, 'key', 64);
    if (!validKey(key)) return wapiFail(c, 400, '二维码 key 无效');
    const qrurl = `${publicOrigin()}/music/confirm?key=${key}`;
    const wantImage = ['true', '1'].includes(param(c, 'qrimg', 8));
    return c.json({ code: 200, data: { qrurl, qrimg: wantImage ? qrDataUrl(qrurl) : '' } });
  });

  // Signs the caller in on 803: never for a navigation from another site (login CSRF).
  app.get('/login/qr/check', sameSiteOnly, async (c) => {
    c.header('Cache-Control', 'no-store');
    const key = param(c, 'key', 64);
    if (!validKey(key)) return c.json({ code: 800, message: '二维码不存在或已过期' });
    const state = await checkQr(key);
    if (state.code === 803) {
      await startSession(c, { userId: state.userId });
      return c.json({ code: 803, message: state.message });
    }
    return c.json(state);
  });

  app.get('/login/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    const session = await currentSession(c);
    const profile = session?.user_id ? await profileOf(session.user_id) : null;
    const account = profile
      ? { id: profile.userId, userName: profile.nickname, type: 1, status: 0, anonimousUser: false }
      : { id: 0, type: 0, status: 0, anonimousUser: true };
    return c.json({ code: 200, data: { code: 200, account, profile } });
  });

  app.get('/user/playlist', async (c) => {
    const [uid] = idList(param(c, 'uid'), 1);
    if (uid === undefined) return wapiFail(c, 400, '缺少用户 uid');
    const profile = await profileOf(uid);
    if (!profile) return wapiFail(c, 404, '用户不存在');
    const liked = await likedSongs(uid);
    const own = {
      id: uid,
      name: `${profile.nickname || '我'}喜欢的音乐`,
      coverImgUrl: liked[0] ? songCover(liked[0]) : '/wapi/cover/song/0',
      trackCount: liked.length,
      specialType: 5,
      subscribed: false,
      userId: uid,
      creator: { userId: uid, nickname: profile.nickname, avatarUrl: profile.avatarUrl },
    };
    // The library folders follow, as the lists this account "subscribes" to.
    const folders = lib.playlists.map((p) => ({
      id: playlistId(p),
      name: p.name,
      coverImgUrl: listCover(p),
      trackCount: p.songIds.length,
      specialType: 0,
      subscribed: true,
      userId: 0,
      creator: { userId: 0, nickname: '本地曲库', avatarUrl: '' },
    }));
    return c.json({ code: 200, more: false, playlist: [own, ...folders] });
  });

  // Saves or removes a song in the signed-in music account's own list (like NeteaseCloudMusicApi's /like,
  // same query parameters). POST only: a GET would let a link on another site change the list.
  app.post('/like', async (c) => {
    const session = await currentSession(c);
    if (!session?.user_id) return wapiFail(c, 401, '需要登录', 301);
    const song = songOr404(param(c, 'id'));
    if (!song) return wapiFail(c, 404, '歌曲不存在');
    const like = param(c, 'like', 8) !== 'false';
    const userId = session.user_id;
    if (like) {
      const last = await db
        .selectFrom('music_like')
        .select((eb) => eb.fn.max('position').as('max'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      await db
        .insertInto('music_like')
        .values({ user_id: userId, song_id: song.id, position: Number(last?.max ?? 0) + 1 })
        .onConflict((oc) => oc.columns(['user_id', 'song_id']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('music_like')
        .where('user_id', '=', userId)
        .where('song_id', '=', song.id)
        .execute();
    }
    return c.json({ code: 200 });
  });

  app.get('/likelist', async (c) => {
    const [uid] = idList(param(c, 'uid'), 1);
    if (uid === undefined) return wapiFail(c, 400, '缺少用户 uid');
    return c.json({ code: 200, ids: (await likedSongs(uid)).map((s) => s.id), checkPoint: Date.now() });
  });

  // GET, as in the NeteaseCloudMusicApi contract; it only ends the caller's own music session, and a
  // navigation from another site may not do even that.
  app.get('/logout', sameSiteOnly, async (c) => {
    await endSession(c);
    return c.json({ code: 200 });
  });

  return app;
}
