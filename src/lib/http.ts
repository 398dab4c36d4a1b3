import { FetchError, ofetch } from 'ofetch';
import { $token, clearSession } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { openLogin } from '../stores/ui.ts';
import { bodyCode } from './body-code.ts';

/** The envelope of API.md. */
export type Envelope<T> = { code: number; message: string; result: T };

/**
 * A failed call. The toast of SPEC §8 has already been shown when `shown` is true, so callers
 * only need to stop what they were doing.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly shown: boolean;
  constructor(message: string, status: number, code: number, shown: boolean) {
    super(message);
    this.status = status;
    this.code = code;
    this.shown = shown;
  }
}

/** SPEC §8: the toast each handled failure shows. Returns true when one was shown. */
export function showHttpError(status: number, message?: string): boolean {
  switch (status) {
    case 401:
      toast(message || '登录过期', 'error', '错误提示');
      clearSession();
      openLogin();
      return true;
    case 403:
      toast(message || '权限不足', 'error', '错误提示');
      return true;
    case 404:
      toast('接口没有找到', 'error', '错误提示');
      return true;
    case 408:
      toast(message || '服务端错误', 'warning', '温馨提示');
      return true;
    case 429:
      toast(message || '请求过于频繁', 'warning', '温馨提示');
      return true;
    case 500:
      toast(message || '服务端错误', 'error', '错误提示');
      return true;
    default:
      return false;
  }
}

const client = ofetch.create({
  timeout: 10_000,
  credentials: 'include',
  headers: { 'Cache-Control': 'max-age=36000' },
  onRequest({ options }) {
    const token = $token.get();
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
  },
});

/**
 * One call to our API. Resolves with `result` on code 0; on code 100 shows the 温馨提示 warning and
 * rejects; on a handled HTTP status shows its toast (SPEC §8) and rejects.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { quiet?: boolean } = {},
): Promise<T> {
  let data: Envelope<T>;
  try {
    data = await client<Envelope<T>>(url, {
      method,
      body: body instanceof FormData ? body : (body as Record<string, unknown> | undefined),
    });
  } catch (err) {
    if (err instanceof FetchError) {
      const status = err.response?.status ?? 0;
      const message = (err.data as Partial<Envelope<unknown>> | undefined)?.message;
      const shown = !opts.quiet && showHttpError(status, message);
      throw new HttpError(message || err.message, status, status, shown);
    }
    throw err;
  }
  // bodyCode(): SPEC §8 writes the code as "100"; a server that sends it as text is answered alike.
  const code = bodyCode(data);
  if (code === 100) {
    if (!opts.quiet) toast(data.message, 'warning', '温馨提示');
    throw new HttpError(data.message, 200, 100, !opts.quiet);
  }
  if (code !== 0) throw new HttpError(data.message, 200, code, false);
  return data.result;
}

export const http = {
  get: <T>(url: string, opts?: { quiet?: boolean }) => request<T>('GET', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: { quiet?: boolean }) =>
    request<T>('POST', url, body ?? {}, opts),
  put: <T>(url: string, body?: unknown, opts?: { quiet?: boolean }) => request<T>('PUT', url, body, opts),
  delete: <T>(url: string, opts?: { quiet?: boolean }) => request<T>('DELETE', url, undefined, opts),
};
