import { Hono } from 'hono';
import { z } from 'zod';
import { blankAsAbsent, id, num, pageFields, pageSize } from '../../lib/contract/fields.ts';
import { AlbumAdd, AlbumUpdate, imageUrl } from '../../lib/contract/photos.ts';
import { PHOTO_BATCH_MAX, PHOTO_STATUS } from '../../lib/media.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as albums from '../services/albums.ts';
import { isAdmin } from '../services/auth.ts';
import * as photos from '../services/photos-admin.ts';
import { requireAdmin } from './auth.ts';
import { body, params } from './validate.ts';

const AlbumList = z.object({
  current: pageFields.current,
  size: pageSize(8),
  album_name: blankAsAbsent(z.string().trim().max(100, '相册名称过长')),
});
const PICK = '请选择照片';
const TOO_MANY = `一次最多${PHOTO_BATCH_MAX}张照片`;
const PhotoList = z.object({
  id: id(),
  ...pageFields,
  // The album tab (1) is anyone's to read; the recycle bin (2) is the owner's.
  status: num(z.literal([1, 2], 'status 只能是 1 或 2')).default(PHOTO_STATUS.normal),
});
const AddPhotos = z.object({
  photoList: z
    .array(z.object({ album_id: id(), url: imageUrl('照片地址应为上传的图片地址') }))
    .min(1, PICK)
    .max(PHOTO_BATCH_MAX, TOO_MANY),
});
const DeletePhotos = z.object({
  // The original sends each photo's url too; the stored one is what counts.
  imgList: z
    .array(z.object({ id: id() }))
    .min(1, PICK)
    .max(PHOTO_BATCH_MAX, TOO_MANY),
  type: num(z.literal([1, 2], 'type 只能是 1 或 2')),
});
const IdList = z.object({ idList: z.array(id()).min(1, PICK).max(PHOTO_BATCH_MAX, TOO_MANY) });
const Caption = z.object({
  id: id(),
  caption: z.string({ error: '请填写说明' }).trim().max(200, '说明最多 200 个字'),
});
const Order = z.object({
  album_id: id(),
  idList: z
    .array(id())
    .min(1, PICK)
    .max(1000, '一次最多排 1000 张')
    .refine((l) => new Set(l).size === l.length, '照片不能重复'),
});
const IdPath = z.object({ id: id() });
const CoverPath = z.object({ id: id(), photoId: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  albums: apiDoc({ summary: '相册分页列表', body: AlbumList, description: 'album_name 按名称筛选。' }),
  addAlbum: apiDoc({ summary: '新增相册', access: 'admin', body: AlbumAdd }),
  updateAlbum: apiDoc({ summary: '修改相册', access: 'admin', body: AlbumUpdate }),
  deleteAlbum: apiDoc({ summary: '删除相册', access: 'admin', path: IdPath }),
  setCover: apiDoc({ summary: '设置相册封面', access: 'admin', path: CoverPath }),
  photos: apiDoc({
    summary: '相册里的照片（分页）',
    body: PhotoList,
    description: 'status 1 为相册里的照片，2 为回收站（仅管理员）。',
  }),
  addPhotos: apiDoc({ summary: '添加照片', access: 'admin', body: AddPhotos }),
  deletePhotos: apiDoc({
    summary: '删除照片',
    access: 'admin',
    body: DeletePhotos,
    description: 'type 1 移到回收站，2 彻底删除。',
  }),
  revertPhotos: apiDoc({ summary: '从回收站恢复照片', access: 'admin', body: IdList }),
  caption: apiDoc({
    summary: '修改照片说明',
    access: 'admin',
    body: Caption,
    description: '相册页显示在照片下，也是照片的替代文字；空字符串去掉说明。',
  }),
  order: apiDoc({
    summary: '照片排序',
    access: 'admin',
    body: Order,
    description: 'idList 为该相册照片的新顺序；未列出的照片排在它们之后。',
  }),
};

/** Albums and photos for the owner (docs/api/admin.md#talks-albums-and-photos). */
export const photoAdminRoutes = new Hono<ApiEnv>()
  .post('/photoAlbum', doc.albums, async (c) => {
    const input = await body(c, AlbumList);
    return ok(c, await albums.listAlbumPage(input, isAdmin(c.get('user'))));
  })
  .post('/photoAlbum/add', doc.addAlbum, async (c) => {
    requireAdmin(c);
    return ok(c, await albums.addAlbum(await body(c, AlbumAdd)), '新增相册成功');
  })
  .put('/photoAlbum/update', doc.updateAlbum, async (c) => {
    requireAdmin(c);
    const { id: albumId, ...patch } = await body(c, AlbumUpdate);
    await albums.updateAlbum(albumId, patch);
    return ok(c, true, '修改相册成功');
  })
  .delete('/photoAlbum/delete/:id', doc.deleteAlbum, async (c) => {
    requireAdmin(c);
    await albums.deleteAlbum(params(c, IdPath).id);
    return ok(c, true, '删除相册成功');
  })
  .put('/photoAlbum/setCover/:id/:photoId', doc.setCover, async (c) => {
    requireAdmin(c);
    const p = params(c, CoverPath);
    await albums.setAlbumCover(p.id, p.photoId);
    return ok(c, true, '设置封面成功');
  })
  .post('/photo/getPhotoListByAlbumId', doc.photos, async (c) => {
    const input = await body(c, PhotoList);
    // Like the pending friend links: a visitor is asked to log in (401), a user is refused (403).
    if (input.status === PHOTO_STATUS.bin) requireAdmin(c);
    return ok(c, await photos.listAlbumPhotos(input));
  })
  .post('/photo/add', doc.addPhotos, async (c) => {
    requireAdmin(c);
    const { photoList } = await body(c, AddPhotos);
    return ok(c, await photos.addPhotos(photoList), '上传照片成功');
  })
  .put('/photo/delete', doc.deletePhotos, async (c) => {
    requireAdmin(c);
    const { imgList, type } = await body(c, DeletePhotos);
    const ids = imgList.map((p) => p.id);
    const count = type === 1 ? await photos.binPhotos(ids) : await photos.deletePhotos(ids);
    return ok(c, count, type === 1 ? '已移到回收站' : '彻底删除成功');
  })
  .put('/photo/revert', doc.revertPhotos, async (c) => {
    requireAdmin(c);
    return ok(c, await photos.revertPhotos((await body(c, IdList)).idList), '恢复成功');
  })
  .put('/photo/caption', doc.caption, async (c) => {
    requireAdmin(c);
    const { id: photoId, caption } = await body(c, Caption);
    await photos.setCaption(photoId, caption);
    return ok(c, true, '说明已保存');
  })
  .put('/photo/order', doc.order, async (c) => {
    requireAdmin(c);
    const { album_id, idList } = await body(c, Order);
    await photos.orderPhotos(album_id, idList);
    return ok(c, true, '排序已保存');
  });
