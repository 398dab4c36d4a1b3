import { Hono } from 'hono';
import { MediaDelete, MediaList } from '../../lib/contract/media.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { deleteMedia, listMedia } from '../services/images/media.ts';
import { requireAdmin } from './auth.ts';
import { body, query } from './validate.ts';

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({
    summary: '媒体库：上传的图片',
    access: 'admin',
    query: MediaList,
    description:
      '最新的在前；keyword 按文件名或地址筛选，unused=1 只列没有任何地方使用的图片。每张图片带缩略图地址 thumb（480 像素的尺寸，未生成时为原图）与使用之处 uses `[{kind, label, href?}]`。',
  }),
  remove: apiDoc({
    summary: '媒体库：删除图片',
    access: 'admin',
    body: MediaDelete,
    description:
      '全部删除或一张也不删：仍被使用的图片拒绝删除，消息列出每张的使用之处；否则删除原图、各尺寸和记录。',
  }),
};

/** The console's media library (docs/api/admin.md#media-library), admin-only. */
export const mediaAdminRoutes = new Hono<ApiEnv>()
  .get('/media/list', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await listMedia(query(c, MediaList)));
  })
  .post('/media/delete', doc.remove, async (c) => {
    requireAdmin(c);
    const names = await deleteMedia(await body(c, MediaDelete));
    return ok(c, names.length, `已删除 ${names.length} 张图片`);
  });
