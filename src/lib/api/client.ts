import { bodyCode } from '../body-code.ts';
import { apiHooks, apiReady } from './hooks.ts';

// The wiring lives in hooks.ts, which the toasts of failed calls (errors.ts) share without importing
// this client: the dependency points one way (client → errors → hooks).
export { apiHooks, apiToast, installApi } from './hooks.ts';

/**
 * The one HTTP client of the browser, a thin layer over `fetch`: every /api call of the site goes
 * through `request()` (per-domain functions beside this file name the routes). It is small on
 * purpose: the always-loaded chrome uses it (the unread count, logout, the first-load page headers),
 * so it counts against the first-load budget of every page; the toasts of failed calls (errors.ts)
 * load with the first failure that shows one.
 *
 * It imports no store (src/lib stays below the stores): the stores wire it once through
 * `installApi()` (hooks.ts; src/stores/api.ts, loaded by the chrome of every page). A call made before
 * that, e.g. by an island that hydrates before the chrome's script has run, waits for it.
 */

/** The envelope of /api (docs/api/README.md#envelope). */
export type Envelope<T> = { code: number | string; message: string; result: T };

export type RequestOptions = {
  /** No toast, no 401 handling: the caller shows what went wrong itself. */
  quiet?: boolean;
  /** Lets the request outlive the page (reports sent when the reader leaves). */
  keepalive?: boolean;
  /** Sends this token instead of the session's (logout sends the token it is ending). */
  token?: string;
  /**
   * Sent as `Idempotency-Key` (a create of the console): the server answers this key's repeat with its
   * first answer instead of writing again, so an answer lost on the way (offline, a proxy's 502/504)
   * is asked for once more by itself, after a short pause.
   */
  idempotencyKey?: string;
  /**
   * How long to wait for the answer, in ms (TIMEOUT_MS unless set): an article's save renders its body
   * first, and the refusal of a body the renderer cannot finish comes only after its budget is spent.
   */
  timeoutMs?: number;
};

/**
 * A failed call. The toast of docs/product.md#failed-calls has already been shown when `shown` is true, so
 * callers only need to stop what they were doing. `message` is the server's message, or '' when it sent none
 * (offline, a time-out, a body that is not the envelope): callers show their own text then.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly shown: boolean;
  /** A refusal's result, when it carries one (the login's `{need_otp: true}`). */
  readonly result: unknown;
  constructor(message: string, status: number, code: number, shown: boolean, result?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.shown = shown;
    this.result = result;
  }
}

const WARNING = '温馨提示';

/** Ten seconds, then the call fails as a network failure would. */
const TIMEOUT_MS = 10_000;
/** The pause before a keyed call is sent again. */
const RETRY_MS = 1000;

/**
 * One call to our API. Resolves with `result` on code 0; on code 100 (or "100": the original backend sent it
 * as text, bodyCode() reads both) shows the 温馨提示 warning and rejects; on a handled HTTP status shows its
 * toast (docs/product.md#failed-calls) and rejects; any other failure rejects without a toast.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const h = apiHooks() ?? (await apiReady);
  // docs/product.md#http-client: a cache max-age header of 36000 on every call, as the original client sent.
  const headers: Record<string, string> = { 'Cache-Control': 'max-age=36000' };
  const token = opts.token ?? h.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  const key = opts.idempotencyKey;
  if (key) headers['Idempotency-Key'] = key;
  const send = () =>
    fetch(url, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      keepalive: opts.keepalive,
      signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
    }).catch(() => undefined);
  let res = await send();
  // With a key, a lost answer (none at all, a proxy's 502 or 504) is asked for once more: the server
  // answers a key it has seen with its first answer, so this never writes twice.
  if (key && (!res || res.status === 502 || res.status === 504)) {
    await new Promise((r) => setTimeout(r, RETRY_MS));
    res = await send();
  }
  if (!res) throw new HttpError('', 0, 0, false);
  const data = (await res.json().catch(() => undefined)) as Partial<Envelope<T>> | undefined;
  const message = typeof data?.message === 'string' ? data.message : '';
  if (!res.ok) {
    // The failure toasts load with the first failure that needs one: the chrome's own calls are all
    // quiet, so the first load of every page does without them.
    const shown = !opts.quiet && (await import('./errors.ts')).showHttpError(res.status, message);
    throw new HttpError(message, res.status, res.status, shown);
  }
  const code = bodyCode(data);
  if (code === 100) {
    if (!opts.quiet) h.toast(message, 'warning', WARNING);
    throw new HttpError(message, 200, 100, !opts.quiet, data?.result);
  }
  if (code !== 0) throw new HttpError(message, 200, code, false);
  return data?.result as T;
}

export const get = <T>(url: string, opts?: RequestOptions) => request<T>('GET', url, undefined, opts);
export const post = <T>(url: string, body: unknown = {}, opts?: RequestOptions) =>
  request<T>('POST', url, body, opts);
export const put = <T>(url: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('PUT', url, body, opts);
export const del = <T>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, undefined, opts);
