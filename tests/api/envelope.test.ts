import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { conflict } from '../../src/server/core/errors.ts';
import type { ApiEnv } from '../../src/server/http/context.ts';
import { withEnvelope } from '../../src/server/http/envelope.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

describe('the /api envelope and error mapping', () => {
  it('wraps success as {code 0, message, result} with a request id', async () => {
    const { status, json, headers } = await api.call('GET', '/api/config');
    expect(status).toBe(200);
    expect(json.code).toBe(0);
    expect(typeof json.message).toBe('string');
    expect(json.result).toHaveProperty('blog_name');
    expect(json.result).toHaveProperty('view_time');
    expect(headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const { status, json } = await api.call('GET', '/api/no/such/route');
    expect(status).toBe(404);
    expect(json).toEqual({ code: 404, message: '接口没有找到' });
  });

  it('refuses a missing token with 401 and a user token on an admin call with 403', async () => {
    const anon = await api.call('POST', '/api/config/update', { blog_name: 'x' });
    expect(anon.status).toBe(401);
    expect(anon.json.code).toBe(401);
    const user = await api.user();
    const denied = await api.call('POST', '/api/config/update', { blog_name: 'x' }, user.token);
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({ code: 403, message: '权限不足' });
  });

  it('treats a forged or tampered token as no login (401)', async () => {
    const tampered = `${api.adminToken.slice(0, -3)}abc`;
    const res = await api.call('POST', '/api/config/update', { blog_name: 'x' }, tampered);
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/登录过期/);
  });

  it('answers malformed JSON and invalid fields with HTTP 200, code 100 and a Chinese message', async () => {
    const bad = await api.call('POST', '/api/config/update', '{"blog_name":', api.adminToken, {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(200);
    expect(bad.json.code).toBe(100);
    expect(bad.json.message).toMatch(/JSON/);
    const wrong = await api.call(
      'POST',
      '/api/pageHeader/addOrUpdate',
      { route_name: 'Nowhere', bg_url: 'x' },
      api.adminToken,
    );
    expect([wrong.status, wrong.json.code]).toEqual([200, 100]);
    expect(wrong.json.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('applies an admin write', async () => {
    const res = await api.call('POST', '/api/config/update', { blog_name: '新名字' }, api.adminToken);
    expect(res.json.code).toBe(0);
    const after = await api.call('GET', '/api/config');
    expect(after.json.result.blog_name).toBe('新名字');
  });

  it('counts views', async () => {
    const before = (await api.call('GET', '/api/config')).json.result.view_time;
    await api.callFrom('10.20.0.1', 'PUT', '/api/config/addView');
    const second = await api.call('PUT', '/api/config/addView');
    // The answer carries the new count (the client shows it past the page cache).
    expect(second.json.result).toEqual({ view_time: before + 2 });
    expect((await api.call('GET', '/api/config')).json.result.view_time).toBe(before + 2);
  });

  it('gives statistics and the page-header list', async () => {
    const stat = await api.call('GET', '/api/statistic');
    expect(stat.json.result).toEqual({
      articleCount: 0,
      tagCount: 0,
      categoryCount: 0,
      userCount: expect.any(Number),
    });
    await api.call(
      'POST',
      '/api/pageHeader/addOrUpdate',
      { route_name: 'Home', bg_url: '/uploads/a.svg' },
      api.adminToken,
    );
    const list = await api.call('GET', '/api/pageHeader/getAll');
    expect(list.json.result).toEqual([
      { id: expect.any(Number), route_name: 'Home', bg_url: '/uploads/a.svg' },
    ]);
  });

  it('turns a business refusal into code 100 and a fault into a bare 500', async () => {
    const app = withEnvelope(new Hono<ApiEnv>());
    app.get('/refuse', () => {
      throw conflict('用户名已存在');
    });
    app.get('/boom', () => {
      throw new Error('secret detail at /work/main/src/x.ts:1');
    });
    const r = await app.request('/refuse');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ code: 100, message: '用户名已存在' });
    const b = await app.request('/boom');
    expect(b.status).toBe(500);
    const text = await b.text();
    expect(JSON.parse(text)).toEqual({ code: 500, message: '服务端错误' });
    expect(text).not.toMatch(/secret|\.ts|at /);
  });

  it('answers a write flood with 429 and Retry-After', async () => {
    const app = createApiApp({ writesPerMinute: 3 });
    const hit = () => app.request('/api/config/addView', { method: 'PUT' }, { ip: '10.9.9.9' });
    for (let i = 0; i < 3; i++) expect((await hit()).status).toBe(200);
    const res = await hit();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).code).toBe(429);
  });
});
