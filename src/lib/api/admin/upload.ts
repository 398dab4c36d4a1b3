import { bodyCode } from '../../body-code.ts';
import { compressImage, needsCompression } from '../../image-compress.ts';
import { IMAGE_ACCEPT, MAX_UPLOAD_BYTES, NOT_AN_IMAGE, UPLOAD_FAILED, UPLOAD_TOO_BIG } from '../../upload.ts';
import { apiHooks, type Envelope, HttpError } from '../client.ts';
import { showHttpError } from '../errors.ts';

/**
 * The console's image upload: the site's rules (src/lib/upload.ts: the accepted types, compression
 * over 800 KB, the 5 MB limit, POST /api/upload/img) with the progress of the transfer, which
 * `fetch` cannot report; so this one call goes through XMLHttpRequest. Failures toast like every
 * other call (SPEC §8) and reject with an HttpError whose message says why.
 */
export async function uploadWithProgress(
  file: File,
  onProgress: (fraction: number) => void,
  maxSide = 1920,
): Promise<string> {
  const hooks = apiHooks();
  const fail = (message: string, shown = false): never => {
    if (!shown) hooks?.toast(message, 'error', '错误提示');
    throw new HttpError(message, 0, 0, true);
  };
  if (file.type && !IMAGE_ACCEPT.split(',').includes(file.type)) fail(NOT_AN_IMAGE);
  let body: File = file;
  if (needsCompression(file) && file.type !== 'image/gif') {
    body = await compressImage(file, { maxSide }).catch(() => fail(UPLOAD_FAILED));
  }
  if (body.size > MAX_UPLOAD_BYTES) fail(UPLOAD_TOO_BIG);
  const form = new FormData();
  form.append('file', body, body.name || 'image');
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve();
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
  });
  xhr.open('POST', '/api/upload/img');
  xhr.timeout = 60_000;
  const token = hooks?.token();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.send(form);
  await done.catch(() => fail(UPLOAD_FAILED));
  let data: Partial<Envelope<{ url: string }>> | undefined;
  try {
    data = JSON.parse(xhr.responseText);
  } catch {
    data = undefined;
  }
  const message = typeof data?.message === 'string' ? data.message : '';
  if (xhr.status !== 200) return fail(message || UPLOAD_FAILED, showHttpError(xhr.status, message));
  if (bodyCode(data) !== 0 || !data?.result?.url) return fail(message || UPLOAD_FAILED);
  onProgress(1);
  return data.result.url;
}
