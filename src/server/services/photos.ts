import { PHOTO_STATUS } from '../../lib/media.ts';
import { albumTag, shows } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';

export type Album = {
  id: number;
  album_name: string;
  description: string;
  album_cover: string;
  photoCount: number;
  createdAt: string;
};

export type Photo = { id: number; album_id: number; url: string; caption: string; createdAt: string };

/**
 * The cover a visitor sees for each album: its own, unless that picture is one of the album's photos
 * now in the recycle bin (and no normal photo of it shares the URL); then its first normal photo, or
 * none. A binned photo is never shown to visitors, not even as a cover.
 */
export async function visibleCovers<T extends { id: number; album_cover: string }>(
  albums: T[],
): Promise<T[]> {
  const covers = [...new Set(albums.map((a) => a.album_cover).filter(Boolean))];
  if (!covers.length) return albums;
  const same = await db
    .selectFrom('photo')
    .select(['album_id', 'url', 'status'])
    .where(
      'album_id',
      'in',
      albums.map((a) => a.id),
    )
    .where('url', 'in', covers)
    .execute();
  const hidden = albums.filter((a) => {
    const rows = same.filter((p) => p.album_id === a.id && p.url === a.album_cover);
    return rows.length > 0 && rows.every((p) => p.status !== PHOTO_STATUS.normal);
  });
  if (!hidden.length) return albums;
  const firsts = new Map<number, string>();
  for (const a of hidden) {
    const first = await db
      .selectFrom('photo')
      .select('url')
      .where('album_id', '=', a.id)
      .where('status', '=', PHOTO_STATUS.normal)
      .orderBy('createdAt')
      .orderBy('id')
      .executeTakeFirst();
    firsts.set(a.id, first?.url ?? '');
  }
  return albums.map((a) => (firsts.has(a.id) ? { ...a, album_cover: firsts.get(a.id) ?? '' } : a));
}

/** Every album, newest first, with how many (normal) photos it holds. */
export function listAlbums(): Promise<Album[]> {
  shows('albums');
  return allAlbums();
}

async function allAlbums(): Promise<Album[]> {
  const rows = await db
    .selectFrom('photo_album')
    .leftJoin('photo', (join) =>
      join.onRef('photo.album_id', '=', 'photo_album.id').on('photo.status', '=', PHOTO_STATUS.normal),
    )
    .select((eb) => [
      'photo_album.id',
      'photo_album.album_name',
      'photo_album.description',
      'photo_album.album_cover',
      'photo_album.createdAt',
      eb.fn.count<number>('photo.id').as('photoCount'),
    ])
    .groupBy([
      'photo_album.id',
      'photo_album.album_name',
      'photo_album.description',
      'photo_album.album_cover',
      'photo_album.createdAt',
    ])
    .orderBy('photo_album.createdAt', 'desc')
    .orderBy('photo_album.id', 'desc')
    .execute();
  return visibleCovers(rows.map((r) => ({ ...r, photoCount: Number(r.photoCount) })));
}

export async function getAlbum(id: number): Promise<Album | null> {
  shows(albumTag(id));
  return (await allAlbums()).find((a) => a.id === id) ?? null;
}

/** The (normal) photos of one album in the owner's order (else as uploaded); the bin is the owner's. */
export async function listPhotos(albumId: number): Promise<Photo[]> {
  shows(albumTag(albumId));
  return db
    .selectFrom('photo')
    .select(['id', 'album_id', 'url', 'caption', 'createdAt'])
    .where('album_id', '=', albumId)
    .where('status', '=', PHOTO_STATUS.normal)
    .orderBy('position')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
