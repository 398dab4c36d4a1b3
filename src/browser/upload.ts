import { apiToast, HttpError, post } from '../lib/api/client.ts';
import { needsCompression } from '../lib/image-compress.ts';
import {
  IMAGE_ACCEPT,
  MAX_UPLOAD_BYTES,
  NOT_AN_IMAGE,
  UPLOAD_FAILED,
  UPLOAD_TOO_BIG,
} from '../lib/upload.ts';
import { compressImage } from './image-compress.ts';

export type UploadOptions = {
  /** Leave every failure toast to the caller (the error's message says what went wrong). */
  quiet?: boolean;
  /**
   * Compression settings (docs/product.md#image-compression; defaults: 800 px, quality 0.9, 3 retries, 800
   * KB).
   */
  maxSide?: number;
};

/**
 * Uploads one image for the signed-in user and resolves with its URL (`/uploads/…`).
 * docs/product.md#image-compression: a file over 800 KB is compressed first; a failed compression rejects
 * with 图片上传失败. The server decides the real type by the file's bytes; the checks here only spare a pointless
 * request.
 */
export async function uploadImage(file: File, opts: UploadOptions = {}): Promise<string> {
  const fail = (message: string, shown = false): never => {
    if (!opts.quiet && !shown) apiToast(message, 'error', '错误提示');
    throw new HttpError(message, 0, 0, !opts.quiet);
  };
  if (file.type && !IMAGE_ACCEPT.split(',').includes(file.type)) fail(NOT_AN_IMAGE);
  let body: File = file;
  // GIFs keep their animation: a canvas would flatten them to one frame.
  if (needsCompression(file) && file.type !== 'image/gif') {
    try {
      body = await compressImage(file, { maxSide: opts.maxSide });
    } catch {
      fail(UPLOAD_FAILED);
    }
  }
  if (body.size > MAX_UPLOAD_BYTES) fail(UPLOAD_TOO_BIG);
  const form = new FormData();
  form.append('file', body, body.name || 'image');
  try {
    const { url } = await post<{ url: string }>('/api/upload/img', form, { quiet: opts.quiet });
    return url;
  } catch (err) {
    // Handled statuses (401, 429, code 100: bad files too) have shown their toast; a 413 says why here.
    if (err instanceof HttpError) return fail(err.message || UPLOAD_FAILED, err.shown);
    return fail(UPLOAD_FAILED);
  }
}
