import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError, invalid, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { isAdmin } from '../services/auth.ts';
import { BROKEN, cleanImage } from '../services/image-clean.ts';
import { recordUpload } from '../services/images/library.ts';
import { decodesWhole, normalizeOriginal, readHeader } from '../services/images/process.ts';
import { MAX_IMAGE_BYTES, MAX_VISITOR_IMAGE_BYTES, saveImage, sniffImage } from '../services/uploads.ts';
import { requireUser } from './auth.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_SLACK = 64 * 1024;
/**
 * The owner's console sends originals (the server makes the sizes); everyone else's pages compress to
 * about 800 KB first, so their limit stays the original 5 MB (docs/product.md#image-compression).
 */
const limitOf = (admin: boolean) => (admin ? MAX_IMAGE_BYTES : MAX_VISITOR_IMAGE_BYTES);
const tooBigText = (admin: boolean) => `图片大小不能超过 ${limitOf(admin) / 1024 / 1024}MB`;
const WRONG_TYPE = '只能上传 JPG、PNG、WEBP、GIF 格式的图片';

/** Uploads per user: a chat burst is fine, a flood is not. */
const perUser = new SharedLimiter('upload', 30, 60_000);

const tooLarge = (admin: boolean) => new ApiError(413, tooBigText(admin));

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
const limits = [false, true].map((admin) =>
  bodyLimit({
    maxSize: limitOf(admin) + MULTIPART_SLACK,
    onError: () => {
      throw tooLarge(admin);
    },
  }),
);
const limit = createMiddleware<ApiEnv>((c, next) => limits[isAdmin(c.get('user')) ? 1 : 0](c, next));

/** The route in the API reference (GET /api/openapi.json). */
const doc = apiDoc({
  summary: '上传图片',
  access: 'login',
  upload: { file: 'file' },
  description:
    'JPG、PNG、WEBP、GIF，管理员最大 20MB、其他用户 5MB；按 EXIF 方向摆正、长边不超过 2560 像素后保存，回答图片地址 `{url}`；各尺寸的 AVIF、WebP 随后生成。',
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
  const admin = isAdmin(c.get('user'));
  if (file.size > limitOf(admin)) throw tooLarge(admin);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) throw invalid(WRONG_TYPE);
  // Only the image itself is stored: no trailer after its end, no text or EXIF, no giant dimensions.
  const cleaned = cleanImage(bytes, kind.ext);
  if (!cleaned.ok) throw invalid(cleaned.message);
  // Turned by its EXIF orientation (read before the cleaning dropped it) and at most 2,560 px long;
  // the variants follow in the queue (docs/architecture.md#image-variants).
  const head = await readHeader(bytes).catch(() => {
    throw invalid(BROKEN);
  });
  // A PNG's rows are decoded to the end: its damage is in the compressed data, which no header shows.
  if (kind.ext === 'png' && !(await decodesWhole(cleaned.bytes))) throw invalid(BROKEN);
  // One sharp cannot re-encode is kept as cleaned: its bare EXIF orientation still turns it on screen.
  const stored = (await normalizeOriginal(bytes, kind, head).catch(() => null)) ?? {
    bytes: cleaned.bytes,
    width: head.width,
    height: head.height,
  };
  const url = await saveImage(stored.bytes, kind);
  await recordUpload({
    url,
    originalName: file.name,
    mime: kind.mime,
    byteSize: stored.bytes.length,
    width: stored.width,
    height: stored.height,
    animated: head.animated,
    userId: requireUser(c).id,
  });
  return ok(c, { url }, '上传成功');
});
