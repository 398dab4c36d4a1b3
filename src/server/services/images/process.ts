import sharp from 'sharp';
import { MAX_STORED_SIDE } from '../../../lib/picture.ts';
import { config } from '../../config.ts';
import type { ImageKind } from '../uploads.ts';

/**
 * The picture work an upload's request does itself (docs/decisions/0017-image-variants.md), with sharp
 * (libvips): its header, a PNG's rows, the original turned and bounded. Every decode or encode goes
 * through one gate of IMAGE_CONCURRENCY places per process, and libvips works on one thread per image
 * with no operation cache: a burst of uploads queues here instead of taking the cores and the memory
 * the pages need (docs/architecture.md#image-variants). The variants are made apart, in the niced
 * picture process (variant-process.ts, variants.ts).
 */
sharp.concurrency(1);
sharp.cache(false);

let busy = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the IMAGE_CONCURRENCY places is free; the others wait in order. */
export async function throughGate<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= Math.max(1, config.imageConcurrency)) await new Promise<void>((go) => waiting.push(go));
  else busy++;
  try {
    return await work();
  } finally {
    // The place passes straight to the next in line (busy stays), or is given back.
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/** What an upload's header tells before anything is decoded. */
export type Header = { width: number; height: number; orientation: number; animated: boolean };

/** The size (orientation applied), EXIF orientation and frame count of an image, from its header. */
export async function readHeader(bytes: Uint8Array): Promise<Header> {
  const m = await sharp(bytes, { animated: true }).metadata();
  const turned = (m.orientation ?? 1) >= 5;
  const width = m.width ?? 0;
  const height = m.pageHeight ?? m.height ?? 0;
  return {
    width: turned ? height : width,
    height: turned ? width : height,
    orientation: m.orientation ?? 1,
    animated: (m.pages ?? 1) > 1,
  };
}

/**
 * Whether a PNG's pixel data decodes to its last row: a zlib stream cut short, garbage in IDAT or an
 * unknown row filter, which the structure walk (services/image-clean.ts, CRCs included) cannot see.
 * Read row by row (sequential), so a large picture does not sit in memory whole; under the gate.
 */
export async function decodesWhole(bytes: Uint8Array): Promise<boolean> {
  return throughGate(() =>
    sharp(bytes, { failOn: 'error', sequentialRead: true })
      .stats()
      .then(
        () => true,
        () => false,
      ),
  );
}

/**
 * The original as it is stored: EXIF orientation applied and at most MAX_STORED_SIDE on its long side,
 * in its own format, with no metadata (sharp writes none unless asked). A picture that needs neither
 * is returned as null: the caller stores the cleaned bytes as they are (services/image-clean.ts), and
 * animated GIFs are always kept as they are.
 */
export async function normalizeOriginal(
  raw: Uint8Array,
  kind: ImageKind,
  head: Header,
): Promise<{ bytes: Uint8Array; width: number; height: number } | null> {
  if (head.animated || kind.ext === 'gif') return null;
  const tooBig = Math.max(head.width, head.height) > MAX_STORED_SIDE;
  if (!tooBig && head.orientation === 1) return null;
  return throughGate(async () => {
    let img = sharp(raw).autoOrient().resize(MAX_STORED_SIDE, MAX_STORED_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    if (kind.ext === 'png') img = img.png();
    else if (kind.ext === 'webp') img = img.webp({ quality: 90 });
    else img = img.jpeg({ quality: 90 });
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  });
}
