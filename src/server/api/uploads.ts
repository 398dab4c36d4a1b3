import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError, invalid, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { cleanImage } from '../services/image-clean.ts';
import { MAX_IMAGE_BYTES, saveImage, sniffImage } from '../services/uploads.ts';
import { requireUser } from './auth.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_SLACK = 64 * 1024;
const MAX_BODY = MAX_IMAGE_BYTES + MULTIPART_SLACK;
const TOO_BIG = '图片大小不能超过 5MB';
const WRONG_TYPE = '只能上传 JPG、PNG、WEBP、GIF 格式的图片';

/** Uploads per user: a chat burst is fine, a flood is not. */
const perUser = new SharedLimiter('upload', 30, 60_000);

const tooLarge = () => new ApiError(413, TOO_BIG);

/** Who may upload, how often, and in which encoding: checked before a byte of the body is read. */
const admit = createMiddleware<ApiEnv>(async (c, next) => {
  const me = requireUser(c);
  const wait = await perUser.take(String(me.id));
  if (wait) throw tooMany(wait, '上传过于频繁，请稍后再试');
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw invalid('请用表单上传图片（字段 file）');
  await next();
});

/**
 * A larger (or lying) body is refused as soon as it passes the limit, so nothing unbounded is ever
 * held in memory: a declared Content-Length over it is refused unread, a streamed body while it
 * streams in.
 */
const limit = bodyLimit({
  maxSize: MAX_BODY,
  onError: () => {
    throw tooLarge();
  },
});

/** The route in the API reference (GET /api/openapi.json). */
const doc = apiDoc({
  summary: '上传图片',
  access: 'login',
  upload: { file: 'file' },
  description: 'JPG、PNG、WEBP、GIF，最大 5MB；回答图片地址 `{url}`。',
});

export const uploadRoutes = new Hono<ApiEnv>().post('/upload/img', doc, admit, limit, async (c) => {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw invalid('请求体格式错误');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw invalid('请选择要上传的图片');
  if (file.size === 0) throw invalid('图片是空的');
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) throw invalid(WRONG_TYPE);
  // Only the image itself is stored: no trailer after its end, no text or EXIF, no giant dimensions.
  const cleaned = cleanImage(bytes, kind.ext);
  if (!cleaned.ok) throw invalid(cleaned.message);
  return ok(c, { url: await saveImage(cleaned.bytes, kind) }, '上传成功');
});
