import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { config } from '../config.ts';
import { ApiError, invalid, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import {
  libraryView,
  MAX_AUDIO_BYTES,
  PROXY_REFUSAL,
  rescanLibrary,
  saveMusicFile,
} from '../services/music/library-admin.ts';
import { requireAdmin } from './auth.ts';

const TOO_BIG = '音频文件不能超过 50MB';
const perUser = new SharedLimiter('music-upload', 60, 60_000);

/** Admin, not in proxy mode, not too often, multipart: checked before a byte of the body is read. */
const admit = createMiddleware<ApiEnv>(async (c, next) => {
  const me = requireAdmin(c);
  if (config.musicApiUrl) throw invalid(PROXY_REFUSAL);
  const wait = await perUser.take(String(me.id));
  if (wait) throw tooMany(wait, '上传过于频繁，请稍后再试');
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw invalid('请用表单上传文件（字段 file）');
  await next();
});

const limit = bodyLimit({
  maxSize: MAX_AUDIO_BYTES + 64 * 1024,
  onError: () => {
    throw new ApiError(413, TOO_BIG);
  },
});

/** The console's music library (/admin/music), admin-only. */
const doc = {
  library: apiDoc({ summary: '本地曲库', access: 'admin', description: '文件夹（歌单）与歌曲。' }),
  rescan: apiDoc({ summary: '重新扫描曲库', access: 'admin' }),
  upload: apiDoc({
    summary: '上传音乐文件',
    access: 'admin',
    upload: { file: 'file', fields: { folder: '放入的文件夹（歌单），不给为根目录' } },
    description: '音频文件（mp3、flac、ogg、m4a、wav 等），最大 50MB；转发到 NeteaseCloudMusicApi 时不可用。',
  }),
};

export const musicAdminRoutes = new Hono<ApiEnv>()
  .get('/music/getLibrary', doc.library, async (c) => {
    requireAdmin(c);
    return ok(c, await libraryView());
  })
  .post('/music/rescan', doc.rescan, async (c) => {
    requireAdmin(c);
    return ok(c, await rescanLibrary(), '扫描完成');
  })
  // Under /api/upload/ like the image upload: multipart, and the app's 2 MB JSON limit does not apply.
  .post('/upload/music', doc.upload, admit, limit, async (c) => {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw invalid('请求体格式错误');
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') throw invalid('请选择要上传的文件');
    const folder = form.get('folder') ?? '';
    if (typeof folder !== 'string') throw invalid('文件夹名必须是文字');
    const bytes = new Uint8Array(await file.arrayBuffer());
    return ok(c, await saveMusicFile(folder, file.name, bytes), '上传成功');
  });
