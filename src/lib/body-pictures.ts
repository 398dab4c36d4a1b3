import { type PictureFacts, pictureOf } from './picture.ts';

/**
 * Pictures of an article's body (docs/architecture.md#image-variants): the rendered, sanitized HTML
 * names uploads by URL in plain `<img>`s; once rendered, each one the uploads table knows becomes a
 * `<picture>` with its AVIF and WebP sources, its width and height and its placeholder. Done on the
 * HTML rather than in the Markdown renderer, so a cached render takes the variants as soon as they
 * exist. Only the server's own `/uploads/…` URLs are looked up; everything else stays as it is.
 */

const IMG = /<img\b([^>]*)>/g;
const SRC = /\ssrc="([^"]*)"/;

/** The body's column: the page's width on a phone, at most about 860 px beside the contents. */
export const BODY_SIZES = '(max-width: 900px) 100vw, 860px';

/** The upload URLs the body's images name. */
export function bodyImageUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(IMG)) {
    const src = SRC.exec(m[1])?.[1];
    if (src?.startsWith('/uploads/')) urls.add(src);
  }
  return [...urls];
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The body with every known upload's `<img>` made a sized `<picture>`. */
export function withBodyPictures(html: string, facts: Map<string, PictureFacts>, sizes = BODY_SIZES): string {
  if (!facts.size) return html;
  return html.replace(IMG, (whole, attrs: string) => {
    const src = SRC.exec(attrs)?.[1];
    const known = src ? facts.get(src) : undefined;
    if (!src || !known) return whole;
    const p = pictureOf(src, known);
    let extra = '';
    // A size the writer gave in the Markdown (<img width=…>) is theirs.
    if (!/\swidth=/.test(attrs) && !/\sheight=/.test(attrs))
      extra += ` width="${known.width}" height="${known.height}"`;
    if (p.style && !/\sstyle=/.test(attrs)) extra += ` style="${attr(p.style)}"`;
    const img = `<img${attrs}${extra}>`;
    if (!p.sources.length) return img;
    const sources = p.sources
      .map((s) => `<source type="${s.type}" srcset="${attr(s.srcset)}" sizes="${attr(sizes)}">`)
      .join('');
    return `<picture>${sources}${img}</picture>`;
  });
}
