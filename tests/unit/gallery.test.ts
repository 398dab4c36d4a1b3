import { describe, expect, it } from 'vitest';
import { galleryTile, ROW_HEIGHT } from '../../src/lib/gallery.ts';

describe('the album grid tiles (src/lib/gallery.ts)', () => {
  it("take the photo's own ratio from its stored size: portrait, landscape, square", () => {
    expect(galleryTile({ width: 1920, height: 2560 }).ratio).toBe(0.75);
    expect(galleryTile({ width: 3000, height: 2000 }).ratio).toBe(1.5);
    expect(galleryTile({ width: 800, height: 800 }).ratio).toBe(1);
  });
  it('crop only the extremes, and stand in 4:3 for a photo without a stored size', () => {
    expect(galleryTile({ width: 6000, height: 1000 }).ratio).toBe(2.5);
    expect(galleryTile({ width: 500, height: 3000 }).ratio).toBe(0.5);
    expect(galleryTile(undefined).ratio).toBe(1.3333);
    expect(galleryTile({ width: 0, height: 0 }).ratio).toBe(1.3333);
  });
  it("ask for a picture as wide as the tile may grow, at most the phone's width", () => {
    const { sizes, ratio } = galleryTile({ width: 600, height: 900 });
    const wide = Math.ceil(ratio * ROW_HEIGHT.wide * 1.5);
    const phone = Math.ceil(ratio * ROW_HEIGHT.phone * 1.5);
    expect(sizes).toBe(`(max-width: 480px) min(100vw, ${phone}px), ${wide}px`);
  });
});
