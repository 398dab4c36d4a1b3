/**
 * Responsive pictures of uploads (docs/decisions/0017-image-variants.md): the sizes the server makes of
 * every uploaded still picture and the `<picture>` facts a page writes from what is stored about it.
 * Pure, so the server that makes the files and the pages that name them agree on every URL.
 */

/** The widths made (px): a phone's column at DPR 1–2, a tablet or a phone at DPR 3, a wide screen. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The longest side kept of an uploaded picture; larger ones are scaled down once, at upload. */
export const MAX_STORED_SIDE = 2560;
/** The formats made, best first: a `<source>` each, the browser takes the first it can show. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/**
 * The widths to make of a picture `width` px wide: the standard ones below it, never upscaled, plus the
 * picture's own width when it is narrower than the largest, so a small picture still gets its AVIF and
 * WebP and the largest variant is the one the lightbox shows.
 */
export function variantWidths(width: number): number[] {
  if (!Number.isFinite(width) || width < 1) return [];
  const w = Math.round(width);
  const below = VARIANT_WIDTHS.filter((v) => v < w);
  const top = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  return w <= top ? [...below, w] : below;
}

/** The file beside `url` (`/uploads/2026-11/abc.jpg` → `/uploads/2026-11/abc-480.avif`). */
export function variantUrl(url: string, width: number, format: VariantFormat): string {
  const dot = url.lastIndexOf('.');
  const stem = dot > url.lastIndexOf('/') ? url.slice(0, dot) : url;
  return `${stem}-${width}.${format}`;
}

/** What is stored about an upload that pages need (the `upload` table, migration 0033). */
export type PictureFacts = {
  width: number;
  height: number;
  /** The variant widths made so far; empty until they are (the page uses the original). */
  widths: number[];
  /** A data: URL of the blurred preview, or '' until made. */
  placeholder: string;
};

export type PictureSource = { type: string; srcset: string };

/** What a page writes: `<source>`s (none until the variants exist) and the `<img>`'s attributes. */
export type Picture = {
  sources: PictureSource[];
  src: string;
  width?: number;
  height?: number;
  /** `background` style of the placeholder, or undefined. */
  style?: string;
};

/** `480w`-style candidates of one format. */
export const srcsetOf = (url: string, widths: number[], format: VariantFormat): string =>
  widths.map((w) => `${variantUrl(url, w, format)} ${w}w`).join(', ');

/** A data: URL is safe inside `url("…")` only without quotes, backslashes or line breaks. */
const cssUrl = (u: string) => `url("${u.replace(/["\\\n\r]/g, '')}")`;

/**
 * The `<picture>` of a picture at `url`: with facts and variants, an AVIF and a WebP source of every
 * width (the browser picks by `sizes` and its DPR); its width and height so nothing shifts while it
 * loads; the placeholder as the background until the picture covers it. Without facts (an outside
 * address, a demo SVG, an animated GIF) just the original.
 */
export function pictureOf(url: string, facts: PictureFacts | undefined): Picture {
  if (!facts) return { sources: [], src: url };
  const style = facts.placeholder
    ? `background:${cssUrl(facts.placeholder)} center/cover no-repeat`
    : undefined;
  const base = { src: url, width: facts.width, height: facts.height, style };
  if (!facts.widths.length) return { ...base, sources: [] };
  return {
    ...base,
    sources: VARIANT_FORMATS.map((f) => ({ type: `image/${f}`, srcset: srcsetOf(url, facts.widths, f) })),
  };
}

/**
 * The picture the lightbox shows: the largest variant (1,600 px, WebP: every browser that runs the
 * lightbox shows it) once made, else the original.
 */
export function lightboxUrl(url: string, facts: PictureFacts | undefined): string {
  const top = facts?.widths.at(-1);
  return top ? variantUrl(url, top, 'webp') : url;
}

/**
 * A picture drawn as a CSS background (no srcset there): the smallest WebP variant at least `atLeast`
 * px wide (the largest when none is), once made, else the original. The article banner's blurred
 * backdrop needs no more than the smallest.
 */
export function backdropUrl(url: string, facts: PictureFacts | undefined, atLeast = 0): string {
  const widths = facts?.widths ?? [];
  const pick = widths.find((w) => w >= atLeast) ?? widths.at(-1);
  return pick ? variantUrl(url, pick, 'webp') : url;
}

/**
 * The `<link rel="preload">` attributes of a first-screen picture: its AVIF candidates and `sizes` once
 * the variants exist (a browser without AVIF skips it by its type), else the original.
 */
export function preloadOf(
  url: string,
  facts: PictureFacts | undefined,
  sizes: string,
): { href?: string; imagesrcset?: string; imagesizes?: string; type?: string } {
  if (!facts?.widths.length) return { href: url };
  return { imagesrcset: srcsetOf(url, facts.widths, 'avif'), imagesizes: sizes, type: 'image/avif' };
}
