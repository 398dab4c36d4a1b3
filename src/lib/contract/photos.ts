import { z } from 'zod';
import { isImageUrl } from '../community.ts';
import { ALBUM_DESC_MAX, ALBUM_NAME_MAX } from '../media.ts';
import { id } from './fields.ts';

/**
 * An album as the owner's list sends it (POST /api/photoAlbum, docs/api/admin.md#talks-albums-and-photos).
 */
export type AlbumRow = {
  id: number;
  album_name: string;
  album_cover: string;
  description: string;
  createdAt: string;
  updatedAt: string;
};

/** A photo as the owner's list sends it (POST /api/photo/getPhotoListByAlbumId): status 1 normal, 2 bin. */
export type PhotoRow = {
  id: number;
  album_id: number;
  url: string;
  /** Ours (migration 0043): '' for none. */
  caption: string;
  /** Ours: the album's order, ascending (0: never reordered, then by upload time). */
  position: number;
  status: number;
  createdAt: string;
  updatedAt: string;
};

/** An upload's URL (or an http(s) picture), refused with `message`. */
export const imageUrl = (message: string) =>
  z.string({ error: message }).trim().max(500, message).refine(isImageUrl, message);

const albumFields = {
  album_name: z
    .string({ error: '请输入相册名称' })
    .trim()
    .min(1, '请输入相册名称')
    .max(ALBUM_NAME_MAX, `相册名称不能超过${ALBUM_NAME_MAX}个字`),
  // An upload's URL (or an http(s) picture); "" leaves the album without one until a photo is added.
  album_cover: z.union([z.literal(''), imageUrl('相册封面应为上传的图片地址')]),
  description: z
    .string({ error: '相册描述格式错误' })
    .trim()
    .max(ALBUM_DESC_MAX, `相册描述不能超过${ALBUM_DESC_MAX}个字`),
};
/** POST /api/photoAlbum/add: a new album (`key` of the call: its Idempotency-Key). */
export const AlbumAdd = z.object({
  album_name: albumFields.album_name,
  album_cover: albumFields.album_cover.default(''),
  description: albumFields.description.default(''),
});

/** PUT /api/photoAlbum/update: the album's id and the fields that change. */
export const AlbumUpdate = z
  .object({ id: id(), ...albumFields })
  .partial()
  .required({ id: true });
