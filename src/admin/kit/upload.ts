import { compressImage } from '../../browser/image-compress.ts';
import { type BatchFile, uploadFileWithProgress } from '../../lib/api/admin/upload.ts';
import { apiHooks, HttpError } from '../../lib/api/client.ts';
import { needsCompression } from '../../lib/image-compress.ts';
import { MAX_STORED_SIDE } from '../../lib/picture.ts';
import {
  CONSOLE_UPLOAD_TOO_BIG,
  IMAGE_ACCEPT,
  MAX_CONSOLE_UPLOAD_BYTES,
  NOT_AN_IMAGE,
  UPLOAD_FAILED,
} from '../../lib/upload.ts';

/**
 * The console's image upload: the owner's rules (src/lib/upload.ts: the accepted types, originals up to
 * 20 MB sent as they are, since the server turns them upright and makes the sizes; a larger one is first
 * scaled to 2,560 px in the browser; POST /api/upload/img) with the progress of the transfer, which `fetch` cannot report;
 * so this one call goes through XMLHttpRequest. Failures toast like every other call
 * (docs/product.md#failed-calls) and reject with an HttpError whose message says why. A file of a `batch`
 * leaves the refusals of the file itself (its type or size: the server's code 100 or 413) to the caller to
 * show beside it, and waits out the upload rate limit (429) instead of failing; a session failure (401,
 * 403) still toasts.
 */
export async function uploadWithProgress(
  file: File,
  onProgress: (fraction: number) => void,
  maxSide = MAX_STORED_SIDE,
  batch?: BatchFile,
): Promise<string> {
  const hooks = apiHooks();
  const fail = (message: string, shown = false): never => {
    if (!shown && !batch) hooks?.toast(message, 'error', '错误提示');
    throw new HttpError(message, 0, 0, true);
  };
  if (file.type && !IMAGE_ACCEPT.split(',').includes(file.type)) fail(NOT_AN_IMAGE);
  let body: File = file;
  if (needsCompression(file, MAX_CONSOLE_UPLOAD_BYTES) && file.type !== 'image/gif') {
    body = await compressImage(file, { maxSide, threshold: MAX_CONSOLE_UPLOAD_BYTES }).catch(() =>
      fail(UPLOAD_FAILED),
    );
  }
  if (body.size > MAX_CONSOLE_UPLOAD_BYTES) fail(CONSOLE_UPLOAD_TOO_BIG);
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
