import { describe, expect, test } from 'vitest';
import { collapseSlashes, routeCanon, serviceOf } from '../../src/lib/route-path.ts';
import { createApiApp } from '../../src/server/api/app.ts';
import { routedHono } from '../../src/server/http/routing.ts';
import { createMusicApp } from '../../src/server/music/app.ts';

describe('serviceOf (main.ts dispatch)', () => {
  test('/api and /wapi in any case, with repeated slashes; nothing else', () => {
    expect(serviceOf('/api/config')).toBe('api');
    expect(serviceOf('/API/Category/getCategoryDictionary')).toBe('api');
    expect(serviceOf('/Api')).toBe('api');
    expect(serviceOf('//api//config')).toBe('api');
    expect(serviceOf('/wapi/song/detail')).toBe('wapi');
    expect(serviceOf('/WAPI//song/detail')).toBe('wapi');
    expect(serviceOf('//wapi')).toBe('wapi');
    for (const page of ['/', '/home', '/apis', '/api-docs', '/wapix/a', '/uploads/api/x', '/article'])
      expect(serviceOf(page), page).toBeNull();
  });

  test('collapseSlashes', () => {
    expect(collapseSlashes('//wapi//song///detail')).toBe('/wapi/song/detail');
    expect(collapseSlashes('/a/b/')).toBe('/a/b/');
  });
});

describe('routeCanon', () => {
  const routes = [
    { method: 'ALL', path: '/api/*' },
    { method: 'GET', path: '/api/category/getCategoryDictionary' },
    { method: 'GET', path: '/api/article/getArticleListByContent/:text' },
    { method: 'GET', path: '/api/x/:id' },
    { method: 'POST', path: '/api/x/list' },
    { method: 'DELETE', path: '/api/comment/delete/:id/:parent_id' },
  ];
  const canon = routeCanon(routes);

  test('static segments take the route spelling whatever the case', () => {
    expect(canon('GET', '/api/Category/getCategoryDictionary')).toBe('/api/category/getCategoryDictionary');
    expect(canon('GET', '/API/CATEGORY/GETCATEGORYDICTIONARY')).toBe('/api/category/getCategoryDictionary');
    expect(canon('HEAD', '/Api/category/getcategorydictionary')).toBe('/api/category/getCategoryDictionary');
  });

  test('parameters keep their case', () => {
    expect(canon('GET', '/API/Article/GetArticleListByContent/HeLLo')).toBe(
      '/api/article/getArticleListByContent/HeLLo',
    );
    expect(canon('DELETE', '/api/Comment/DELETE/Ab/Cd')).toBe('/api/comment/delete/Ab/Cd');
    // A parameter that happens to spell a static segment of another route stays as sent.
    expect(canon('GET', '/api/article/getArticleListByContent/CATEGORY')).toBe(
      '/api/article/getArticleListByContent/CATEGORY',
    );
  });

  test('the route of the request method decides; the most specific wins', () => {
    expect(canon('POST', '/api/X/LIST')).toBe('/api/x/list');
    expect(canon('GET', '/api/X/LIST')).toBe('/api/x/LIST');
  });

  test('repeated slashes collapse; a path no route matches keeps its spelling under the canonical prefix', () => {
    expect(canon('GET', '//api//category///getCategoryDictionary')).toBe(
      '/api/category/getCategoryDictionary',
    );
    expect(canon('GET', '/API/No/Such')).toBe('/api/No/Such');
    expect(canon('GET', '/api/category/getCategoryDictionary')).toBe('/api/category/getCategoryDictionary');
  });

  test('a parameter is never empty, and segment counts must agree', () => {
    expect(canon('GET', '/api/article/getarticlelistbycontent/')).toBe(
      '/api/article/getarticlelistbycontent/',
    );
    expect(canon('GET', '/api/category/getcategorydictionary/x')).toBe(
      '/api/category/getcategorydictionary/x',
    );
  });

  test('every route of the real apps is reached in upper case', () => {
    for (const app of [
      createApiApp(),
      createMusicApp({ apiUrl: undefined }),
      createMusicApp({ apiUrl: 'http://x' }),
    ]) {
      const real = routeCanon(app.routes);
      for (const r of app.routes) {
        if (r.path.endsWith('*')) continue;
        const sent = r.path.replace(/:\w+/g, 'ParamValue');
        const method = r.method === 'ALL' ? 'GET' : r.method;
        expect(real(method, sent.toUpperCase().replace(/PARAMVALUE/g, 'ParamValue')), r.path).toBe(sent);
      }
    }
  });
});

describe('routedHono', () => {
  test('routes by the routed path; params, query and c.req.path as expected', async () => {
    const app = routedHono('/api');
    app.get('/echo/:word', (c) =>
      c.json({ path: c.req.path, word: c.req.param('word'), q: c.req.query('q') }),
    );
    const res = await app.request('http://localhost//API//Echo/AbC?q=A//B');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ path: '/api/echo/AbC', word: 'AbC', q: 'A//B' });
  });
});
