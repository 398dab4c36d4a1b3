import { expect, test } from '@playwright/test';
import { rawRequest } from './server.ts';

/**
 * The built server's dispatch (src/server/root/front.ts) of /api and /wapi paths the original client sends:
 * any case (`/api/Category/getCategoryDictionary`) and repeated slashes (`/wapi//song/detail`), over
 * real HTTP with the request target exactly as written (a browser's fetch would keep it too).
 */

type Answer = { status: number; type: string; body: string };

async function get(path: string): Promise<Answer> {
  const base = process.env.E2E_URL as string;
  const { status, headers, body } = await rawRequest(base, path, { Host: new URL(base).host });
  return { status, type: String(headers['content-type']), body };
}

const json = (a: Answer) => JSON.parse(a.body);

test('/api in any case and with repeated slashes reaches the API, not a page', async () => {
  const canonical = await get('/api/category/getCategoryDictionary');
  expect(canonical.status).toBe(200);
  for (const path of [
    '/api/Category/getCategoryDictionary',
    '/API/CATEGORY/GETCATEGORYDICTIONARY',
    '//api//category/getCategoryDictionary',
  ]) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.type, path).toContain('application/json');
    expect(json(res), path).toEqual(json(canonical));
  }
  const unknown = await get('/Api/no/such/call');
  expect(unknown.status).toBe(404);
  expect(json(unknown)).toMatchObject({ code: 404, message: '接口没有找到' });
});

test('/wapi//song/detail (the original client) and /WAPI/Song/Detail answer the songs', async () => {
  const found = json(await get(`/wapi/search?keywords=${encodeURIComponent('纸飞机')}`));
  const id = found.result.songs[0].id;
  const canonical = json(await get(`/wapi/song/detail?ids=${id}`));
  expect(canonical.songs[0].name).toBe('纸飞机');
  for (const path of [
    `/wapi//song/detail?ids=${id}`,
    `//wapi//song/detail?ids=${id}`,
    `/WAPI/Song/Detail?ids=${id}`,
  ]) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(json(res), path).toEqual(canonical);
  }
});

test('pages are not routed as the API: /apis and /wapix stay pages', async () => {
  for (const path of ['/apis', '/wapix']) {
    const res = await get(path);
    expect(res.status, path).toBe(404);
    expect(res.type, path).toContain('text/html');
  }
});
