import { statSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { clientIp } from '../../core/client-ip.ts';
import { MSG } from '../../core/messages.ts';
import { SharedLimiter } from '../../core/shared-limit.ts';
import type { ApiEnv } from '../../http/context.ts';
import { sameSiteOnly } from '../../http/write-guard.ts';
import { AUDIO_TYPES, type Library, type LocalSong } from '../../services/music/library.ts';
import {
  folderPlaylist,
  listSong,
  lyricAnswer,
  ownPlaylist,
  PLAYLIST_BASE,
  playlistId,
  privilege,
  searchResult,
  songUrl,
  toplistEntry,
} from '../../services/music/netease-shapes.ts';
import { currentLibrary, startMusic } from '../../services/music/service.ts';
import { checkQr, createQrKey, profileOf, QR_TTL_MS, validKey } from '../../services/music-account.ts';
import { likedSongIds, likeSong, unlikeSong } from '../../services/music-likes.ts';
import { currentSession, endSession, startSession } from '../account.ts';
import { qrDataUrl } from '../qr.ts';
import { idList, intParam, param, publicOrigin, sendFileRange, wapiFail } from '../respond.ts';
import { playlistCoverResponse, songCoverResponse } from './covers.ts';
import { readLyrics } from './lyrics.ts';
import { searchLibrary } from './search.ts';

/**
 * The local music service: the NeteaseCloudMusicApi calls of docs/api/music.md answered from MUSIC_DIR,
 * plus /wapi/stream/{id} (the audio, with Range), /wapi/cover/… (artwork) and /wapi/like (a signed-in music
 * account's saved songs: the local user's playlist). The library and the answers' shapes are
 * services/music/ (library.ts, netease-shapes.ts), search in search.ts, artwork in covers.ts, saved songs
 * in services/music-likes.ts.
 */

export type LocalOptions = { qrTtlMs?: number };

export function localRoutes(opts: LocalOptions = {}): Hono<ApiEnv> {
  const qrKeys = new SharedLimiter('music-qr-key', 30, 60_000);
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
  const likedSongs = async (userId: number) =>
    (await likedSongIds(userId)).map((id) => lib.songs.get(id)).filter((s): s is LocalSong => Boolean(s));

  app.get('/toplist/detail', (c) => c.json({ code: 200, list: lib.playlists.map(toplistEntry) }));

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
    return c.json({ code: 200, data: ids.map((id) => songUrl(id, lib.songs.get(id), level)) });
  });

  app.get('/search', (c) => {
    const keywords = param(c, 'keywords', 100);
    if (!keywords) return wapiFail(c, 400, '请输入搜索关键词');
    const limit = Math.max(1, intParam(c, 'limit', 30, 100));
    const offset = intParam(c, 'offset', 0, 1_000_000);
    const type = param(c, 'type', 4) || '1';
    const hits = type === '1' ? searchLibrary(lib, keywords) : [];
    return c.json({ code: 200, result: searchResult(hits, offset, limit) });
  });

  app.get('/lyric', (c) => {
    const song = songOr404(param(c, 'id'));
    if (!song) return param(c, 'id') ? wapiFail(c, 404, '歌曲不存在') : wapiFail(c, 400, '缺少歌曲 id');
    return c.json(lyricAnswer(readLyrics(lib, song)));
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

  app.get('/cover/song/:id', (c) => songCoverResponse(lib, c, songOr404(c.req.param('id'))));

  app.get('/cover/playlist/:id', (c) => {
    const [id] = idList(c.req.param('id'), 1);
    return playlistCoverResponse(
      lib,
      c,
      lib.playlists.find((p) => playlistId(p) === id),
    );
  });

  // QR login: the code points at this site's confirm page, where a signed-in site user approves.
  app.get('/login/qr/key', async (c) => {
    const wait = await qrKeys.take(clientIp(c));
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
    if (!profile) return wapiFail(c, 404, MSG.user);
    const own = ownPlaylist(uid, profile, await likedSongs(uid));
    // The library folders follow, as the lists this account "subscribes" to.
    return c.json({ code: 200, more: false, playlist: [own, ...lib.playlists.map(folderPlaylist)] });
  });

  // Saves or removes a song in the signed-in music account's own list (like NeteaseCloudMusicApi's /like,
  // same query parameters). POST only: a GET would let a link on another site change the list.
  app.post('/like', async (c) => {
    const session = await currentSession(c);
    if (!session?.user_id) return wapiFail(c, 401, '需要登录', 301);
    const song = songOr404(param(c, 'id'));
    if (!song) return wapiFail(c, 404, '歌曲不存在');
    if (param(c, 'like', 8) !== 'false') await likeSong(session.user_id, song.id);
    else await unlikeSong(session.user_id, song.id);
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
