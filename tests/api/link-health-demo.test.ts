import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Lifecycle } from '../../src/server/core/lifecycle.ts';
import { db } from '../../src/server/db/connection.ts';
import { startLinkHealth } from '../../src/server/services/link-health.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Issue 33: the demo's friend links point at real third-party sites, and the background check runs
 * on every start (root/create-site.ts). The links the demo seed wrote are left out of it, so a demo
 * start sends those sites nothing; the blogger's own links are checked, and so is a demo link the
 * blogger moves to an address of their own. The check's requests go to a server of this test on
 * 127.0.0.1 (`allowPrivate`, which only tests set).
 */
const api = setupTestApi({ seed: true });
const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

let site: http.Server;
let base = '';
/** Every path the local site was asked for. */
const seen: string[] = [];

beforeAll(async () => {
  site = http.createServer((req, res) => {
    seen.push(req.url ?? '/');
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

/** One background run as the site starts it (create-site.ts), asking the local site; how many it checked. */
async function backgroundRun(): Promise<number> {
  const runs = startLinkHealth(new Lifecycle(), 3_600_000, { timeoutMs: 5_000, allowPrivate: true });
  const checked = await runs.first;
  await runs.stop();
  return checked;
}

const demoLinks = () =>
  db
    .selectFrom('link')
    .select(['id', 'url', 'checkedAt'])
    .where('status', '=', 2)
    .where('demo', '=', 1)
    .execute();

it('a demo start checks none of the demo links, only the blogger’s own', async () => {
  const demo = await demoLinks();
  // The demo has approved links at third-party sites (content/demo/site.yaml).
  expect(demo.length).toBeGreaterThan(0);
  expect(demo.every((l) => !l.url.startsWith(base))).toBe(true);
  const own = { site_name: '自己的朋友', site_desc: '', site_avatar: '', url: `${base}/own` };
  expect((await as('POST', '/api/links/backUpdate', own)).json.code).toBe(0);
  const { id } = await db
    .selectFrom('link')
    .select('id')
    .where('url', '=', own.url)
    .executeTakeFirstOrThrow();
  expect((await as('PUT', '/api/links/approve', { idList: [id] })).json.code).toBe(0);

  expect(await backgroundRun()).toBe(1);
  expect(seen).toContain('/own');
  for (const l of await demoLinks()) expect(l.checkedAt, l.url).toBeNull();
});

it('a demo link the blogger moves to another address is theirs: checked from then on', async () => {
  const [moved] = await demoLinks();
  const row = { id: moved.id, site_name: '搬来的朋友', site_desc: '', site_avatar: '' };
  // Saved at the same address it stays a demo link.
  expect((await as('POST', '/api/links/backUpdate', { ...row, url: moved.url })).json.code).toBe(0);
  expect((await demoLinks()).map((l) => l.id)).toContain(moved.id);
  expect((await as('POST', '/api/links/backUpdate', { ...row, url: `${base}/moved` })).json.code).toBe(0);
  expect((await demoLinks()).map((l) => l.id)).not.toContain(moved.id);

  expect(await backgroundRun()).toBe(2);
  expect(seen).toContain('/moved');
  const after = await db
    .selectFrom('link')
    .select('checkedAt')
    .where('id', '=', moved.id)
    .executeTakeFirstOrThrow();
  expect(after.checkedAt).not.toBeNull();
});
