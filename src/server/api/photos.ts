import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as photos from '../services/photos.ts';
import { params } from './validate.ts';

const AlbumPath = z.object({ id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  albums: apiDoc({ summary: '全部相册', description: '每个相册带照片数与封面。' }),
  photos: apiDoc({ summary: '相册里的全部照片', path: AlbumPath }),
};

/** Photo albums and their photos (read-only). */
export const photoRoutes = new Hono<ApiEnv>()
  .get('/photoAlbum/getAllAlbumList', doc.albums, async (c) => ok(c, await photos.listAlbums()))
  .get('/photo/getAllPhotosByAlbumId/:id', doc.photos, async (c) =>
    ok(c, await photos.listPhotos(params(c, AlbumPath).id)),
  );
