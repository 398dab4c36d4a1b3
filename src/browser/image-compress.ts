import { COMPRESS_THRESHOLD, type CompressOptions, fitSize, qualitySteps } from '../lib/image-compress.ts';

/**
 * Image compression (docs/product.md#image-compression) in the browser (a canvas): the sizes and qualities
 * it tries are the pure rules of src/lib/image-compress.ts.
 */

/** Compresses an image file in the browser; rejects when it cannot be decoded or encoded. */
export async function compressImage(file: File, opts: CompressOptions = {}): Promise<File> {
  const { maxSide = 800, quality = 0.9, retries = 3, threshold = COMPRESS_THRESHOLD } = opts;
  const bitmap = await createImageBitmap(file);
  const { width, height } = fitSize(bitmap.width, bitmap.height, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  // JPEG has no alpha: paint white under transparent PNGs.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const type =
    file.type === 'image/png' || file.type === 'image/jpeg' ? 'image/jpeg' : file.type || 'image/jpeg';
  let blob: Blob | null = null;
  for (const q of qualitySteps(quality, retries)) {
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, q));
    if (!blob) throw new Error('encode failed');
    if (blob.size <= threshold) break;
  }
  if (!blob) throw new Error('encode failed');
  const name = file.name.replace(/\.\w+$/, '') + (type === 'image/jpeg' ? '.jpg' : '');
  return new File([blob], name || 'image.jpg', { type: blob.type });
}
