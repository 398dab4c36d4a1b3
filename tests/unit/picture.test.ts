import { describe, expect, it } from 'vitest';
import {
  backdropUrl,
  lightboxUrl,
  pictureOf,
  preloadOf,
  srcsetOf,
  variantUrl,
  variantWidths,
} from '../../src/lib/picture.ts';

describe('variantWidths', () => {
  it('makes the standard widths below a large picture, never upscaled', () => {
    expect(variantWidths(2560)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1601)).toEqual([480, 960, 1600]);
  });
  it('ends at the picture’s own width when it is narrower than the largest', () => {
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(300)).toEqual([300]);
  });
  it('makes none of a picture without a width', () => {
    expect(variantWidths(0)).toEqual([]);
    expect(variantWidths(Number.NaN)).toEqual([]);
  });
});

describe('variantUrl', () => {
  it('names the file beside the original', () => {
    expect(variantUrl('/uploads/2026-11/abc.jpg', 480, 'avif')).toBe('/uploads/2026-11/abc-480.avif');
    expect(variantUrl('/uploads/x.y/abc', 960, 'webp')).toBe('/uploads/x.y/abc-960.webp');
  });
});

const facts = {
  width: 2560,
  height: 1920,
  widths: [480, 960, 1600],
  placeholder: 'data:image/webp;base64,AAA',
};

describe('pictureOf', () => {
  it('writes an AVIF and a WebP source of every width, the size and the placeholder', () => {
    const p = pictureOf('/uploads/a/b.jpg', facts);
    expect(p.sources).toEqual([
      {
        type: 'image/avif',
        srcset: '/uploads/a/b-480.avif 480w, /uploads/a/b-960.avif 960w, /uploads/a/b-1600.avif 1600w',
      },
      { type: 'image/webp', srcset: srcsetOf('/uploads/a/b.jpg', [480, 960, 1600], 'webp') },
    ]);
    expect(p).toMatchObject({ src: '/uploads/a/b.jpg', width: 2560, height: 1920 });
    expect(p.style).toBe('background:url("data:image/webp;base64,AAA") center/cover no-repeat');
  });
  it('uses the original alone until the variants exist, still sized', () => {
    const p = pictureOf('/uploads/a/b.jpg', { ...facts, widths: [], placeholder: '' });
    expect(p).toEqual({ sources: [], src: '/uploads/a/b.jpg', width: 2560, height: 1920, style: undefined });
  });
  it('leaves a picture without facts as it is', () => {
    expect(pictureOf('https://x.test/a.png', undefined)).toEqual({
      sources: [],
      src: 'https://x.test/a.png',
    });
  });
  it('keeps quotes out of the style', () => {
    expect(pictureOf('/u/a.jpg', { ...facts, placeholder: 'data:x"y\\' }).style).toContain('url("data:xy")');
  });
});

describe('lightboxUrl', () => {
  it('shows the largest WebP variant once made, else the original', () => {
    expect(lightboxUrl('/uploads/a/b.jpg', facts)).toBe('/uploads/a/b-1600.webp');
    expect(lightboxUrl('/uploads/a/b.jpg', { ...facts, widths: [] })).toBe('/uploads/a/b.jpg');
    expect(lightboxUrl('/uploads/a/b.jpg', undefined)).toBe('/uploads/a/b.jpg');
  });
});

describe('backdropUrl and preloadOf', () => {
  it('take the smallest WebP as a backdrop, the AVIF candidates to preload, once made', () => {
    expect(backdropUrl('/uploads/a/b.png', facts)).toBe('/uploads/a/b-480.webp');
    expect(backdropUrl('/uploads/a/b.png', undefined)).toBe('/uploads/a/b.png');
    expect(backdropUrl('/uploads/a/b.png', facts, 700)).toBe('/uploads/a/b-960.webp');
    expect(backdropUrl('/uploads/a/b.png', facts, 5000)).toBe('/uploads/a/b-1600.webp');
    expect(preloadOf('/uploads/a/b.png', facts, '100vw')).toEqual({
      imagesrcset: '/uploads/a/b-480.avif 480w, /uploads/a/b-960.avif 960w, /uploads/a/b-1600.avif 1600w',
      imagesizes: '100vw',
      type: 'image/avif',
    });
    expect(preloadOf('/uploads/a/b.png', { ...facts, widths: [] }, '100vw')).toEqual({
      href: '/uploads/a/b.png',
    });
  });
});
