import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { config } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { stopMusic } from '../../src/server/services/music/service.ts';
import { tinyWav } from './fuzz-spec.ts';
import { setupTestApi } from './helpers.ts';
import { withDemoLibrary } from './music-helpers.ts';

/** The console's music library (/admin/music): listing, uploads with their refusals, rescan. */

const api = setupTestApi();
withDemoLibrary();
let wapi: ReturnType<typeof createMusicApp>;

const upload = (
  name: string,
  bytes: Uint8Array<ArrayBuffer> | string,
  folder?: string,
  token = api.adminToken,
) => {
  const form = new FormData();
  if (folder !== undefined) form.append('folder', folder);
  form.append('file', new Blob([bytes]), name);
  return api.call('POST', '/api/upload/music', form, token);
};

async function library() {
  const res = await api.call('GET', '/api/music/getLibrary', undefined, api.adminToken);
  expect(res.json.code).toBe(0);
  return res.json.result as { mode: string; proxy: string | null; folders: any[]; scannedAt: string | null };
}

beforeAll(() => {
  wapi = createMusicApp({ apiUrl: undefined });
});
afterAll(async () => {
  await stopMusic();
});

describe('GET /api/music/getLibrary', () => {
  test('lists the folders and their songs with tags, covers and lyrics', async () => {
    const lib = await library();
    expect(lib.mode).toBe('local');
    expect(lib.proxy).toBeNull();
    expect(lib.scannedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(lib.folders.map((f) => f.name)).toEqual(['晨光小调', '夜色低吟']);
    const song = lib.folders[0].songs[0];
    expect(song).toMatchObject({
      name: '清晨的风',
      hasCover: true,
      hasLyrics: true,
      file: expect.stringMatching(/\.wav$/),
      cover: expect.stringMatching(/^\/wapi\/cover\/song\/\d+/),
    });
    expect(song.artists.length).toBeGreaterThan(0);
    expect(song.durationMs).toBeGreaterThan(0);
  });

  test('is refused to visitors and users', async () => {
    expect((await api.call('GET', '/api/music/getLibrary')).status).toBe(401);
    const user = await api.user();
    expect((await api.call('GET', '/api/music/getLibrary', undefined, user.token)).status).toBe(403);
    expect((await api.call('POST', '/api/music/rescan', {}, user.token)).status).toBe(403);
    expect((await upload('u.wav', tinyWav(), '', user.token)).status).toBe(403);
  });
});

describe('POST /api/upload/music', () => {
  test('an audio file and its lyrics land in the folder, listed and searchable by the player', async () => {
    const up = await upload('02 上传的小曲.wav', tinyWav(300), '上传测试');
    expect(up.json).toMatchObject({ code: 0, result: { file: '02 上传的小曲.wav', folder: '上传测试' } });
    expect(existsSync(path.join(config.musicDir, '上传测试', '02 上传的小曲.wav'))).toBe(true);
    let folder = (await library()).folders.find((f) => f.rel === '上传测试');
    expect(folder?.songs.map((s: any) => [s.name, s.hasLyrics])).toEqual([['上传的小曲', false]]);
    const lrc = await upload('02 上传的小曲.lrc', '[00:00.00]第一句\n[00:00.20]第二句\n', '上传测试');
    expect(lrc.json.code).toBe(0);
    folder = (await library()).folders.find((f) => f.rel === '上传测试');
    expect(folder?.songs[0].hasLyrics).toBe(true);
    // The player's search and lyrics find it.
    const search = await (
      await wapi.request('/wapi/search?keywords=上传的小曲', {}, { ip: '127.0.0.1' })
    ).json();
    const id = search.result.songs[0].id;
    expect(id).toBe(folder?.songs[0].id);
    const lyric = await (await wapi.request(`/wapi/lyric?id=${id}`, {}, { ip: '127.0.0.1' })).json();
    expect(lyric.lrc.lyric).toContain('第一句');
    // Both uploads are in the audit log under their paths in the library.
    await auditSettled();
    const log = await db
      .selectFrom('audit_log')
      .select(['action', 'label'])
      .where('thing_type', '=', '音乐')
      .execute();
    expect(log).toEqual([
      { action: '上传音乐', label: '上传测试/02 上传的小曲.wav' },
      { action: '上传音乐', label: '上传测试/02 上传的小曲.lrc' },
    ]);
  });

  test('refuses what is not audio or lyrics, unsafe folders, and existing names, in Chinese', async () => {
    const cases: [string, Uint8Array<ArrayBuffer> | string, string | undefined, RegExp][] = [
      ['假的.wav', 'hello', '', /不是 wav 音频/],
      ['脚本.sh', '#!/bin/sh', '', /只能上传音频/],
      ['图.png', tinyWav(), '', /只能上传音频/],
      ['空.wav', new Uint8Array(), '', /文件是空的/],
      ['坏.lrc', new Uint8Array([0xff, 0xfe, 0x00]), '', /UTF-8/],
      ['上.wav', tinyWav(), '../外面', /文件夹名/],
      ['上.wav', tinyWav(), 'a/b/c', /最多两层/],
      ['上.wav', tinyWav(), 'a:b', /不能包含/],
      ['.隐藏.wav', tinyWav(), '', /文件名/],
      ['02 上传的小曲.wav', tinyWav(), '上传测试', /同名文件已存在/],
    ];
    for (const [name, bytes, folder, message] of cases) {
      const res = await upload(name, bytes, folder);
      expect(res.json.code, name).toBe(100);
      expect(res.json.message, name).toMatch(message);
    }
    // A name with a path keeps only its last part: nothing is written outside MUSIC_DIR.
    const climbed = await upload('../../逃出去.wav', tinyWav(), '');
    expect(climbed.json.result).toMatchObject({ file: '逃出去.wav', folder: '' });
    expect(existsSync(path.join(config.musicDir, '逃出去.wav'))).toBe(true);
    // Anything but a form is refused before the body is read (the upload routes' write guard).
    const json = await api.call('POST', '/api/upload/music', { file: 'a.wav' }, api.adminToken);
    expect(json.status).toBe(415);
  });

  test('a file past 50 MB is refused with 413', async () => {
    const big = new Uint8Array(51 * 1024 * 1024);
    big.set(tinyWav());
    const res = await upload('大.wav', big, '');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('音频文件不能超过 50MB');
  });
});

describe('POST /api/music/rescan and proxy mode', () => {
  test('rescan re-reads the library and answers its size', async () => {
    const res = await api.call('POST', '/api/music/rescan', {}, api.adminToken);
    expect(res.json).toMatchObject({ code: 0, message: '扫描完成' });
    expect(res.json.result.songs).toBeGreaterThanOrEqual(8);
    expect(res.json.result.folders).toBe(4);
  });

  test('with MUSIC_API_URL the status is shown and uploads and rescans are refused', async () => {
    const saved = config.musicApiUrl;
    config.musicApiUrl = 'http://music.example:3000/api';
    try {
      const lib = await library();
      expect(lib).toEqual({
        mode: 'proxy',
        proxy: 'http://music.example:3000',
        scannedAt: null,
        folders: [],
      });
      for (const res of [
        await upload('x.wav', tinyWav(), ''),
        await api.call('POST', '/api/music/rescan', {}, api.adminToken),
      ]) {
        expect(res.json.code).toBe(100);
        expect(res.json.message).toContain('代理模式');
      }
    } finally {
      config.musicApiUrl = saved;
    }
  });
});
