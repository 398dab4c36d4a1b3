/**
 * The album page's photo grid (docs/owner-guide.md#内容): justified rows, as photo sites lay a gallery
 * out. Every tile has its photo's own ratio, taken from the stored width and height, so a portrait photo
 * stands upright, uncropped, and no tile changes size as its photo loads; the tiles of a row share one
 * height and fill its width (src/pages/photos.astro draws it with flexbox, growing each tile by its
 * ratio). Pure: the page and the unit tests share it.
 */

/** A tile's height before its row grows to the width, in CSS px (the page's --row, by screen). */
export const ROW_HEIGHT = { phone: 100, wide: 180 } as const;

/** The ratio of a photo whose size is not stored (an outside address, a picture still being read). */
const UNKNOWN_RATIO = 4 / 3;

/** Beyond these a photo is cropped to them: a panorama would make its row a sliver, a strip a pillar. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 2.5;

/** How much a row may grow to fill the width (a row that just missed its next photo): `sizes` allows for it. */
const GROW = 1.5;

export type GalleryTile = {
  /** Width over height of the tile, rounded (written into the page's CSS). */
  ratio: number;
  /** The `<img>`'s `sizes`: the tile's width on a phone (at most the screen) and on a wider screen. */
  sizes: string;
};

export function galleryTile(size?: { width: number; height: number } | null): GalleryTile {
  const natural = size && size.width > 0 && size.height > 0 ? size.width / size.height : UNKNOWN_RATIO;
  const ratio = Math.round(Math.min(MAX_RATIO, Math.max(MIN_RATIO, natural)) * 10_000) / 10_000;
  const px = (row: number) => Math.ceil(ratio * row * GROW);
  return {
    ratio,
    sizes: `(max-width: 480px) min(100vw, ${px(ROW_HEIGHT.phone)}px), ${px(ROW_HEIGHT.wide)}px`,
  };
}
