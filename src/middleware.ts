import { defineMiddleware } from 'astro:middleware';

/**
 * In `astro dev` the server of src/server/main.ts does not run: the first request boots config, the
 * database and the chat hub here, in the same module graph as the pages and /api. In production
 * main.ts has done all of that before Astro sees a request.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  if (import.meta.env.DEV) {
    const { bootDev } = await import('#server/dev/boot.ts');
    await bootDev();
  }
  return next();
});
