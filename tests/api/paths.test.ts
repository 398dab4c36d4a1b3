import { afterAll, describe, expect, it } from 'vitest';
import { createMusicApp } from '../../src/server/music/app.ts';
import { pageCacheStats } from '../../src/server/page-cache.ts';
import { stopMusic } from '../../src/server/services/music/service.ts';
import { setupTestApi } from './helpers.ts';

/**
 * docs/api/README.md#conventions: paths under /api and /wapi match without regard to case (the original's
 * Koa router ignored it: a client calls `/api/Category/getCategoryDictionary`) and repeated slashes
 * collapse (the original client calls `/wapi//song/detail`). The real HTTP dispatch in root/front.ts:
 * tests/e2e/api-paths.spec.ts.
 */
const api = setupTestApi({ seed: true });
afterAll(async () => {
  await stopMusic();
});

describe('/api paths', () => {
  it('answer in any case, and with repeated slashes, as the route itself', async () => {
    const canonical = await api.call('GET', '/api/category/getCategoryDictionary');
    expect(canonical.json.code).toBe(0);
    for (const url of [
      '/api/Category/getCategoryDictionary',
      '/API/CATEGORY/GETCATEGORYDICTIONARY',
      'http://localhost//api//category///getCategoryDictionary',
      'http://localhost/Api//Category/getcategorydictionary',
    ]) {
      const res = await api.call('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.json, url).toEqual(canonical.json);
    }
    const search = await api.call('GET', `/api/article/getArticleListByContent/${encodeURIComponent('的')}`);
    const shouted = await api.call('GET', `/API/ARTICLE/getarticlelistbycontent/${encodeURIComponent('的')}`);
    expect(shouted.json).toEqual(search.json);
  });

  it('a write in another case is the same write: it validates, and clears the page cache', async () => {
    const before = pageCacheStats.invalidations;
    const res = await api.call('POST', '/API/Config/Update', { blog_name: '大小写无关' }, api.adminToken);
    expect(res.json.code).toBe(0);
    expect(pageCacheStats.invalidations).toBe(before + 1);
    expect((await api.call('GET', '/api/CONFIG')).json.result.blog_name).toBe('大小写无关');
    const guest = await api.call('POST', '/api/config/UPDATE', { blog_name: 'x' });
    expect(guest.status).toBe(401);
  });

  it('an unknown path in any case is the JSON 404', async () => {
    const res = await api.call('GET', '/API/No/Such/Call');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 404, message: '接口没有找到' });
  });
});

describe('/wapi paths', () => {
  it('//wapi//song/detail (the original client) and /WAPI/Song/Detail answer like /wapi/song/detail', async () => {
    const app = createMusicApp({ apiUrl: undefined });
    const get = async (url: string) => {
      const res = await app.request(url, {}, { ip: '127.0.0.1' });
      return { status: res.status, body: (await res.json()) as any };
    };
    const found = await get('http://localhost/wapi/search?keywords=纸飞机');
    const id = found.body.result.songs[0].id;
    const canonical = await get(`http://localhost/wapi/song/detail?ids=${id}`);
    expect(canonical.body.songs[0].name).toBe('纸飞机');
    for (const url of [
      `http://localhost/wapi//song/detail?ids=${id}`,
      `http://localhost//wapi//song//detail?ids=${id}`,
      `http://localhost/WAPI/Song/Detail?ids=${id}`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toEqual(canonical.body);
    }
    // Only the path is routed in another spelling: the query string is read as sent.
    const keywords = await get(`http://localhost//WAPI//Search?keywords=${encodeURIComponent('纸飞机')}`);
    expect(keywords.body).toEqual(found.body);
  });
});
