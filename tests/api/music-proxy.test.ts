import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { setupTestApi } from './helpers.ts';

/**
 * /wapi in front of a stand-in NeteaseCloudMusicApi server on 127.0.0.1 that answers in its shapes
 * and records what reached it.
 */
setupTestApi();

type Seen = { path: string; query: Record<string, string>; cookie?: string };
const seen: Seen[] = [];
let upstream: http.Server;
let base = '';

const SONG = {
  id: 347230,
  name: '海阔天空',
  ar: [{ id: 11127, name: 'Beyond' }],
  al: { id: 34209, name: '乐与怒', picUrl: 'http://p1/x.jpg' },
  alia: [],
  dt: 326000,
};

function answer(
  path: string,
  q: Record<string, string>,
  cookie: string | undefined,
): [number, unknown, Record<string, string>?] {
  const loggedIn = cookie?.includes('MUSIC_U=upstream-secret');
  switch (path) {
    case '/toplist/detail':
      return [
        200,
        {
          code: 200,
          list: [
            {
              id: 19723756,
              name: '飙升榜',
              coverImgUrl: 'http://p1/a.jpg',
              updateFrequency: '每天更新',
              trackCount: 100,
            },
          ],
        },
      ];
    case '/playlist/track/all':
      if (q.id === '0') return [404, { code: 404, msg: '歌单不存在' }];
      return [200, { code: 200, songs: Number(q.offset) >= 30 ? [] : [SONG] }];
    case '/song/detail':
      return [200, { code: 200, songs: [SONG], privileges: [] }];
    case '/song/url/v1':
      return [
        200,
        {
          code: 200,
          data: [
            {
              id: Number(q.id),
              url: 'http://m701/x.mp3',
              br: 320000,
              size: 1,
              type: 'mp3',
              level: q.level,
              time: 326000,
            },
          ],
        },
      ];
    case '/search':
      return [
        200,
        {
          code: 200,
          result: {
            songs: [
              {
                id: 1,
                name: q.keywords,
                artists: [{ id: 2, name: 'A' }],
                album: { id: 3, name: 'B', artist: { img1v1Url: 'http://p1/c.jpg' } },
                duration: 1,
              },
            ],
            hasMore: false,
            songCount: 1,
          },
        },
      ];
    case '/lyric':
      return [200, { code: 200, lrc: { lyric: '[00:01.00]今天我\n' }, tlyric: { lyric: '' } }];
    case '/login/qr/key':
      return [200, { code: 200, data: { code: 200, unikey: 'netease-key' } }];
    case '/login/qr/create':
      return [
        200,
        {
          code: 200,
          data: {
            qrurl: `https://music.example/login?codekey=${q.key}`,
            qrimg: q.qrimg ? 'data:image/png;base64,AAAA' : '',
          },
        },
      ];
    case '/login/qr/check':
      if (q.key === 'done')
        return [200, { code: 803, message: '授权登陆成功', cookie: 'MUSIC_U=upstream-secret; __csrf=abc' }];
      return [200, { code: 801, message: '等待扫码' }];
    case '/login/status':
      return [
        200,
        {
          data: {
            code: 200,
            account: loggedIn ? { id: 77, anonimousUser: false } : { id: 5, anonimousUser: true },
            profile: loggedIn ? { userId: 77, nickname: '网易用户' } : null,
          },
        },
      ];
    case '/user/playlist':
      return [
        200,
        {
          code: 200,
          playlist: [{ id: 9, name: '我喜欢的音乐', coverImgUrl: 'http://p1/d.jpg', trackCount: 3 }],
        },
      ];
    case '/logout':
      return [200, { code: 200 }];
    default:
      return [404, { code: 404, msg: 'not found' }];
  }
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(url.searchParams);
    seen.push({ path: url.pathname, query, cookie: req.headers.cookie });
    if (query.keywords === 'slow') return void setTimeout(() => res.end('{}'), 1500);
    if (query.keywords === 'garbage') return void res.end('<html>502 Bad Gateway</html>');
    const [status, body] = answer(url.pathname, query, req.headers.cookie);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

const last = () => seen[seen.length - 1];

describe('proxy to NeteaseCloudMusicApi', () => {
  let app: ReturnType<typeof createMusicApp>;
  const get = async (url: string, cookie?: string) => {
    const res = await app.request(url, { headers: cookie ? { cookie } : {} }, { ip: '127.0.0.1' });
    return { status: res.status, body: (await res.json()) as any, res };
  };
  beforeAll(() => {
    app = createMusicApp({ apiUrl: `${base}/`, timeoutMs: 400 });
  });

  test('every call of the music contract is forwarded with only its own parameters, and answered as is', async () => {
    const calls: [string, string, Record<string, string>][] = [
      ['/wapi/toplist/detail?evil=1', '/toplist/detail', {}],
      [
        '/wapi/playlist/track/all?id=19723756&limit=30&offset=0&cookie=x',
        '/playlist/track/all',
        { id: '19723756', limit: '30', offset: '0' },
      ],
      [
        '/wapi/song/url/v1?id=347230&level=exhigh&realIP=1.2.3.4',
        '/song/url/v1',
        { id: '347230', level: 'exhigh' },
      ],
      ['/wapi/song/detail?ids=347230,1&proxy=http://evil', '/song/detail', { ids: '347230,1' }],
      [
        '/wapi/search?keywords=海阔&offset=20&limit=20&x=y',
        '/search',
        { keywords: '海阔', offset: '20', limit: '20' },
      ],
      ['/wapi/lyric?id=347230&uid=1', '/lyric', { id: '347230' }],
      ['/wapi/login/qr/key?timestamp=5', '/login/qr/key', { timestamp: '5' }],
      ['/wapi/login/qr/create?key=k1&qrimg=true&evil=2', '/login/qr/create', { key: 'k1', qrimg: 'true' }],
      ['/wapi/login/qr/check?key=k1&timestamp=9', '/login/qr/check', { key: 'k1', timestamp: '9' }],
      ['/wapi/login/status', '/login/status', {}],
      ['/wapi/user/playlist?uid=77&id=5', '/user/playlist', { uid: '77' }],
    ];
    for (const [url, path, query] of calls) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      expect(last(), url).toMatchObject({ path, query });
      expect(last().query, url).toEqual(query);
      const expected = answer(path, query, undefined)[1] as Record<string, unknown>;
      expect(body, url).toEqual(expected);
    }
    expect((await get('/wapi/search?keywords=x&limit=20&offset=0')).body.result.songs[0].name).toBe('x');
  });

  test('calls outside the list never reach the server', async () => {
    const before = seen.length;
    for (const url of [
      '/wapi/user/detail?uid=1',
      '/wapi/stream/1',
      '/wapi/like?id=1',
      '/wapi/../admin',
      '/wapi/register/cellphone',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.code).toBe(404);
      expect(body.message).toBe('接口没有找到');
    }
    expect(seen.length).toBe(before);
  });

  test('803 keeps the upstream cookie on the server, sends it upstream afterwards; logout ends it', async () => {
    const done = await get('/wapi/login/qr/check?key=done');
    expect(done.body).toEqual({ code: 803, message: '授权登陆成功' });
    const cookie = /blog_music=[^;]+/.exec(done.res.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeTruthy();
    expect(done.res.headers.get('set-cookie')).not.toContain('upstream-secret');

    const status = await get('/wapi/login/status', cookie);
    expect(last().cookie).toBe('MUSIC_U=upstream-secret; __csrf=abc');
    expect(status.body.data.account).toEqual({ id: 77, anonimousUser: false });
    await get('/wapi/user/playlist?uid=77', cookie);
    expect(last().cookie).toContain('MUSIC_U=upstream-secret');

    // At rest the upstream cookie is sealed (AES-256-GCM): the database alone holds no music login.
    const value = (cookie as string).split('=')[1];
    const id = createHash('sha256').update(value).digest('hex');
    const stored = async () =>
      (await db.selectFrom('music_session').select('cookie').where('id', '=', id).executeTakeFirstOrThrow())
        .cookie;
    const sealed = await stored();
    expect(sealed).toMatch(/^enc1:/);
    expect(sealed).not.toContain('upstream-secret');
    expect(Buffer.from(sealed.slice(5), 'base64url').toString('latin1')).not.toContain('upstream-secret');
    // Sealed to its row: copied into another session it opens as nothing.
    const other = 'b'.repeat(32);
    await db
      .insertInto('music_session')
      .values({
        id: createHash('sha256').update(other).digest('hex'),
        user_id: null,
        cookie: sealed,
        createdAt: new Date().toISOString(),
        expiresAt: '9999-12-31T00:00:00.000Z',
      })
      .execute();
    await get('/wapi/login/status', `blog_music=${other}`);
    expect(last().cookie).toBeUndefined();
    // A row stored in clear before this version is still used once, then sealed in place.
    await db
      .updateTable('music_session')
      .set({ cookie: 'MUSIC_U=upstream-secret; __csrf=abc' })
      .where('id', '=', id)
      .execute();
    await get('/wapi/login/status', cookie);
    expect(last().cookie).toBe('MUSIC_U=upstream-secret; __csrf=abc');
    expect(await stored()).toMatch(/^enc1:/);
    await get('/wapi/login/status', cookie);
    expect(last().cookie).toBe('MUSIC_U=upstream-secret; __csrf=abc');

    expect((await get('/wapi/logout', cookie)).body.code).toBe(200);
    expect(last()).toMatchObject({ path: '/logout', cookie: 'MUSIC_U=upstream-secret; __csrf=abc' });
    await get('/wapi/login/status', cookie);
    expect(last().cookie).toBeUndefined();
  });

  test('upstream error statuses pass through', async () => {
    const { status, body } = await get('/wapi/playlist/track/all?id=0');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: '歌单不存在' });
  });

  test('a slow server times out, a non-JSON answer and a down server are clear errors', async () => {
    const slow = await get('/wapi/search?keywords=slow');
    expect(slow.status).toBe(504);
    expect(slow.body).toMatchObject({ code: 504, message: '音乐服务响应超时，请稍后再试' });
    const garbage = await get('/wapi/search?keywords=garbage');
    expect(garbage.status).toBe(502);
    expect(garbage.body).toMatchObject({ code: 502, message: '音乐服务返回了无法识别的内容' });

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = createMusicApp({ apiUrl: `http://127.0.0.1:${port}` });
    const res = await down.request('/wapi/toplist/detail');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 502, message: '音乐服务暂时无法连接，请稍后再试' });
  });
});
