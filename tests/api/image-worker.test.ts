/**
 * The variants are made in the picture process (services/images/variant-process.ts), niced below
 * the server so that readers' requests come first (docs/decisions/0017-image-variants.md); a picture
 * process that dies fails only the picture under way, and the site's close ends it.
 * @module-tag slow
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '../../src/lib/picture.ts';
import { db } from '../../src/server/db/connection.ts';
import { createImageQueue, startImageQueue } from '../../src/server/services/images/queue.ts';
import {
  variantWorkerBusy,
  variantWorkerPid,
  WORKER_NICE,
} from '../../src/server/services/images/variant-process.ts';
import { cameraJpeg } from '../fixtures/photos.ts';
import { jobParts, setupTestApi } from './helpers.ts';

const api = setupTestApi();
let photo: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  photo = (await cameraJpeg({ seed: 7 })) as Uint8Array<ArrayBuffer>;
}, 60_000);

async function uploaded(bytes: Uint8Array<ArrayBuffer>, name: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new File([bytes], name, { type: 'image/jpeg' }));
  const res = await api.call('POST', '/api/upload/img', fd, api.adminToken);
  expect(res.json.code).toBe(0);
  return res.json.result.url as string;
}

const rowOf = (url: string) =>
  db.selectFrom('upload').selectAll().where('url', '=', url).executeTakeFirstOrThrow();

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The niceness of every thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): { name: string; nice: number }[] {
  const dir = `/proc/${pid}/task`;
  return readdirSync(dir).map((tid) => {
    const stat = readFileSync(path.join(dir, tid, 'stat'), 'utf8');
    const name = readFileSync(path.join(dir, tid, 'comm'), 'utf8').trim();
    return { name, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });
}

describe('the picture process', () => {
  it('makes the variants in a process of its own, niced below the server, threads included', async () => {
    const url = await uploaded(photo, 'IMG_3001.JPG');
    const run = createImageQueue(jobParts()).runOnce();
    await until(variantWorkerBusy);
    const pid = variantWorkerPid() as number;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());
    expect(os.getPriority(pid)).toBe(Math.max(os.getPriority(), WORKER_NICE));
    if (process.platform === 'linux') {
      // Mid-picture: the threads that decode and encode (libuv's pool, libvips's) exist and are niced.
      await new Promise((r) => setTimeout(r, 300));
      const threads = threadNices(pid);
      const working = threads.filter((t) => /libuv|vips/i.test(t.name));
      expect(working.length).toBeGreaterThan(0);
      for (const t of working) expect(t, t.name).toMatchObject({ nice: WORKER_NICE });
    }
    expect(await run).toBe(1);
    expect(await rowOf(url)).toMatchObject({ status: 'done', variant_widths: '480,960,1600' });
    expect(existsSync(path.join(api.dataDir, variantUrl(url, 1600, 'avif')))).toBe(true);
    const avif = await sharp(path.join(api.dataDir, variantUrl(url, 960, 'avif'))).metadata();
    expect(avif).toMatchObject({ width: 960, format: 'heif' });
  }, 90_000);

  it('dies mid-picture without taking the server down: that picture is tried again, the next made', async () => {
    const url = await uploaded(photo, 'IMG_3002.JPG');
    const run = createImageQueue(jobParts()).runOnce();
    await until(variantWorkerBusy);
    const killed = variantWorkerPid() as number;
    // What sharp crashing (or the kernel's OOM killer) does to it.
    process.kill(killed, 'SIGKILL');
    expect(await run).toBe(0);
    const retried = await rowOf(url);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried.last_error).toMatch(/picture process exited \(SIGKILL\)/);
    // The server still answers, and a fresh picture process makes the variants.
    expect((await api.call('GET', '/api/config')).json.code).toBe(0);
    const next = await uploaded(photo, 'IMG_3003.JPG');
    expect(await createImageQueue(jobParts()).runOnce()).toBe(2);
    expect(variantWorkerPid()).not.toBe(killed);
    expect(await rowOf(url)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await rowOf(next)).toMatchObject({ status: 'done', attempts: 1 });
  }, 120_000);

  it('is ended by the close of the site that runs the queue', async () => {
    const small = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const url = await uploaded(new Uint8Array(small), 'small.jpg');
    const parts = jobParts();
    startImageQueue(parts, { pollMs: 20 });
    for (;;) {
      if ((await rowOf(url)).status === 'done') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const pid = variantWorkerPid() as number;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await parts.life.close();
    expect(variantWorkerPid()).toBeUndefined();
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  }, 60_000);
});
