import { defineMiddleware } from 'astro:middleware';
import { isDatabaseUnavailable, unavailablePage } from '#server/core/db-unavailable.ts';

/**
 * Pages that cannot reach the database answer a 503 page (below).
 *
 * In `astro dev` the server of src/server/main.ts does not run: the first request boots config, the
 * database and the chat hub here, in the same module graph as the pages and /api. In production
 * main.ts has done all of that before Astro sees a request.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  if (import.meta.env.DEV) {
    const { bootDev } = await import('#server/dev/boot.ts');
    await bootDev();
  }
  try {
    return await next();
  } catch (err) {
    // The database is away (docs/decisions/0006-database-outage.md): a page that needed it says so with a
    // 503 and reloads; the cached pages are answered before Astro and go on being answered.
    if (isDatabaseUnavailable(err)) return unavailablePage();
    throw err;
  }
});
