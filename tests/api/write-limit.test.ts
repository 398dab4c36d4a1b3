import { describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { AUDIT_ACTIONS } from '../../src/server/api/audit-actions.ts';
import { PAGE_WRITES } from '../../src/server/api/page-writes.ts';
import { ADMIN_POST_READS, POST_READS } from '../../src/server/api/post-reads.ts';
import { ACCESS } from './access.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The per-address write limit (api/app.ts) counts writes, not the reads the contract sends as
 * POST (api/post-reads.ts), so the console paging through its lists never meets a 429.
 */
const api = setupTestApi();
const PAGE = { current: 1, size: 10 };

describe('the reads sent as POST', () => {
  it('are routes of the app that change nothing', () => {
    const routes = new Set(api.app.routes.map((r) => `${r.method} ${r.path}`));
    for (const key of POST_READS) {
      expect(routes.has(key), key).toBe(true);
      expect(ACCESS[key], key).toBeDefined();
      expect(PAGE_WRITES.has(key), key).toBe(false);
      expect(AUDIT_ACTIONS[key], key).toBeUndefined();
    }
    for (const key of ADMIN_POST_READS) expect(ACCESS[key], key).toBe('admin');
    for (const key of POST_READS)
      if (!ADMIN_POST_READS.includes(key)) expect(ACCESS[key], key).not.toBe('admin');
  });

  it('each leaves the limit untouched, whoever sends it; a write still counts', async () => {
    const saved = api.app;
    api.app = createApiApp({ writesPerMinute: 3 });
    try {
      const ip = '198.51.100.60';
      const user = await api.user();
      for (const token of [api.adminToken, user.token, undefined])
        for (const key of POST_READS) {
          const res = await api.callFrom(ip, 'POST', key.slice('POST '.length), PAGE, token);
          expect(res.status, key).not.toBe(429);
        }
      // Spelled otherwise, a read is still the route it reaches (routing.ts's routed path).
      for (const url of ['/api//tag/getTagList', '/API/Tag/getTagList', '/api/tag//getTagList'])
        expect((await api.callFrom(ip, 'POST', url, PAGE, api.adminToken)).json.code, url).toBe(0);
      const write = () => api.callFrom(ip, 'POST', '/api/todo/add', { content: '读完再写' }, user.token);
      for (let i = 0; i < 3; i++) expect((await write()).json.code).toBe(0);
      expect((await write()).status).toBe(429);
      // A read still passes at the limit.
      expect((await api.callFrom(ip, 'POST', '/api/tag/getTagList', PAGE, api.adminToken)).json.code).toBe(0);
    } finally {
      api.app = saved;
    }
  });

  it('700 console list reads in a minute never meet the limit of 600; 601 writes do', async () => {
    const ip = '198.51.100.61';
    // The lists (titleExist and preview want bodies of their own).
    const lists = ADMIN_POST_READS.filter((k) => !/titleExist|preview/.test(k));
    for (let i = 0; i < 700; i++) {
      const key = lists[i % lists.length];
      const res = await api.callFrom(ip, 'POST', key.slice('POST '.length), PAGE, api.adminToken);
      expect([res.status, res.json.code], key).toEqual([200, 0]);
    }
    const add = () => api.callFrom(ip, 'POST', '/api/todo/add', { content: '待办' }, api.adminToken);
    for (let i = 0; i < 600; i++) expect((await add()).status).toBe(200);
    const over = await add();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
