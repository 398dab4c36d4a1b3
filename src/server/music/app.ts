import type { Hono } from 'hono';
import { config } from '../config.ts';
import type { ApiEnv } from '../http/context.ts';
import { withEnvelope } from '../http/envelope.ts';
import { routedHono } from '../http/routing.ts';
import { writeGuard } from '../http/write-guard.ts';
import { describeWapi } from './docs.ts';
import { type LocalOptions, localRoutes } from './local/routes.ts';
import { neteaseRoutes, type ProxyOptions } from './netease/proxy.ts';

export type MusicAppOptions = LocalOptions & ProxyOptions & { apiUrl?: string };

/**
 * /wapi: the music service (docs/api/music.md). With MUSIC_API_URL it forwards to that NeteaseCloudMusicApi
 * server; otherwise the local service answers from MUSIC_DIR. Failures are JSON with a `code` and a
 * Chinese `message` (the envelope shell's 404/500 included).
 */
export function createMusicApp(opts: MusicAppOptions = {}): Hono<ApiEnv> {
  const app = withEnvelope(routedHono('/wapi'), { badInput: 'status' });
  app.use(writeGuard());
  const apiUrl = 'apiUrl' in opts ? opts.apiUrl : config.musicApiUrl;
  const routes = apiUrl ? neteaseRoutes(apiUrl, opts) : localRoutes(opts);
  // The API reference (GET /api/openapi.json) lists the calls this app really has.
  describeWapi(app, routes);
  app.route('/', routes);
  return app;
}
