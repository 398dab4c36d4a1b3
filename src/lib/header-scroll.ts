/** The header's look (docs/product.md#header-and-footer) for a scroll move from `prevY` to `y`. */
export const HEADER_HIDE_AFTER = 50;

export function headerState(prevY: number, y: number): { atTop: boolean; hidden: boolean } {
  const atTop = y < HEADER_HIDE_AFTER;
  const hidden = !atTop && y > prevY;
  return { atTop, hidden };
}
