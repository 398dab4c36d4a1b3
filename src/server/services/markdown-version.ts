import { createHash } from 'node:crypto';

/**
 * The Markdown pipeline's version (markdown.ts), stored with every article's rendering
 * (articles/rendering.ts). A change of what the pipeline makes of a body (a plugin, a theme, a
 * sanitizer rule, an upgraded Shiki or KaTeX) bumps it, and the upkeep job renders the stored bodies
 * again while their pages keep the old HTML. tests/unit/renderer-version.test.ts fails when the
 * output of its sample changes without a bump. Its own file: the server's thread reads it without
 * loading the pipeline, which lives in the render threads.
 */
export const RENDERER_VERSION = '2026-12-02.1';

/**
 * A digest of a body's Markdown: a stored rendering names the text it was made from (a body changed by
 * hand no longer matches), and the console's preview knows a draft it could not render.
 */
export const sourceDigest = (markdown: string): string =>
  createHash('sha1').update(markdown).digest('base64');
