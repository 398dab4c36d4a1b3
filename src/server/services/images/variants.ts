import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { VARIANT_FORMATS, type VariantFormat, variantUrl, variantWidths } from '../../../lib/picture.ts';
import { placeWhole } from '../../core/whole-file.ts';

/**
 * The variants of one upload, with sharp alone: this module is what the picture process
 * (variant-worker.ts) loads, so it reads no configuration and opens no database.
 */

/** The file of an upload URL in the uploads folder (the URL was made by the server: no `..`). */
export const uploadPath = (uploadsDir: string, url: string) =>
  path.join(uploadsDir, ...url.slice('/uploads/'.length).split('/'));

type Img = ReturnType<typeof sharp>;
const ENCODE: Record<VariantFormat, (s: Img) => Img> = {
  // Effort 2 of 9: within a few percent of the default's size at a third of its time on one thread.
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 75 }),
};

export type Made = {
  widths: number[];
  thumbhash: string;
  placeholder: string;
  width: number;
  height: number;
};

/** Runs one decode or encode; in the server's own process, through its picture gate (process.ts). */
export type Gate = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Makes the variants of the still picture `url` (the first frame of a GIF) in `uploadsDir`: every
 * width of variantWidths in every format, each written whole beside the original; and its ThumbHash
 * with the tiny WebP the page shows until the picture loads. Decoded once, at the largest width.
 */
export async function makeVariants(
  uploadsDir: string,
  url: string,
  gate: Gate = (work) => work(),
): Promise<Made> {
  const file = uploadPath(uploadsDir, url);
  const meta = await sharp(file).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  if (!width || !height) throw new Error('image without a size');
  const widths = variantWidths(width);
  const top = widths.at(-1) ?? width;
  const base = await gate(() =>
    sharp(file, { animated: false })
      .autoOrient()
      .resize({ width: top })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  for (const w of [...widths].reverse()) {
    for (const format of VARIANT_FORMATS) {
      const out = await gate(() => {
        const img = sharp(base.data, { raw });
        return ENCODE[format](w === raw.width ? img : img.resize({ width: w })).toBuffer();
      });
      await placeWhole(
        uploadPath(uploadsDir, variantUrl(url, w, format)),
        (partial) => writeFile(partial, out),
        { replace: true },
      );
    }
  }
  const { thumbhash, placeholder } = await gate(async () => {
    const small = await sharp(base.data, { raw })
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
    const drawn = thumbHashToRGBA(hash);
    const webp = await sharp(Buffer.from(drawn.rgba), {
      raw: { width: drawn.w, height: drawn.h, channels: 4 },
    })
      .webp({ quality: 60 })
      .toBuffer();
    return {
      thumbhash: Buffer.from(hash).toString('base64'),
      placeholder: `data:image/webp;base64,${webp.toString('base64')}`,
    };
  });
  return { widths, thumbhash, placeholder, width, height };
}
