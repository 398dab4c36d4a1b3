import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Site } from '../../src/server/root/create-site.ts';
import { databaseEnv, serviceUrl } from '../setup/database.ts';
import { ADMIN } from './helpers.ts';

/**
 * A scheduled article on two server processes (docs/api/admin.md#scheduled-and-password-protected-articles):
 * two sites made by createSite on one database and the run's Redis, each in a fresh copy of the
 * server's modules (as tests/api/mail-processes.test.ts), both on one clock the test moves. Each keeps
 * its page of the article, cached while it is missing; at the time, with no request, exactly one
 * process publishes it and both drop that page.
 * @module-tag services
 */

const HOUR = 3_600_000;
let ahead = 0;
const clock = () => new Date(Date.now() + ahead);
const sites: Site[] = [];
let dir = '';
let env: Record<string, string> = {};

async function startSite(): Promise<Site> {
  vi.resetModules();
  // The same fresh modules as the site's: the page reads the article as the real one does.
  const { getArticle } = await import('../../src/server/services/articles.ts');
  const { createSite } = await import('../../src/server/root/create-site.ts');
  // Counts renders: a page served twice with one number came from the cache.
  let renders = 0;
  const site = await createSite({
    env,
    clock,
    pages: async (req, res) => {
      const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
      const article = await getArticle(id);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      renders += 1;
      res.end(`${article ? `<h1>${article.article_title}</h1>` : '<p>文章不存在</p>'}<i>${renders}</i>`);
    },
    clientDir: path.join(dir, 'no-client-build'),
  });
  sites.push(site);
  return site;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'blog-schedule2-'));
  env = {
    PORT: '0',
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    LINK_CHECK_HOURS: '0',
    JWT_SECRET: 'schedule-processes-secret-0123456789',
    PG_POOL_MAX: '3',
    REDIS_URL: serviceUrl('redisUrl'),
    REDIS_PREFIX: `s${randomUUID().slice(0, 8)}:`,
    ...(await databaseEnv()),
  };
  await startSite();
  await startSite();
}, 120_000);

afterAll(async () => {
  for (const s of sites.reverse()) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(site: Site, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${site.url}${url}`, { method, headers, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; result?: any };
}

const page = async (site: Site, id: number) => (await fetch(`${site.url}/article?id=${id}`)).text();

test('at its time one process publishes the article and both drop its page', async () => {
  const [a, b] = sites;
  const token = (await call(a, 'POST', '/api/user/login', ADMIN)).result.token as string;
  const title = `定时-${randomUUID().slice(0, 6)}`;
  const publish_at = new Date(Date.now() + HOUR).toISOString();
  const added = await call(
    a,
    'POST',
    '/api/article/add',
    { article_title: title, article_content: '正文', publish_at },
    token,
  );
  expect(added.code, added.message).toBe(0);
  const id = added.result.id as number;
  const versionOf = async () =>
    (await call(a, 'GET', `/api/article/getAutosave/${id}`, undefined, token)).result.version as number;
  const version = await versionOf();

  // Each process keeps the page that says it is missing.
  for (const site of [a, b]) {
    const first = await page(site, id);
    expect(first).toContain('文章不存在');
    expect(await page(site, id)).toBe(first);
  }

  ahead = HOUR + 1_000;
  // No request publishes it: the jobs do, and both processes' pages follow.
  for (const site of [a, b]) await expect.poll(() => page(site, id), { timeout: 20_000 }).toContain(title);
  // Exactly one process published it: one write moved its version.
  expect(await versionOf()).toBe(version + 1);
});
