import { compressImage } from '../../browser/image-compress.ts';
import { type BatchFile, uploadFileWithProgress } from '../../lib/api/admin/upload.ts';
import { apiHooks, HttpError } from '../../lib/api/client.ts';
import { needsCompression } from '../../lib/image-compress.ts';
import {
  IMAGE_ACCEPT,
  MAX_UPLOAD_BYTES,
  NOT_AN_IMAGE,
  UPLOAD_FAILED,
  UPLOAD_TOO_BIG,
} from '../../lib/upload.ts';

/**
 * The console's image upload: the site's rules (src/lib/upload.ts: the accepted types, compression over 800
 * KB, the 5 MB limit, POST /api/upload/img) with the progress of the transfer, which `fetch` cannot report;
 * so this one call goes through XMLHttpRequest. Failures toast like every other call
 * (docs/product.md#failed-calls) and reject with an HttpError whose message says why. A file of a `batch`
 * leaves the refusals of the file itself (its type or size: the server's code 100 or 413) to the caller to
 * show beside it, and waits out the upload rate limit (429) instead of failing; a session failure (401,
 * 403) still toasts.
 */
export async function uploadWithProgress(
  file: File,
  onProgress: (fraction: number) => void,
  maxSide = 1920,
  batch?: BatchFile,
): Promise<string> {
  const hooks = apiHooks();
  const fail = (message: string, shown = false): never => {
    if (!shown && !batch) hooks?.toast(message, 'error', '错误提示');
    throw new HttpError(message, 0, 0, true);
  };
  if (file.type && !IMAGE_ACCEPT.split(',').includes(file.type)) fail(NOT_AN_IMAGE);
  let body: File = file;
  if (needsCompression(file) && file.type !== 'image/gif') {
    body = await compressImage(file, { maxSide }).catch(() => fail(UPLOAD_FAILED));
  }
  if (body.size > MAX_UPLOAD_BYTES) fail(UPLOAD_TOO_BIG);
  const result = await uploadFileWithProgress<{ url: string }>(
    '/api/upload/img',
    body,
    {},
    onProgress,
    batch,
  );
  if (!result?.url) return fail(UPLOAD_FAILED);
  return result.url;
}
