/**
 * Two server processes on one database (PostgreSQL, or one SQLite file) and one uploads folder, each a
 * site of its own made by createSite in a fresh copy of the server's modules (as
 * tests/api/mail-processes.test.ts does): both run the variants queue, each upload's variants are made
 * once, and uploads left pending by a process that stopped are made by the next one started.
 * @module-tag slow
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Site } from '../../src/server/root/create-site.ts';
import { cameraJpeg } from '../fixtures/photos.ts';
import { databaseEnv, onPostgres } from '../setup/database.ts';
import { ADMIN } from './helpers.ts';

const sites: Site[] = [];
let dir = '';
let env: Record<string, string> = {};

async function startSite(): Promise<Site> {
  vi.resetModules();
  const { createSite } = await import('../../src/server/root/create-site.ts');
  const site = await createSite({
    env,
    pages: (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>'),
    clientDir: path.join(dir, 'no-client-build'),
    // Looked for often: the two race for the same rows.
    imageQueue: { pollMs: 50 },
  });
  sites.push(site);
  return site;
}

async function upload(site: Site, token: string, bytes: Buffer, name: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new File([new Uint8Array(bytes)], name));
  const res = await fetch(`${site.url}/api/upload/img`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  const json = (await res.json()) as { code: number; result: { url: string } };
  expect(json.code).toBe(0);
  return json.result.url;
}

const picture = (i: number) =>
  sharp({
    create: { width: 700, height: 500, channels: 3, background: { r: i * 20, g: 90, b: 200 - i * 10 } },
  })
    .png()
    .toBuffer();

async function rows() {
  // The last site's module copy is the one loaded last.
  const { db } = await import('../../src/server/db/connection.ts');
  return db
    .selectFrom('upload')
    .select(['url', 'status', 'attempts', 'variant_widths'])
    .orderBy('id')
    .execute();
}

async function token(site: Site): Promise<string> {
  const res = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'blog-img2-'));
  env = {
    PORT: '0',
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    LINK_CHECK_HOURS: '0',
    JWT_SECRET: 'image-processes-secret-0123456789',
    PG_POOL_MAX: '3',
    ...(await databaseEnv()),
  };
}, 120_000);

afterAll(async () => {
  for (const s of sites.reverse()) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test('uploads left pending by a stopped process are made by the next one started', async () => {
  const photos = [];
  for (let i = 0; i < 3; i++) photos.push(Buffer.from(await cameraJpeg({ seed: i + 1 })));
  const first = await startSite();
  const t = await token(first);
  // Three camera photographs: the upload answers at once, their variants take seconds each, so the
  // process stops with the one under way finished and the others still pending.
  for (let i = 0; i < 3; i++) await upload(first, t, photos[i], `p${i}.jpg`);
  const left = (await rows()).filter((r) => r.status !== 'done');
  expect(left.length).toBeGreaterThan(0);
  await first.close();
  sites.splice(sites.indexOf(first), 1);
  // A new start picks them up.
  await startSite();
  await expect
    .poll(async () => (await rows()).every((r) => r.status === 'done'), { timeout: 60_000 })
    .toBe(true);
  expect((await rows()).map((r) => r.variant_widths)).toEqual([
    '480,960,1600',
    '480,960,1600',
    '480,960,1600',
  ]);
}, 120_000);

test(`two processes on ${onPostgres ? 'PostgreSQL' : 'one SQLite file'} make each upload's variants once`, async () => {
  const [a] = sites;
  const b = await startSite();
  const ta = await token(a);
  const tb = await token(b);
  const urls: string[] = [];
  for (let i = 0; i < 10; i++)
    urls.push(await upload(i % 2 ? a : b, i % 2 ? ta : tb, await picture(i + 3), `q${i}.png`));
  await expect
    .poll(async () => (await rows()).every((r) => r.status === 'done'), { timeout: 90_000 })
    .toBe(true);
  const all = await rows();
  expect(all).toHaveLength(13);
  // Each row was taken once: a second claim would have counted a second attempt.
  expect(all.slice(3).map((r) => r.attempts)).toEqual(all.slice(3).map(() => 1));
  const folder = path.join(dir, 'uploads', path.dirname(urls[0]).slice('/uploads/'.length));
  const names = readdirSync(folder);
  for (const url of urls) {
    const stem = path.basename(url, '.png');
    expect(names.filter((n) => n.startsWith(`${stem}-`)).sort()).toEqual(
      [`${stem}-480.avif`, `${stem}-480.webp`, `${stem}-700.avif`, `${stem}-700.webp`].sort(),
    );
  }
}, 180_000);
