import { setFlagsFromString } from 'node:v8';

/**
 * Process settings of the production server, applied before any other module of it loads (main.ts
 * imports this first).
 *
 * - React and other libraries read NODE_ENV at run time; unset, they run their development builds
 *   (slower, bigger, extra checks) inside the production server.
 * - V8 grows the young generation up to 64 MB whenever allocation bursts (start-up, first renders)
 *   and keeps it: most of the server's idle memory. A server answering from caches allocates little
 *   per request, so the young generation stays at its initial size; the short-lived garbage of a
 *   render is collected a little more often instead.
 */
process.env.NODE_ENV ??= 'production';
setFlagsFromString(`--semi-space-growth-factor=${process.env.BLOG_SEMI_SPACE_GROWTH ?? 1}`);
