import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import * as photos from '../services/photos.ts';
import { params } from './validate.ts';

/** Photo albums and their photos (read-only). */
export const photoRoutes = new Hono<ApiEnv>()
  .get('/photoAlbum/getAllAlbumList', async (c) => ok(c, await photos.listAlbums()))
  .get('/photo/getAllPhotosByAlbumId/:id', async (c) =>
    ok(c, await photos.listPhotos(params(c, z.object({ id: id() })).id)),
  );
