import { unlink } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { type PictureFacts, VARIANT_FORMATS, variantUrl } from '../../../lib/picture.ts';
import { config } from '../../config.ts';
import { shows } from '../../core/page-tags.ts';
import { db } from '../../db/connection.ts';
import { uploadPath, wakeImages } from './queue.ts';

/**
 * The uploads table as the rest of the site sees it (migration 0033): an upload's row written beside
 * its file, the facts pages draw `<picture>`s from (lib/picture.ts), and the row and variants removed
 * with the file.
 */

export type NewUpload = {
  url: string;
  originalName: string;
  mime: string;
  byteSize: number;
  width: number;
  height: number;
  animated: boolean;
  userId: number | null;
};

/** Never longer than this in the row (a name is only shown). */
const NAME_MAX = 200;

/**
 * Writes the row of a stored upload and wakes the queue: a still picture is pending (its variants
 * follow), an animated GIF is done as it is.
 */
export async function recordUpload(u: NewUpload): Promise<void> {
  await db
    .insertInto('upload')
    .values({
      url: u.url,
      original_name: [...u.originalName.replace(/[\p{Cc}]/gu, '')].slice(0, NAME_MAX).join(''),
      mime: u.mime,
      byte_size: u.byteSize,
      width: u.width,
      height: u.height,
      animated: u.animated ? 1 : 0,
      status: u.animated ? 'done' : 'pending',
      user_id: u.userId,
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('url').doNothing())
    .execute();
  if (!u.animated) wakeImages();
}

/** The page tag of uploads' facts (core/page-tags.ts). */
export const PICTURES_TAG = 'pictures';

/**
 * Facts of finished rows, kept a while per process: a page of 24 photos asks once, and a row only
 * changes from pending to done (a page cached before that is dropped when the queue finishes).
 */
const known = new LRUCache<string, PictureFacts>({ max: 5_000, ttl: 10 * 60_000 });

/** Drops what this process remembers (a site closed; the queue finished rows). */
export const forgetFacts = () => known.clear();

/**
 * What pages need to draw the pictures at these URLs, by URL: size, variant widths and placeholder.
 * URLs that are not uploads (an outside address, a demo SVG) have none and stay plain `<img>`s.
 */
export async function pictureFacts(urls: Iterable<string>): Promise<Map<string, PictureFacts>> {
  const out = new Map<string, PictureFacts>();
  const ask: string[] = [];
  for (const url of new Set(urls)) {
    if (!url?.startsWith('/uploads/')) continue;
    // The page takes the variants once made: the queue's end of a batch drops it (root/create-site.ts).
    shows(PICTURES_TAG);
    const hit = known.get(url);
    if (hit) out.set(url, hit);
    else ask.push(url);
  }
  for (let i = 0; i < ask.length; i += 500) {
    const rows = await db
      .selectFrom('upload')
      .select(['url', 'width', 'height', 'variant_widths', 'placeholder', 'status', 'animated'])
      .where('url', 'in', ask.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      if (!r.width || !r.height) continue;
      const facts: PictureFacts = {
        width: r.width,
        height: r.height,
        widths: r.status === 'done' && r.variant_widths ? r.variant_widths.split(',').map(Number) : [],
        placeholder: r.placeholder,
      };
      out.set(r.url, facts);
      if (r.status === 'done' || r.animated) known.set(r.url, facts);
    }
  }
  return out;
}

/**
 * Removes the rows and variant files of uploads whose originals were removed
 * (services/upload-files.ts): nothing is left beside a deleted picture.
 */
export async function forgetUploads(urls: string[]): Promise<void> {
  if (!urls.length) return;
  const rows = await db
    .selectFrom('upload')
    .select(['url', 'variant_widths'])
    .where('url', 'in', urls)
    .execute();
  for (const r of rows) {
    for (const w of r.variant_widths ? r.variant_widths.split(',').map(Number) : [])
      for (const f of VARIANT_FORMATS)
        await unlink(uploadPath(config.uploadsDir, variantUrl(r.url, w, f))).catch(() => {});
    known.delete(r.url);
  }
  await db.deleteFrom('upload').where('url', 'in', urls).execute();
}
