import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { routeCanon } from '../../lib/route-path.ts';
import type { ApiEnv } from './context.ts';

/**
 * A Hono app under `base` that routes by the request path in its routed form (src/lib/route-path.ts):
 * repeated slashes collapsed and the route's own spelling of its static segments, so `/API//Tag/…`
 * reaches `/api/tag/…` with its parameters as sent. Done in Hono's `getPath`, so production
 * (src/server/root/front.ts), the `astro dev` forwarding routes and `app.request` in tests all route alike,
 * and `c.req.path` and `routePath` (the page-cache invalidation, the upload checks) see the routed form.
 */
export function routedHono(base: string): Hono<ApiEnv> {
  let canon: ReturnType<typeof routeCanon> | undefined;
  const app: Hono<ApiEnv> = new Hono<ApiEnv>({
    // Built from the route list on the first request: Hono's router takes no route after that.
    getPath: (req) => {
      canon ??= routeCanon(app.routes);
      return canon(req.method, getPath(req));
    },
  }).basePath(base);
  return app;
}
