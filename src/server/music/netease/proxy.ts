import { Hono } from 'hono';
import { logger } from '../../core/log.ts';
import type { ApiEnv } from '../../http/context.ts';
import { sameSiteOnly } from '../../http/write-guard.ts';
import { currentSession, endSession, startSession } from '../account.ts';
import { wapiFail } from '../respond.ts';

/**
 * /wapi in front of a NeteaseCloudMusicApi server (MUSIC_API_URL): only the calls of docs/api/music.md,
 * only their parameters, the account's upstream cookie from our music session (the browser never sees it),
 * a time-out, and Chinese errors when the server is down or answers nonsense.
 */

/** Call → the query parameters it may carry (`timestamp`, the usual cache-buster, is allowed on all). */
export const ALLOWED: Record<string, string[]> = {
  logout: [],
  'login/qr/key': [],
  'login/qr/create': ['key', 'qrimg'],
  'login/qr/check': ['key'],
  'login/status': [],
  'user/playlist': ['uid', 'limit', 'offset'],
  'toplist/detail': [],
  'playlist/track/all': ['id', 'limit', 'offset'],
  'song/url/v1': ['id', 'level'],
  'song/detail': ['ids'],
  search: ['keywords', 'offset', 'limit', 'type'],
  lyric: ['id'],
};

export type ProxyOptions = { timeoutMs?: number };

/** The upstream cookie pairs from Set-Cookie headers ("a=1; b=2"), attributes dropped. */
function cookiePairs(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0].trim())
    .filter((pair) => pair.includes('='))
    .join('; ');
}

export function neteaseRoutes(baseUrl: string, opts: ProxyOptions = {}): Hono<ApiEnv> {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 8000;
  const app = new Hono<ApiEnv>();

  // Calls that change the caller's music session (sign in on 803, sign out) refuse cross-site navigations.
  const sessionCalls = new Set(['logout', 'login/qr/check']);
  for (const [call, names] of Object.entries(ALLOWED)) {
    if (sessionCalls.has(call)) app.get(`/${call}`, sameSiteOnly);
    app.get(`/${call}`, async (c) => {
      const upstream = new URL(`${base}/${call}`);
      for (const name of [...names, 'timestamp']) {
        const value = c.req.query(name);
        if (value !== undefined) upstream.searchParams.set(name, value.slice(0, 300));
      }
      const session = await currentSession(c);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (session?.cookie) headers.Cookie = session.cookie;
      let res: Response;
      try {
        res = await fetch(upstream, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError';
        logger.warn({ call, err: (err as Error).message }, 'music api unreachable');
        return timedOut
          ? wapiFail(c, 504, '音乐服务响应超时，请稍后再试')
          : wapiFail(c, 502, '音乐服务暂时无法连接，请稍后再试');
      }
      let data: Record<string, unknown>;
      try {
        data = (await res.json()) as Record<string, unknown>;
        if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an object');
      } catch {
        return wapiFail(c, 502, '音乐服务返回了无法识别的内容');
      }
      if (call === 'login/qr/check' && data.code === 803) {
        const cookie = (typeof data.cookie === 'string' && data.cookie) || cookiePairs(res.headers);
        await startSession(c, { cookie });
        // The upstream credential stays on the server, in our music session.
        delete data.cookie;
      }
      if (call === 'logout') await endSession(c);
      c.header('Cache-Control', 'no-store');
      const status =
        res.status >= 200 && res.status < 600 && res.status !== 204 && res.status !== 304 ? res.status : 502;
      return c.json(data, status as 200);
    });
  }

  // Local-only calls (audio streams, covers, saved songs) do not exist in front of NeteaseCloudMusicApi.
  app.all('*', (c) => wapiFail(c, 404, '接口没有找到'));
  return app;
}
