import { db } from '../db/connection.ts';

export type Album = {
  id: number;
  album_name: string;
  description: string;
  album_cover: string;
  photoCount: number;
  createdAt: string;
};

export type Photo = { id: number; album_id: number; url: string; createdAt: string };

/** Every album, newest first, with how many photos it holds. */
export async function listAlbums(): Promise<Album[]> {
  const rows = await db
    .selectFrom('photo_album')
    .leftJoin('photo', 'photo.album_id', 'photo_album.id')
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
  return rows.map((r) => ({ ...r, photoCount: Number(r.photoCount) }));
}

export async function getAlbum(id: number): Promise<Album | null> {
  return (await listAlbums()).find((a) => a.id === id) ?? null;
}

/** The photos of one album in the order they were taken. */
export async function listPhotos(albumId: number): Promise<Photo[]> {
  return db
    .selectFrom('photo')
    .select(['id', 'album_id', 'url', 'createdAt'])
    .where('album_id', '=', albumId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
