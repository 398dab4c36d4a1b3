/**
 * Image compression (docs/product.md#image-compression): the longest side scaled down to at most `maxSide`
 * (800 px); PNG becomes JPEG; quality starts at 0.9 and drops by 0.1 for up to 3 more passes while the result
 * is over the threshold (about 800 KB) and quality stays above 0.2.
 */
export const COMPRESS_THRESHOLD = 800 * 1024;

export type CompressOptions = { maxSide?: number; quality?: number; retries?: number; threshold?: number };

/** The size to draw at: longest side at most maxSide, aspect kept, never enlarged. */
export function fitSize(width: number, height: number, maxSide = 800): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest === 0) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The qualities tried, in order: 0.9, 0.8, 0.7, 0.6 by default (one pass plus 3 retries above 0.2). */
export function qualitySteps(start = 0.9, retries = 3): number[] {
  const steps = [start];
  for (let i = 1; i <= retries; i++) {
    const q = Math.round((start - i * 0.1) * 10) / 10;
    if (q <= 0.2) break;
    steps.push(q);
  }
  return steps;
}

export const needsCompression = (file: Blob, threshold = COMPRESS_THRESHOLD) => file.size > threshold;
