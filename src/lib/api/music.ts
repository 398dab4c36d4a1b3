import { post, type RequestOptions } from './client.ts';

/** The music calls: /wapi (NeteaseCloudMusicApi's shapes) and the QR confirmation of /api. */

/** A /wapi call (NeteaseCloudMusicApi shapes, not the site envelope). */
export async function wapi<T>(
  path: string,
  query: Record<string, string | number> = {},
  method: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`/wapi/${path}${qs.size ? `?${qs}` : ''}`, { method, credentials: 'same-origin' });
  let data: { code?: number; message?: string; msg?: string } & Record<string, unknown>;
  try {
    data = await res.json();
  } catch {
    throw new Error('音乐服务暂时不可用');
  }
  if (!res.ok) throw new Error(data.message || data.msg || '音乐服务暂时不可用');
  return data as T;
}

/** A signed-in site user confirms a music QR login (/music/confirm): scanned (802), then approved (803). */
export const scanQr = (key: string, opts?: RequestOptions) => post<null>('/api/music/qr/scan', { key }, opts);
export const confirmQr = (key: string, opts?: RequestOptions) =>
  post<null>('/api/music/qr/confirm', { key }, opts);
