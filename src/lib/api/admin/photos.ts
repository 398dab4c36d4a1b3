import type { z } from 'zod';
import type { Page } from '../../contract/page.ts';
import type { AlbumAdd, AlbumRow, AlbumUpdate, PhotoRow } from '../../contract/photos.ts';
import { del, get, post, put } from '../client.ts';

/** The console's calls for albums and photos (ADMIN-API "Photo album", "Photo"). */

/** A new album's fields (`AlbumAdd`): cover and description may be left out. */
export type AlbumInput = z.input<typeof AlbumAdd>;

export const listAlbums = (current: number, size: number, album_name?: string) =>
  post<Page<AlbumRow>>('/api/photoAlbum', { current, size, album_name });

/** `key`: the Idempotency-Key of this create, the same on every retry of it. */
export const addAlbum = (album: AlbumInput, key: string) =>
  post<AlbumRow>('/api/photoAlbum/add', album, { idempotencyKey: key });

export const updateAlbum = (id: number, album: Omit<z.input<typeof AlbumUpdate>, 'id'>) =>
  put<boolean>('/api/photoAlbum/update', { id, ...album });

export const deleteAlbum = (id: number) => del<boolean>(`/api/photoAlbum/delete/${id}`);

export const setAlbumCover = (albumId: number, photoId: number) =>
  put<boolean>(`/api/photoAlbum/setCover/${albumId}/${photoId}`);

/** One album's photos: status 1 the album, 2 its recycle bin. */
export const listPhotos = (albumId: number, status: 1 | 2, current: number, size: number) =>
  post<Page<PhotoRow>>('/api/photo/getPhotoListByAlbumId', { id: albumId, status, current, size });

export const addPhotos = (albumId: number, urls: string[], key: string) =>
  post<PhotoRow[]>(
    '/api/photo/add',
    { photoList: urls.map((url) => ({ album_id: albumId, url })) },
    { idempotencyKey: key },
  );

/** type 1 moves normal photos to the bin, type 2 deletes binned ones for good. */
export const deletePhotos = (photos: PhotoRow[], type: 1 | 2) =>
  put<number>('/api/photo/delete', { imgList: photos.map(({ id, url }) => ({ id, url })), type });

export const revertPhotos = (ids: number[]) => put<number>('/api/photo/revert', { idList: ids });

/** How many normal photos each album holds (the visitors' album list, which counts them). */
export const albumPhotoCounts = () =>
  get<{ id: number; photoCount: number }[]>('/api/photoAlbum/getAllAlbumList').then(
    (list) => new Map(list.map((a) => [a.id, a.photoCount])),
  );

/** One album by its id, looked up page by page in the owner's list (there is no single-album route). */
export async function findAlbum(id: number): Promise<AlbumRow | undefined> {
  for (let current = 1; ; current++) {
    const page = await listAlbums(current, 50);
    const found = page.list.find((a) => a.id === id);
    if (found || current * 50 >= page.total || !page.list.length) return found;
  }
}

/** A photo's caption ('' removes it): shown under it on the album page and as its alt text. */
export const setPhotoCaption = (id: number, caption: string) =>
  put<boolean>('/api/photo/caption', { id, caption });

/** The album's normal photos in the visitors' order (the album page's own call). */
export const albumInOrder = (albumId: number) =>
  get<Pick<PhotoRow, 'id' | 'url' | 'caption'>[]>(`/api/photo/getAllPhotosByAlbumId/${albumId}`);

/** The album's photos in this order (all of them: the bin's and new ones keep their places after). */
export const setPhotoOrder = (albumId: number, ids: number[]) =>
  put<boolean>('/api/photo/order', { album_id: albumId, idList: ids });
