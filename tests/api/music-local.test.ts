import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { config } from '../../src/server/config.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { stopMusic } from '../../src/server/services/music/service.ts';
import { site } from '../../src/server/site.ts';
import { setupTestApi } from './helpers.ts';
import { readQr, withDemoLibrary } from './music-helpers.ts';

/** Contract of every /wapi call against the local service, on the generated demo library. */
const api = setupTestApi();
withDemoLibrary();
let app: ReturnType<typeof createMusicApp>;

async function wapi(url: string, init: RequestInit = {}, cookie?: string) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set('cookie', cookie);
  const res = await app.request(url, { ...init, headers }, { ip: '127.0.0.1' });
  return res;
}
async function json(url: string, cookie?: string, method = 'GET') {
  const res = await wapi(url, { method }, cookie);
  expect(res.headers.get('content-type')).toContain('application/json');
  return { status: res.status, body: (await res.json()) as any, res };
}
const musicCookie = (res: Response) => /blog_music=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[0];

beforeAll(() => {
  app = createMusicApp({ apiUrl: undefined });
});
afterAll(async () => {
  await stopMusic();
});

describe('library calls', () => {
  test('toplist/detail lists each demo folder as a playlist with a cover', async () => {
    const { status, body } = await json('/wapi/toplist/detail');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.list.map((l: any) => l.name)).toEqual(['晨光小调', '夜色低吟']);
    for (const list of body.list) {
      expect(list).toMatchObject({ trackCount: 3, updateFrequency: expect.any(String) });
      expect(Number.isSafeInteger(list.id)).toBe(true);
      const cover = await wapi(list.coverImgUrl);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await cover.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
  });

  test('playlist/track/all pages with limit/offset in the list form', async () => {
    const { body: top } = await json('/wapi/toplist/detail');
    const id = top.list.find((l: any) => l.name === '晨光小调').id;
    const first = await json(`/wapi/playlist/track/all?id=${id}&limit=2&offset=0`);
    expect(first.body.code).toBe(200);
    expect(first.body.songs.map((s: any) => s.name)).toEqual(['清晨的风', '纸飞机']);
    const song = first.body.songs[1];
    expect(song).toMatchObject({
      name: '纸飞机',
      ar: [{ name: '阿青' }, { name: '小满' }],
      al: { name: '晨光小调', picUrl: expect.stringMatching(/^\/wapi\/cover\/song\/\d+/) },
      alia: [],
    });
    expect(song.dt).toBeGreaterThan(20_000);
    expect(song.dt).toBeLessThan(40_000);
    const rest = await json(`/wapi/playlist/track/all?id=${id}&limit=2&offset=2`);
    expect(rest.body.songs.map((s: any) => s.name)).toEqual(['窗台上的猫']);
    const none = await json(`/wapi/playlist/track/all?id=${id}&limit=30&offset=30`);
    expect(none.body.songs).toEqual([]);
    const missing = await json('/wapi/playlist/track/all?id=140737488355330');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, message: '歌单不存在' });
    const bad = await json('/wapi/playlist/track/all');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  test('song/detail keeps the asked order and skips unknown ids; a song without artist has 未知歌手', async () => {
    const { body } = await json('/wapi/search?keywords=晚安小镇');
    const night = body.result.songs[0];
    const { body: paper } = await json('/wapi/search?keywords=纸飞机');
    const ids = `${paper.result.songs[0].id},999,${night.id}`;
    const detail = await json(`/wapi/song/detail?ids=${ids}`);
    expect(detail.body.code).toBe(200);
    expect(detail.body.songs.map((s: any) => s.name)).toEqual(['纸飞机', '晚安小镇']);
    // NetEase always names at least one artist; clients read ar[0].name.
    expect(detail.body.songs[1].ar).toEqual([{ id: 0, name: '未知歌手', alias: [] }]);
    expect((await json('/wapi/song/detail')).status).toBe(400);
  });

  test('a song without artist tags has 未知歌手 in every shape: list, playlist and search', async () => {
    const { body } = await json('/wapi/search?keywords=晚安小镇');
    const found = body.result.songs[0];
    expect(found.artists).toMatchObject([{ id: 0, name: '未知歌手' }]);
    expect(found.album.artist).toMatchObject({ id: 0, name: '未知歌手' });
    const { body: top } = await json('/wapi/toplist/detail');
    const id = top.list.find((l: any) => l.name === '夜色低吟').id;
    const tracks = await json(`/wapi/playlist/track/all?id=${id}`);
    const song = tracks.body.songs.find((s: any) => s.name === '晚安小镇');
    expect(song.ar).toEqual([{ id: 0, name: '未知歌手', alias: [] }]);
    // A song with artists keeps them, and only them.
    expect(tracks.body.songs.every((s: any) => s.ar.length >= 1)).toBe(true);
    expect(tracks.body.songs.filter((s: any) => s.ar[0].id === 0)).toHaveLength(1);
  });

  test('search over title, artist and album with offset/limit/hasMore; no songs key when nothing matched', async () => {
    const byTitle = await json('/wapi/search?keywords=纸飞机&offset=0&limit=20');
    expect(byTitle.body.code).toBe(200);
    expect(byTitle.body.result.songCount).toBe(1);
    expect(byTitle.body.result.hasMore).toBe(false);
    const s = byTitle.body.result.songs[0];
    expect(s).toMatchObject({
      name: '纸飞机',
      artists: [{ name: '阿青' }, { name: '小满' }],
      album: { name: '晨光小调', artist: { img1v1Url: expect.stringMatching(/^\/wapi\/cover\/song\//) } },
    });
    expect(s.duration).toBeGreaterThan(20_000);

    const byArtist = await json('/wapi/search?keywords=林夕雨&limit=1&offset=0');
    expect(byArtist.body.result.songCount).toBe(2);
    expect(byArtist.body.result.songs).toHaveLength(1);
    expect(byArtist.body.result.hasMore).toBe(true);
    const second = await json('/wapi/search?keywords=林夕雨&limit=1&offset=1');
    expect(second.body.result.hasMore).toBe(false);
    expect(second.body.result.songs[0].id).not.toBe(byArtist.body.result.songs[0].id);

    const byAlbum = await json('/wapi/search?keywords=夜色低吟');
    expect(byAlbum.body.result.songCount).toBe(3);
    const twoWords = await json(`/wapi/search?keywords=${encodeURIComponent('阿青 纸飞机')}`);
    expect(twoWords.body.result.songs.map((x: any) => x.name)).toEqual(['纸飞机']);

    const nothing = await json('/wapi/search?keywords=没有这首歌');
    expect(nothing.body.code).toBe(200);
    expect(nothing.body.result).toEqual({ hasMore: false, songCount: 0 });
    expect((await json('/wapi/search?keywords=')).status).toBe(400);
  });

  test('lyric returns the sidecar LRC; unknown song 404', async () => {
    const { body } = await json('/wapi/search?keywords=清晨的风');
    const id = body.result.songs[0].id;
    const lyric = await json(`/wapi/lyric?id=${id}`);
    expect(lyric.body.code).toBe(200);
    expect(lyric.body.lrc.lyric).toContain('推开窗 风从河边来');
    expect(lyric.body.lrc.lyric).toMatch(/^\[ti:清晨的风\]/);
    expect(lyric.body.tlyric.lyric).toBe('');
    const missing = await json('/wapi/lyric?id=12345');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('歌曲不存在');
  });

  test('lyric: one time tag per line, sorted by time (a line with several tags is expanded), translations too', async () => {
    const times = (lyric: string) =>
      lyric
        .trimEnd()
        .split('\n')
        .filter((l) => /^\[\d/.test(l))
        .map((l) => {
          // Exactly one tag, then text without another tag (what the original client reads).
          const m = /^\[(\d{2,3}):(\d{2}\.\d{2,3})\]([^[]*)$/.exec(l);
          expect(m, l).not.toBeNull();
          return Number(m?.[1]) * 60_000 + Math.round(Number(m?.[2]) * 1000);
        });
    const sorted = (list: number[]) => list.every((t, i) => i === 0 || list[i - 1] <= t);

    // The demo lyrics sing each chorus line twice from one line with two tags.
    const { body } = await json('/wapi/search?keywords=清晨的风');
    const demo = (await json(`/wapi/lyric?id=${body.result.songs[0].id}`)).body.lrc.lyric as string;
    expect(demo).toMatch(/^\[ti:清晨的风\]\n/);
    expect(sorted(times(demo))).toBe(true);
    expect(demo.split('\n').filter((l) => l.endsWith('清晨的风 吹过我的发梢'))).toHaveLength(2);

    // A sidecar and its translation, with several tags per line and an offset.
    const base = path.join(config.musicDir, '夜色低吟', '03 晚安小镇');
    const original = readFileSync(`${base}.lrc`, 'utf8');
    const { body: night } = await json('/wapi/search?keywords=晚安小镇');
    try {
      writeFileSync(
        `${base}.lrc`,
        '[ti:晚安小镇]\r\n[offset:200]\r\n[00:10.00][00:01.20]副歌\r\n[00:05.00]主歌\r\n',
      );
      writeFileSync(`${base}.trans.lrc`, '[00:10.00][00:01.20]chorus\n[00:05.00]verse\n');
      const lyric = await json(`/wapi/lyric?id=${night.result.songs[0].id}`);
      expect(lyric.body.lrc.lyric).toBe('[ti:晚安小镇]\n[00:01.00]副歌\n[00:04.80]主歌\n[00:09.80]副歌\n');
      expect(lyric.body.tlyric.lyric).toBe('[00:01.20]chorus\n[00:05.00]verse\n[00:10.00]chorus\n');
    } finally {
      writeFileSync(`${base}.lrc`, original);
      rmSync(`${base}.trans.lrc`, { force: true });
    }
  });

  test('song/url/v1 gives a stream URL; the stream answers ranges with exactly the asked bytes', async () => {
    const { body } = await json('/wapi/search?keywords=月光慢行');
    const song = body.result.songs[0];
    const urls = await json(`/wapi/song/url/v1?id=${song.id}&level=exhigh`);
    expect(urls.body.code).toBe(200);
    const item = urls.body.data[0];
    expect(item).toMatchObject({ id: song.id, type: 'wav', level: 'exhigh', code: 200 });
    expect(item.url).toMatch(new RegExp(`^/wapi/stream/${song.id}`));
    const file = readFileSync(path.join(config.musicDir, '夜色低吟', '01 月光慢行.wav'));
    expect(item.size).toBe(file.length);

    const whole = await wapi(item.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);

    const part = await wapi(item.url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${file.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(1000, 2000))).toBe(true);

    const open = await wapi(item.url, { headers: { range: `bytes=${file.length - 5}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(file.subarray(file.length - 5))).toBe(true);
    const suffix = await wapi(item.url, { headers: { range: 'bytes=-7' } });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(file.subarray(file.length - 7))).toBe(true);

    const beyond = await wapi(item.url, { headers: { range: `bytes=${file.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${file.length}`);

    const unknown = await json('/wapi/song/url/v1?id=42');
    expect(unknown.body.data[0]).toMatchObject({ id: 42, url: null });
    expect((await wapi('/wapi/stream/42')).status).toBe(404);
  });

  test('song covers are the embedded pictures', async () => {
    const { body } = await json('/wapi/search?keywords=星河入梦');
    const cover = await wapi(body.result.songs[0].album.artist.img1v1Url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect((await cover.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });

  test('new files are picked up (watcher rescan); a sidecar .lrc wins over embedded lyrics', async () => {
    const dir = path.join(config.musicDir, '新歌');
    mkdirSync(dir, { recursive: true });
    copyFileSync(path.join(config.musicDir, '晨光小调', '03 窗台上的猫.wav'), path.join(dir, '猫.wav'));
    writeFileSync(path.join(dir, '猫.lrc'), '[00:01.00]旁边文件里的歌词\n');
    await expect
      .poll(async () => (await json('/wapi/toplist/detail')).body.list.length, { timeout: 5000 })
      .toBe(3);
    const top = await json('/wapi/toplist/detail');
    const list = top.body.list.find((l: any) => l.name === '新歌');
    const tracks = await json(`/wapi/playlist/track/all?id=${list.id}`);
    const song = tracks.body.songs[0];
    expect(song.name).toBe('窗台上的猫'); // from the tags, not the file name
    expect((await json(`/wapi/lyric?id=${song.id}`)).body.lrc.lyric).toBe('[00:01.00]旁边文件里的歌词\n');
    rmSync(path.join(dir, '猫.lrc'));
    // Without the sidecar, the lyrics embedded in the tags are used.
    expect((await json(`/wapi/lyric?id=${song.id}`)).body.lrc.lyric).toContain('午后的阳光');
    rmSync(dir, { recursive: true });
    await expect
      .poll(async () => (await json('/wapi/toplist/detail')).body.list.length, { timeout: 5000 })
      .toBe(2);
  });

  test('an unknown call is a JSON 404 with a Chinese message', async () => {
    const res = await json('/wapi/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message: '接口没有找到' });
  });
});

describe('QR login, account and playlists', () => {
  test('key → create (a real QR of the confirm page) → 801 → 802 → 803 with the music cookie → 800', async () => {
    const user = await api.user('musicfan1');
    const key = await json('/wapi/login/qr/key');
    expect(key.body.code).toBe(200);
    const unikey = key.body.data.unikey;
    expect(unikey).toMatch(/^[0-9a-f]{32}$/);

    const created = await json(`/wapi/login/qr/create?key=${unikey}&qrimg=true`);
    expect(created.body.code).toBe(200);
    // Built from the site's origin (SITE_URL, here the default), never from the request's Host.
    expect(created.body.data.qrurl).toBe(`${site().origin}/music/confirm?key=${unikey}`);
    expect(site().origin).toBe('http://127.0.0.1:4321');
    expect(readQr(created.body.data.qrimg)).toBe(created.body.data.qrurl);

    expect((await json(`/wapi/login/qr/check?key=${unikey}&timestamp=1`)).body.code).toBe(801);
    // Opening the confirm page needs a site login.
    expect((await api.call('POST', '/api/music/qr/scan', { key: unikey })).status).toBe(401);
    const scan = await api.call('POST', '/api/music/qr/scan', { key: unikey }, user.token);
    expect(scan.json).toMatchObject({ code: 0, result: { status: 802 } });
    const scanned = await json(`/wapi/login/qr/check?key=${unikey}`);
    expect(scanned.body).toMatchObject({ code: 802, nickname: '昵称musicfan1' });
    // Another site user cannot take over a scanned code.
    const other = await api.user('musicfan2');
    const stolen = await api.call('POST', '/api/music/qr/confirm', { key: unikey }, other.token);
    expect(stolen.json.code).toBe(100);

    const confirm = await api.call('POST', '/api/music/qr/confirm', { key: unikey }, user.token);
    expect(confirm.json).toMatchObject({ code: 0, result: { status: 803 } });
    const done = await json(`/wapi/login/qr/check?key=${unikey}`);
    expect(done.body.code).toBe(803);
    const cookie = musicCookie(done.res);
    expect(cookie).toBeTruthy();
    expect(done.res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await json(`/wapi/login/qr/check?key=${unikey}`)).body.code).toBe(800);

    const status = await json('/wapi/login/status', cookie);
    expect(status.body.data).toMatchObject({
      code: 200,
      account: { id: user.id, anonimousUser: false },
      profile: { userId: user.id, nickname: '昵称musicfan1' },
    });
    const anon = await json('/wapi/login/status');
    expect(anon.body.data.account.anonimousUser).toBe(true);
    expect(anon.body.data.profile).toBeNull();

    // The user's own list starts empty, then holds what they save; the library folders follow.
    const lists = await json(`/wapi/user/playlist?uid=${user.id}`);
    expect(lists.body.code).toBe(200);
    expect(lists.body.playlist[0]).toMatchObject({
      id: user.id,
      name: '昵称musicfan1喜欢的音乐',
      trackCount: 0,
    });
    expect(lists.body.playlist.map((p: any) => p.name).slice(1)).toEqual(['晨光小调', '夜色低吟']);
    const { body: found } = await json('/wapi/search?keywords=纸飞机');
    const songId = found.result.songs[0].id;
    expect((await wapi(`/wapi/like?id=${songId}&like=true`, { method: 'POST' })).status).toBe(401);
    expect((await json(`/wapi/like?id=${songId}&like=true`, cookie, 'POST')).body.code).toBe(200);
    expect((await json(`/wapi/like?id=${songId}&like=true`, cookie, 'POST')).body.code).toBe(200);
    const after = await json(`/wapi/user/playlist?uid=${user.id}`);
    expect(after.body.playlist[0].trackCount).toBe(1);
    const own = await json(`/wapi/playlist/track/all?id=${user.id}&limit=30&offset=0`);
    expect(own.body.songs.map((s: any) => s.name)).toEqual(['纸飞机']);
    expect((await json(`/wapi/likelist?uid=${user.id}`)).body.ids).toEqual([songId]);
    // A link on another site (a top-level GET navigation) changes nothing: saving is POST only, and a
    // POST from another origin is refused.
    expect((await json(`/wapi/like?id=${songId}&like=false`, cookie)).status).toBe(404);
    const crossSite = await wapi(
      `/wapi/like?id=${songId}&like=false`,
      { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
      cookie,
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ code: 403, message: '拒绝跨站请求' });
    expect((await json(`/wapi/likelist?uid=${user.id}`)).body.ids).toEqual([songId]);
    // Neither can a cross-site navigation sign the visitor out (GET /wapi/logout stays for the contract).
    const away = await wapi('/wapi/logout', { headers: { 'sec-fetch-site': 'cross-site' } }, cookie);
    expect(away.status).toBe(403);
    expect((await json('/wapi/login/status', cookie)).body.data.account.anonimousUser).toBe(false);
    await json(`/wapi/like?id=${songId}&like=false`, cookie, 'POST');
    expect((await json(`/wapi/user/playlist?uid=${user.id}`)).body.playlist[0].trackCount).toBe(0);
    expect((await json('/wapi/user/playlist?uid=987654')).status).toBe(404);

    const out = await json('/wapi/logout', cookie);
    expect(out.body.code).toBe(200);
    expect((await json('/wapi/login/status', cookie)).body.data.account.anonimousUser).toBe(true);
  });

  test('an expired key answers 800 and cannot be confirmed', async () => {
    const quick = createMusicApp({ apiUrl: undefined, qrTtlMs: 30 });
    const key = (await (await quick.request('/wapi/login/qr/key', {}, { ip: '127.0.0.2' })).json()) as any;
    await new Promise((r) => setTimeout(r, 60));
    const check = (await (await quick.request(`/wapi/login/qr/check?key=${key.data.unikey}`)).json()) as any;
    expect(check.code).toBe(800);
    const user = await api.user();
    const scan = await api.call('POST', '/api/music/qr/scan', { key: key.data.unikey }, user.token);
    expect(scan.json).toEqual({ code: 100, message: '二维码已过期,请重新获取' });
    expect((await json('/wapi/login/qr/check?key=nonsense')).body.code).toBe(800);
    expect((await json('/wapi/login/qr/create?key=nonsense')).status).toBe(400);
  });
});
