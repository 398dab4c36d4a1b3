import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import {
  checkApprovedLinks,
  checkLink,
  siteAnswers,
  startLinkHealth,
} from '../../src/server/services/link-health.ts';
import { jobParts, setupTestApi } from './helpers.ts';

/**
 * The console's 友链 screen: approving and rejecting tell the applicant, and the health
 * check of the links' sites. Every request of the check goes to a small server of this test on
 * 127.0.0.1: /ok answers 200, /moved 302, /fail 500, /no-head refuses HEAD (405) but answers GET,
 * /hang never answers (the timeout is the test's, not 8 s). A loopback address is not public, so the
 * route and the background run never ask it (the link is down); the tests that check answers pass
 * `allowPrivate`, which only tests set.
 */
const api = setupTestApi();
const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

let site: http.Server;
let base = '';
/** A port nothing listens on (a server was there and closed). */
let closed = '';
const hanging: http.ServerResponse[] = [];
/** Every path the local site was asked for. */
const seen: string[] = [];
const private_ = { allowPrivate: true };
let fail = false;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(path);
    if (path.startsWith('/hang')) return void hanging.push(res);
    if (path.startsWith('/moved')) return res.writeHead(302, { location: '/ok' }).end();
    if (path.startsWith('/no-head') && req.method === 'HEAD') return res.writeHead(405).end();
    if (path.startsWith('/fail') || (path.startsWith('/flaky') && fail)) return res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const gone = http.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closed = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/`;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

let n = 0;
const apply = async (token: string, url: string) =>
  (
    await api.call(
      'POST',
      '/api/links/add',
      { site_name: `邻居${++n}`, site_desc: '隔壁的博客', site_avatar: '', url },
      token,
    )
  ).json.result.id as number;

/** An approved link the admin added, pointing at `url`. */
async function approvedLink(url: string): Promise<number> {
  const body = { site_name: `站${++n}`, site_desc: '', site_avatar: '', url };
  expect((await as('POST', '/api/links/backUpdate', body)).json.code).toBe(0);
  const { id } = await db.selectFrom('link').select('id').where('url', '=', url).executeTakeFirstOrThrow();
  expect((await as('PUT', '/api/links/approve', { idList: [id] })).json.code).toBe(0);
  return id;
}

/** A link's health as the console reads it. */
const checkHealth = async (id: number) =>
  ((await as('GET', '/api/links/getLinkHealth')).json.result as { id: number; downAt: string | null }[]).find(
    (h) => h.id === id,
  );

const notices = async (token: string) =>
  (await api.call('POST', '/api/notify/getNotifyList', { current: 1, size: 10 }, token)).json.result.list as {
    type: number;
    to_id: number;
    message: string;
  }[];

describe('friend-link review: the applicant hears of it', () => {
  it('approving tells the applicant (type 4, to the link); approving again tells nothing more', async () => {
    const u = await api.user();
    const id = await apply(u.token, 'https://approve.example/');
    expect((await as('PUT', '/api/links/approve', { idList: [id] })).json).toMatchObject({
      code: 0,
      result: 1,
    });
    const [notice] = await notices(u.token);
    expect(notice).toMatchObject({ type: 4, to_id: id });
    expect(notice.message).toBe(`你的友链「<b>邻居${n}</b>」已通过审核，已展示在友链页`);
    await as('PUT', '/api/links/approve', { idList: [id] });
    expect(await notices(u.token)).toHaveLength(1);
  });

  it('rejecting removes the application and tells the applicant why, the reason escaped', async () => {
    const u = await api.user();
    const id = await apply(u.token, 'https://reject.example/');
    const res = await as('PUT', '/api/links/reject', { id, reason: '  网站打不开 <img src=x>  ' });
    expect(res.json).toMatchObject({ code: 0, result: true });
    expect(await db.selectFrom('link').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const [notice] = await notices(u.token);
    expect(notice).toMatchObject({ type: 4, to_id: id });
    expect(notice.message).toBe(`你的友链「<b>邻居${n}</b>」未通过审核，原因：网站打不开 &lt;img src=x&gt;`);
    // Without a reason: no 原因.
    const other = await apply(u.token, 'https://reject-quietly.example/');
    expect((await as('PUT', '/api/links/reject', { id: other, reason: null })).json.code).toBe(0);
    expect((await notices(u.token))[0].message).toBe(`你的友链「<b>邻居${n}</b>」未通过审核`);
    // The applicant may apply again.
    expect(await apply(u.token, 'https://reject.example/')).toBeGreaterThan(0);
  });

  it('refuses an approved or unknown link, a long reason, and everyone but an admin', async () => {
    const approved = await approvedLink('https://already.example/');
    expect((await as('PUT', '/api/links/reject', { id: approved })).json).toMatchObject({
      code: 100,
      message: '待审核的友链不存在',
    });
    expect((await as('PUT', '/api/links/reject', { id: 99_999 })).json.code).toBe(100);
    const u = await api.user();
    const id = await apply(u.token, 'https://long-reason.example/');
    expect((await as('PUT', '/api/links/reject', { id, reason: '长'.repeat(201) })).json).toMatchObject({
      code: 100,
      message: expect.stringContaining('原因不能超过200个字'),
    });
    expect((await api.call('PUT', '/api/links/reject', { id })).status).toBe(401);
    expect((await api.call('PUT', '/api/links/reject', { id }, u.token)).status).toBe(403);
    expect((await api.call('PUT', `/api/links/check/${approved}`, undefined, u.token)).status).toBe(403);
    expect((await api.call('GET', '/api/links/getLinkHealth', undefined, u.token)).status).toBe(403);
    expect(await db.selectFrom('link').select('status').where('id', '=', id).executeTakeFirst()).toEqual({
      status: 1,
    });
  });
});

describe('friend-link health', () => {
  it('answers: 2xx and 3xx are up, a refused HEAD is asked again with GET, 500 and no answer are down', async () => {
    expect(await siteAnswers(`${base}/ok`, private_)).toBe(true);
    expect(await siteAnswers(`${base}/moved`, private_)).toBe(true);
    expect(await siteAnswers(`${base}/no-head`, private_)).toBe(true);
    expect(await siteAnswers(`${base}/fail`, private_)).toBe(false);
    expect(await siteAnswers(closed, private_)).toBe(false);
    expect(await siteAnswers(`${base}/hang`, { timeoutMs: 150, ...private_ })).toBe(false);
  });

  it('a loopback address, or a name resolving to one (localhost), is down without being asked', async () => {
    expect(await siteAnswers(`${base}/ok?literal`)).toBe(false);
    const byName = `http://localhost:${new URL(base).port}/ok?name`;
    expect(await siteAnswers(byName)).toBe(false);
    expect(await siteAnswers(`http://[::1]:${new URL(base).port}/ok?v6`)).toBe(false);
    expect(seen.filter((p) => /\?(literal|name|v6)$/.test(p))).toEqual([]);
    // Allowed (tests only), the name is asked at the address it resolved to.
    expect(await siteAnswers(byName, private_)).toBe(true);
    expect(seen).toContain('/ok?name');
  });

  it('check now (admin route): a site at a loopback address is not asked and is down', async () => {
    const local = await approvedLink(`${base}/ok?route`);
    const res = await as('PUT', `/api/links/check/${local}`);
    expect(res.json.code).toBe(0);
    expect(res.json.result).toMatchObject({ id: local, okAt: null });
    expect(res.json.result.downAt).toBe(res.json.result.checkedAt);
    expect(res.json.result.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(seen).not.toContain('/ok?route');
    expect((await as('PUT', '/api/links/check/99999')).json).toMatchObject({
      code: 100,
      message: '友链不存在',
    });
  });

  it('check now (allowed to ask 127.0.0.1): up, down on a 500 and on a refused connection', async () => {
    const up = await approvedLink(`${base}/ok`);
    const down = await approvedLink(`${base}/fail`);
    const refused = await approvedLink(closed);
    const ok = await checkLink(up, private_);
    expect(ok).toMatchObject({ id: up, downAt: null });
    expect(ok.okAt).toBe(ok.checkedAt);
    for (const id of [down, refused]) {
      const res = await checkLink(id, private_);
      expect(res).toMatchObject({ id, okAt: null });
      expect(res.downAt).toBe(res.checkedAt);
    }
    const health = (await as('GET', '/api/links/getLinkHealth')).json.result as { id: number }[];
    expect(health.filter((h) => [up, down, refused].includes(h.id))).toHaveLength(3);
  });

  it('a new address forgets the old site’s health; the same address keeps it', async () => {
    const id = await approvedLink(closed.replace(/\/$/, '/moved-away'));
    const down = (await as('PUT', `/api/links/check/${id}`)).json.result;
    expect(down.downAt).not.toBeNull();
    const row = { id, site_name: '搬家的站', site_desc: '', site_avatar: '' };
    await as('POST', '/api/links/backUpdate', { ...row, url: closed.replace(/\/$/, '/moved-away') });
    expect((await checkHealth(id))?.downAt).toBe(down.downAt);
    expect((await as('POST', '/api/links/backUpdate', { ...row, url: `${base}/ok?moved` })).json.code).toBe(
      0,
    );
    expect(await checkHealth(id)).toEqual({ id, checkedAt: null, okAt: null, downAt: null });
  });

  it('"down since" keeps the first failure; an answer clears it and is the last ok (clock injected)', async () => {
    const id = await approvedLink(`${base}/flaky`);
    const at = (iso: string) => ({ clock: () => new Date(iso), timeoutMs: 500, ...private_ });
    await checkLink(id, at('2026-11-19T00:00:00.000Z'));
    fail = true;
    try {
      await checkLink(id, at('2026-11-20T00:00:00.000Z'));
      expect(await checkLink(id, at('2026-11-21T00:00:00.000Z'))).toEqual({
        id,
        checkedAt: '2026-11-21T00:00:00.000Z',
        okAt: '2026-11-19T00:00:00.000Z',
        downAt: '2026-11-20T00:00:00.000Z',
      });
    } finally {
      fail = false;
    }
    expect(await checkLink(id, at('2026-11-22T00:00:00.000Z'))).toEqual({
      id,
      checkedAt: '2026-11-22T00:00:00.000Z',
      okAt: '2026-11-22T00:00:00.000Z',
      downAt: null,
    });
  });

  it('the background run checks approved links only, a site that never answers within the timeout', async () => {
    await db
      .updateTable('link')
      .set({ url: `${base}/ok` })
      .where('url', 'not like', `${base}%`)
      .execute();
    const hang = await approvedLink(`${base}/hang`);
    const u = await api.user();
    const pending = await apply(u.token, `${base}/ok?pending`);
    const checked = await checkApprovedLinks({
      timeoutMs: 150,
      ...private_,
      clock: () => new Date('2026-11-23T00:00:00.000Z'),
    });
    const approved = await db
      .selectFrom('link')
      .select(['id', 'checkedAt', 'downAt'])
      .where('status', '=', 2)
      .execute();
    expect(checked).toBe(approved.length);
    for (const r of approved) expect(r.checkedAt).toBe('2026-11-23T00:00:00.000Z');
    expect(approved.find((r) => r.id === hang)?.downAt).toBe('2026-11-23T00:00:00.000Z');
    const waiting = await db
      .selectFrom('link')
      .select('checkedAt')
      .where('id', '=', pending)
      .executeTakeFirstOrThrow();
    expect(waiting.checkedAt).toBeNull();
  });

  it('the background run starts at once; stopping it does not wait for a site that does not answer', async () => {
    const id = await approvedLink(`${base}/hang?background`);
    const waiting = hanging.length;
    const runs = startLinkHealth(jobParts(), 3_600_000, { timeoutMs: 60_000, ...private_ });
    await vi.waitFor(() => expect(hanging.length).toBeGreaterThan(waiting));
    // The site's timeout is a minute: a stop that waited for it would fail the test by its own timeout.
    await runs.stop();
    expect(await runs.first).toBeGreaterThan(0);
    // Aborted, not a failure of the site: nothing is written.
    expect(await db.selectFrom('link').select('checkedAt').where('id', '=', id).executeTakeFirst()).toEqual({
      checkedAt: null,
    });
  });

  it('the background run as the server starts it asks no loopback site and marks every one down', async () => {
    // Nothing leaves the machine: every approved link points at the local site.
    await db
      .updateTable('link')
      .set({ url: `${base}/ok?background-refused` })
      .where('url', 'not like', `${base}%`)
      .execute();
    const id = await approvedLink(`${base}/ok?background-refused-new`);
    const runs = startLinkHealth(jobParts(), 3_600_000, { timeoutMs: 60_000 });
    const checked = await runs.first;
    await runs.stop();
    expect(checked).toBeGreaterThan(0);
    expect(seen.filter((p) => p.includes('background-refused'))).toEqual([]);
    const approved = await db
      .selectFrom('link')
      .select(['id', 'url', 'downAt'])
      .where('status', '=', 2)
      .execute();
    for (const r of approved) expect(r.downAt, r.url).not.toBeNull();
    expect(approved.map((r) => r.id)).toContain(id);
  });
});
