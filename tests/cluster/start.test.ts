import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { node, proxy } from './client.ts';

/**
 * The two processes of tests/cluster/setup.ts were started at the same
 * instant on an empty database. Both came up (setup would have failed otherwise), and the first
 * boot's work was done once.
 */
describe('two processes started at once on an empty database', () => {
  it('made exactly one admin and seeded the demo content once', async () => {
    const client = new pg.Client({ connectionString: inject('cluster').databaseUrl });
    await client.connect();
    try {
      const admins = await client.query(`select count(*)::int as n from "user" where role = 1`);
      expect(admins.rows[0].n).toBe(1);
      const seeded = await client.query(`select count(*)::int as n from meta where key = 'seeded_at'`);
      expect(seeded.rows[0].n).toBe(1);
      const articles = await client.query('select count(*)::int as n from article');
      expect(articles.rows[0].n).toBeGreaterThan(0);
      // A second seed would have written every demo article again.
      const twice = await client.query(
        'select article_title from article group by article_title having count(*) > 1',
      );
      expect(twice.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('renders a demo article (with its comments) on both processes and through the proxy', async () => {
    for (const base of [node(0), node(1), proxy()]) {
      const res = await fetch(`${base}/article?id=3`);
      expect(res.status, base).toBe(200);
      expect(await res.text()).toContain('</html>');
    }
  });

  it('answers /healthz and /readyz on both processes and through the proxy', async () => {
    for (const base of [node(0), node(1), proxy()]) {
      expect((await fetch(`${base}/healthz`)).status, `${base}/healthz`).toBe(200);
      expect((await fetch(`${base}/readyz`)).status, `${base}/readyz`).toBe(200);
    }
  });
});
