import { VARIANT_FORMATS, variantUrl } from './picture.ts';

/**
 * The console's media library (docs/owner-guide.md#媒体库): pure rules shared by the server, which
 * finds where an upload is used, and the screen, which shows and copies it.
 */

/** Uploads per page of the library's grid. */
export const MEDIA_PAGE_SIZE = 40;
/** Uploads one delete may name. */
export const MEDIA_DELETE_MAX = 50;

/** `/uploads/…` followed by the characters a stored upload's path is made of (services/uploads.ts). */
const UPLOAD_IN_TEXT = /\/uploads\/[\w./-]+/g;
/** A variant's suffix (`-480.avif`): what lib/picture.ts variantUrl adds to the original's stem. */
const VARIANT_SUFFIX = new RegExp(`-\\d+\\.(?:${VARIANT_FORMATS.join('|')})$`);

/**
 * The key an upload is known by wherever it appears: its URL without the extension, and a variant's
 * (`/uploads/2026-11/abc-480.webp`) without its width, so a body that names a variant uses the upload.
 */
export function uploadStem(url: string): string {
  const bare = url.replace(VARIANT_SUFFIX, '');
  if (bare !== url) return bare;
  const dot = url.lastIndexOf('.');
  return dot > url.lastIndexOf('/') ? url.slice(0, dot) : url;
}

/** The stems of every upload a text (Markdown, a chat message) names, originals and variants alike. */
export function uploadStemsIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(UPLOAD_IN_TEXT)) out.add(uploadStem(m[0].replace(/[.]+$/, '')));
  return out;
}

/**
 * The grid's picture of an upload: its smallest WebP variant (480 px, or the picture's own width when
 * it is narrower) once made, else the original.
 */
export function thumbUrl(url: string, variantWidths: number[]): string {
  const smallest = variantWidths.length ? Math.min(...variantWidths) : 0;
  return smallest ? variantUrl(url, smallest, 'webp') : url;
}

/** `![name](url)`: the name without what would end the alt text or start a new line. */
export function markdownImage(name: string, url: string): string {
  const alt = name
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[[\]\\\r\n]/g, ' ')
    .trim();
  return `![${alt}](${url})`;
}
