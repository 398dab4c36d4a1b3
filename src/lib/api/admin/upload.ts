import { bodyCode } from '../../body-code.ts';
import { UPLOAD_FAILED } from '../../upload.ts';
import { apiHooks, type Envelope, HttpError } from '../client.ts';

/** One file of a batch (the upload queue): see uploadWithProgress (src/admin/kit/upload.ts). */
export type BatchFile = {
  /** The server asked to wait (429, 上传过于频繁): the file goes again after these seconds. */
  onWait: (seconds: number) => void;
};

/** Waits of one file at most (each as long as the server's Retry-After, at most a minute). */
const MAX_WAITS = 10;

const fileForm = (file: File, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name || 'file');
  return form;
};

/**
 * Any other file of the console (the music library's audio and lyrics): `url`'s multipart upload
 * with `fields`, its progress, and the batch's waits; the answer's result.
 */
export function uploadFileWithProgress<T>(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
  batch?: BatchFile,
): Promise<T> {
  const fail = (message: string, shown = false): never => {
    if (!shown && !batch) apiHooks()?.toast(message, 'error', '错误提示');
    throw new HttpError(message, 0, 0, true);
  };
  return postForm<T>(url, () => fileForm(file, fields), onProgress, fail, batch);
}

/** The POST with its waits on 429 (a batch's file); any other failure through `fail`. */
async function postForm<T>(
  url: string,
  form: () => FormData,
  onProgress: (fraction: number) => void,
  fail: (message: string, shown?: boolean) => never,
  batch?: BatchFile,
): Promise<T> {
  const hooks = apiHooks();
  for (let waits = 0; ; waits++) {
    const xhr = await send(url, form(), hooks?.token(), onProgress).catch(() => fail(UPLOAD_FAILED));
    let data: Partial<Envelope<T>> | undefined;
    try {
      data = JSON.parse(xhr.responseText);
    } catch {
      data = undefined;
    }
    const message = typeof data?.message === 'string' ? data.message : '';
    if (xhr.status === 429 && batch && waits < MAX_WAITS) {
      const seconds = Math.min(60, Math.max(1, Number(xhr.getResponseHeader('Retry-After')) || 5));
      batch.onWait(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      onProgress(0);
      continue;
    }
    if (xhr.status !== 200) {
      // Loaded on a failure, as client.ts does: not in the console's first load (≈ 0.5 KB gzip).
      const { showHttpError } = await import('../errors.ts');
      return fail(message || UPLOAD_FAILED, showHttpError(xhr.status, message));
    }
    if (bodyCode(data) !== 0 || !data?.result) return fail(message || UPLOAD_FAILED);
    onProgress(1);
    return data.result;
  }
}

/** One POST of the file; resolves with the finished request (any status), rejects on a network failure. */
function send(
  url: string,
  form: FormData,
  token: string | undefined,
  onProgress: (fraction: number) => void,
) {
  const xhr = new XMLHttpRequest();
  const done = new Promise<XMLHttpRequest>((resolve, reject) => {
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
  });
  xhr.open('POST', url);
  // A large audio file on a slow line takes a while.
  xhr.timeout = 300_000;
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.send(form);
  return done;
}
