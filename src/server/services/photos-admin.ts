import type { PhotoRow } from '../../lib/contract/photos.ts';
import { PHOTO_STATUS } from '../../lib/media.ts';
import { notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { albumTag, changes } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { removeUnusedUploads } from './upload-files.ts';

/**
 * The owner's side of photos (docs/api/admin.md#talks-albums-and-photos): an album's photos of one status,
 * adding uploaded pictures, and the recycle bin (status 2: delete type 1 moves photos there, type 2 removes
 * binned ones for good with their files, revert brings them back).
 */

const COLUMNS = ['id', 'album_id', 'url', 'caption', 'position', 'status', 'createdAt', 'updatedAt'] as const;

async function requireAlbums(ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await db.selectFrom('photo_album').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw notFound(MSG.album);
}

/** A write of these photos changes their albums' pages and the album list (counts, covers). */
async function photosChanged(ids: number[]): Promise<void> {
  const rows = ids.length
    ? await db.selectFrom('photo').select('album_id').distinct().where('id', 'in', ids).execute()
    : [];
  changes('albums', ...rows.map((r) => albumTag(r.album_id)));
}

/** A page of one album's photos of a status, newest first (the console's grid shows uploads on top). */
export async function listAlbumPhotos(input: {
  id: number;
  current: number;
  size: number;
  status: number;
}): Promise<Page<PhotoRow>> {
  await requireAlbums([input.id]);
  const q = db.selectFrom('photo').where('album_id', '=', input.id).where('status', '=', input.status);
  return paginate(
    input,
    (limit, offset) =>
      q
        .select(COLUMNS)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(q),
  );
}

/**
 * Adds photos (each to its album, all of which must exist) and answers the created rows. An album
 * without a cover takes the first photo added to it.
 */
export async function addPhotos(list: { album_id: number; url: string }[]): Promise<PhotoRow[]> {
  await requireAlbums(list.map((p) => p.album_id));
  changes('albums', ...list.map((p) => albumTag(p.album_id)));
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    // New photos join the end of an album that was put in order (its positions run 1, 2, …).
    const last = await trx
      .selectFrom('photo')
      .select(['album_id', (eb) => eb.fn.max('position').as('top')])
      .where(
        'album_id',
        'in',
        list.map((p) => p.album_id),
      )
      .groupBy('album_id')
      .execute();
    const next = new Map(last.map((r) => [r.album_id, Number(r.top ?? 0)]));
    const placed = list.map((p) => {
      const top = next.get(p.album_id) ?? 0;
      const position = top > 0 ? top + 1 : 0;
      if (top > 0) next.set(p.album_id, position);
      return { ...p, position };
    });
    const rows = await trx
      .insertInto('photo')
      .values(placed.map((p) => ({ ...p, status: PHOTO_STATUS.normal, createdAt: now, updatedAt: now })))
      .returning(COLUMNS)
      .execute();
    for (const albumId of new Set(list.map((p) => p.album_id))) {
      const first = list.find((p) => p.album_id === albumId);
      if (first)
        await trx
          .updateTable('photo_album')
          .set({ album_cover: first.url, updatedAt: now })
          .where('id', '=', albumId)
          .where('album_cover', '=', '')
          .execute();
    }
    return rows;
  });
}

/** Normal photos to the recycle bin; answers how many moved. */
export async function binPhotos(ids: number[]): Promise<number> {
  await photosChanged(ids);
  const res = await db
    .updateTable('photo')
    .set({ status: PHOTO_STATUS.bin, updatedAt: new Date().toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', PHOTO_STATUS.normal)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Binned photos removed for good, with their files once nothing else uses them (the URLs are the
 * stored ones, never the client's); a photo not in the bin stays. Answers how many went.
 */
export async function deletePhotos(ids: number[]): Promise<number> {
  await photosChanged(ids);
  const gone = await db
    .deleteFrom('photo')
    .where('id', 'in', ids)
    .where('status', '=', PHOTO_STATUS.bin)
    .returning('url')
    .execute();
  await removeUnusedUploads(gone.map((p) => p.url));
  return gone.length;
}

/** Binned photos back to normal; answers how many came back. */
export async function revertPhotos(ids: number[]): Promise<number> {
  await photosChanged(ids);
  const res = await db
    .updateTable('photo')
    .set({ status: PHOTO_STATUS.normal, updatedAt: new Date().toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', PHOTO_STATUS.bin)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** PUT /photo/caption: one photo's caption ('' removes it). */
export async function setCaption(id: number, caption: string): Promise<void> {
  const done = await db
    .updateTable('photo')
    .set({ caption, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (!Number(done.numUpdatedRows)) throw notFound(MSG.photo);
  await photosChanged([id]);
}

/**
 * PUT /photo/order: the album's photos in this order (positions 1, 2, …). Every id must be a photo of
 * the album; its photos not listed (the bin's, or ones added meanwhile) keep their places after them.
 */
export async function orderPhotos(albumId: number, ids: number[]): Promise<void> {
  await requireAlbums([albumId]);
  const own = await db
    .selectFrom('photo')
    .select('id')
    .where('album_id', '=', albumId)
    .where('id', 'in', ids)
    .execute();
  if (own.length !== new Set(ids).size) throw notFound(MSG.photo);
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries())
      await trx
        .updateTable('photo')
        .set({ position: i + 1 })
        .where('id', '=', id)
        .execute();
    await trx
      .updateTable('photo')
      .set({ position: ids.length + 1 })
      .where('album_id', '=', albumId)
      .where('id', 'not in', ids)
      .where('position', '<=', ids.length)
      .execute();
  });
  changes('albums', albumTag(albumId));
}
