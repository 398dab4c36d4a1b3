/**
 * Uploaded photographs are stored turned and bounded, and their variants, size and placeholder follow
 * in the queue (docs/architecture.md#image-variants).
 * @module-tag slow
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '../../src/lib/picture.ts';
import { db } from '../../src/server/db/connection.ts';
import { pictureFacts } from '../../src/server/services/images/library.ts';
import { createImageQueue } from '../../src/server/services/images/queue.ts';
import { recordExistingUploads } from '../../src/server/services/images/scan.ts';
import { removeUnusedUploads } from '../../src/server/services/upload-files.ts';
import { cameraJpeg } from '../fixtures/photos.ts';
import { jobParts, setupTestApi } from './helpers.ts';

const api = setupTestApi();
let photo: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  // Held turned a quarter clockwise: stored 4,000 × 3,000, shown 3,000 × 4,000.
  photo = (await cameraJpeg({ orientation: 6 })) as Uint8Array<ArrayBuffer>;
}, 60_000);

function form(bytes: Uint8Array<ArrayBuffer>, name: string): FormData {
  const fd = new FormData();
  fd.append('file', new File([bytes], name, { type: 'image/jpeg' }));
  return fd;
}

const fileOf = (url: string) => path.join(api.dataDir, url);

describe('a camera photograph', () => {
  let url = '';

  it('is refused over 5 MB from a visitor, taken from the owner up to 20 MB', async () => {
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    const me = await api.user();
    const refused = await api.call('POST', '/api/upload/img', form(photo, 'IMG_0001.JPG'), me.token);
    expect(refused.json).toEqual({ code: 413, message: '图片大小不能超过 5MB' });
    const res = await api.call('POST', '/api/upload/img', form(photo, 'IMG_0001.JPG'), api.adminToken);
    expect(res.json.code).toBe(0);
    url = res.json.result.url;
    expect(url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.jpg$/);
  }, 60_000);

  it('is stored upright, at most 2,560 px long, without metadata, with its row', async () => {
    const stored = readFileSync(fileOf(url));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 2560]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    // The red quarter was top-left as the camera stored it: turned upright it is top-right.
    const px = async (x: number, y: number) => [
      ...(await sharp(stored).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const [r, g] = await px(1920 - 200, 200);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect((await px(200, 200))[0]).toBeLessThan(150);
    const row = await db.selectFrom('upload').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      original_name: 'IMG_0001.JPG',
      mime: 'image/jpeg',
      byte_size: stored.length,
      width: 1920,
      height: 2560,
      status: 'pending',
      variant_widths: '',
      user_id: api.adminId,
    });
    // Until the variants exist a page uses the original, already sized.
    expect((await pictureFacts([url])).get(url)).toEqual({
      width: 1920,
      height: 2560,
      widths: [],
      placeholder: '',
    });
  });

  it('gets AVIF and WebP variants 480, 960 and 1,600 wide, and a placeholder', async () => {
    expect(await createImageQueue(jobParts()).runOnce()).toBe(1);
    const row = await db.selectFrom('upload').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'done',
      variant_widths: '480,960,1600',
      attempts: 1,
      last_error: '',
    });
    expect(Buffer.from(row.thumbhash, 'base64').length).toBeGreaterThan(5);
    expect(row.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(row.placeholder.length).toBeLessThan(1000);
    for (const w of [480, 960, 1600]) {
      for (const format of ['avif', 'webp'] as const) {
        const file = fileOf(variantUrl(url, w, format));
        const meta = await sharp(readFileSync(file)).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
        expect(meta.width).toBe(w);
        expect(meta.height).toBe(Math.round((w * 2560) / 1920));
        expect(meta.exif).toBeUndefined();
      }
    }
    const facts = (await pictureFacts([url])).get(url);
    expect(facts).toEqual({
      width: 1920,
      height: 2560,
      widths: [480, 960, 1600],
      placeholder: row.placeholder,
    });
    // Nothing is left to do: a second run makes nothing again.
    expect(await createImageQueue(jobParts()).runOnce()).toBe(0);
  }, 120_000);

  it('goes with its variants and row when nothing uses it any more', async () => {
    expect(await removeUnusedUploads([url])).toBe(1);
    expect(existsSync(fileOf(url))).toBe(false);
    expect(existsSync(fileOf(variantUrl(url, 480, 'avif')))).toBe(false);
    expect(
      await db.selectFrom('upload').select('id').where('url', '=', url).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('the queue', () => {
  it('keeps an animated GIF as it is, with no variants', async () => {
    // Two frames of 40 × 60, a dark one and a light one, stacked as pages.
    const frames = Buffer.alloc(40 * 120 * 3, 90).fill(250, 40 * 60 * 3);
    const animated = await sharp(frames, { raw: { width: 40, height: 120, channels: 3, pageHeight: 60 } })
      .gif()
      .toBuffer();
    const res = await api.call(
      'POST',
      '/api/upload/img',
      form(new Uint8Array(animated), 'a.gif'),
      api.adminToken,
    );
    expect(res.json.code).toBe(0);
    const row = await db
      .selectFrom('upload')
      .selectAll()
      .where('url', '=', res.json.result.url)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ animated: 1, status: 'done', width: 40, height: 60, variant_widths: '' });
  });

  it('takes over a row whose process stopped mid-work once its lease ran out, and not before', async () => {
    const small = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const res = await api.call(
      'POST',
      '/api/upload/img',
      form(new Uint8Array(small), 'b.png'),
      api.adminToken,
    );
    const url = res.json.result.url as string;
    // Another process took it a moment ago: its lease holds.
    const held = new Date(Date.now() + 60_000).toISOString();
    await db
      .updateTable('upload')
      .set({ status: 'working', lease_until: held, attempts: 1 })
      .where('url', '=', url)
      .execute();
    expect(await createImageQueue(jobParts()).runOnce()).toBe(0);
    // That process died: once the lease is over, a (restarted) process makes the variants.
    expect(await createImageQueue(jobParts(120_000)).runOnce()).toBe(1);
    const row = await db.selectFrom('upload').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', variant_widths: '480,960,1200', attempts: 2 });
    expect(existsSync(fileOf(variantUrl(url, 1200, 'avif')))).toBe(true);
  }, 60_000);

  it('fails a row whose original is gone after its attempts, with the reason', async () => {
    const now = new Date().toISOString();
    await db
      .insertInto('upload')
      .values({
        url: '/uploads/2020-01/gone.jpg',
        mime: 'image/jpeg',
        byte_size: 1,
        width: 10,
        height: 10,
        createdAt: now,
      })
      .execute();
    const queue = createImageQueue(jobParts(), { maxAttempts: 2 });
    await queue.runOnce();
    await queue.runOnce();
    const row = await db
      .selectFrom('upload')
      .selectAll()
      .where('url', '=', '/uploads/2020-01/gone.jpg')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(2);
    expect(row.last_error).not.toBe('');
  });
});

describe('uploads from before the variants (npm run blog -- images)', () => {
  it('are found, made once, and a second run finds nothing to do', async () => {
    const dir = path.join(api.dataDir, 'uploads', '2019-05');
    mkdirSync(dir, { recursive: true });
    const old = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a3' } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(dir, 'old.jpg'), old);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a picture');
    const first = await recordExistingUploads(path.join(api.dataDir, 'uploads'));
    expect(first.recorded).toBe(1);
    const made: string[] = [];
    await createImageQueue(jobParts(), { onEach: (url, ok) => ok && made.push(url) }).runOnce();
    expect(made).toEqual(['/uploads/2019-05/old.jpg']);
    expect(existsSync(path.join(dir, 'old-900.avif'))).toBe(true);
    // The variants are not taken for uploads of their own, and nothing is made twice.
    expect(await recordExistingUploads(path.join(api.dataDir, 'uploads'))).toEqual({
      recorded: 0,
      redo: 0,
      skipped: 0,
    });
    expect(await createImageQueue(jobParts()).runOnce()).toBe(0);
  }, 60_000);
});
