import { sql } from 'kysely';
import type { z } from 'zod';
import type { AlbumAdd, AlbumRow, AlbumUpdate } from '../../lib/contract/photos.ts';
import { PHOTO_STATUS } from '../../lib/media.ts';
import { escapeLike } from '../../lib/search.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { albumTag, changes } from '../core/page-tags.ts';
import { db, dialect } from '../db/connection.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { visibleCovers } from './photos.ts';
import { removeUnusedUploads } from './upload-files.ts';

/**
 * The owner's albums (docs/api/admin.md#talks-albums-and-photos): the list, add, update, delete, and the
 * cover.
 */

const COLUMNS = ['id', 'album_name', 'album_cover', 'description', 'createdAt', 'updatedAt'] as const;

/** A page of albums, newest first; `album_name` matches anywhere in the name, in any letter case. */
export async function listAlbumPage(
  input: { current: number; size: number; album_name?: string },
  asAdmin: boolean,
): Promise<Page<AlbumRow>> {
  let q = db.selectFrom('photo_album');
  if (input.album_name) {
    const op = sql.raw(dialect === 'postgres' ? 'ILIKE' : 'LIKE');
    q = q.where(sql<boolean>`album_name ${op} ${`%${escapeLike(input.album_name)}%`} ESCAPE '\\'`);
  }
  return paginate(
    input,
    async (limit, offset) => {
      const rows = await q
        .select(COLUMNS)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      // Visitors may call this list too: a cover that is a binned photo is not theirs to see.
      return asAdmin ? rows : visibleCovers(rows);
    },
    () => countRows(q),
  );
}

type AlbumInput = z.output<typeof AlbumAdd>;

async function refuseTakenName(name: string, except = 0): Promise<void> {
  const taken = await db
    .selectFrom('photo_album')
    .select('id')
    .where('album_name', '=', name)
    .where('id', '!=', except)
    .executeTakeFirst();
  if (taken) throw conflict(MSG.albumTaken);
}

export async function addAlbum(input: AlbumInput): Promise<AlbumRow> {
  await refuseTakenName(input.album_name);
  const now = new Date().toISOString();
  const row = await db
    .insertInto('photo_album')
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  // Its page may have been cached as missing.
  changes('albums', albumTag(row.id));
  return row;
}

async function coverOf(id: number): Promise<string> {
  const row = await db
    .selectFrom('photo_album')
    .select('album_cover')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.album);
  return row.album_cover;
}

/** Changes an album; a replaced cover's file goes once nothing else uses it. */
export async function updateAlbum(
  id: number,
  input: Omit<z.output<typeof AlbumUpdate>, 'id'>,
): Promise<void> {
  const oldCover = await coverOf(id);
  changes('albums', albumTag(id));
  if (input.album_name !== undefined) await refuseTakenName(input.album_name, id);
  await db
    .updateTable('photo_album')
    .set({ ...input, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  if (input.album_cover !== undefined && input.album_cover !== oldCover)
    await removeUnusedUploads([oldCover]);
}

/** One of the album's normal photos becomes its cover. */
export async function setAlbumCover(id: number, photoId: number): Promise<void> {
  await coverOf(id);
  const photo = await db
    .selectFrom('photo')
    .select('url')
    .where('id', '=', photoId)
    .where('album_id', '=', id)
    .where('status', '=', PHOTO_STATUS.normal)
    .executeTakeFirst();
  if (!photo) throw notFound(MSG.photo);
  await updateAlbum(id, { album_cover: photo.url });
}

/** Deletes an album with every photo of it (any status), and their files and the cover's once unused. */
export async function deleteAlbum(id: number): Promise<void> {
  changes('albums', albumTag(id));
  const urls = await db.transaction().execute(async (trx) => {
    const album = await trx
      .selectFrom('photo_album')
      .select('album_cover')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!album) throw notFound(MSG.album);
    const photos = await trx.deleteFrom('photo').where('album_id', '=', id).returning('url').execute();
    await trx.deleteFrom('photo_album').where('id', '=', id).execute();
    return [album.album_cover, ...photos.map((p) => p.url)];
  });
  await removeUnusedUploads(urls);
}
