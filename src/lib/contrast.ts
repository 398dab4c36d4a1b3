/** WCAG contrast helpers, used to keep highlighted code readable in every code theme. */

type Rgb = [number, number, number];

/** #rgb, #rrggbb or #rrggbbaa (alpha composited over `under`) as 0–255 channels; null if not a hex colour. */
export function parseHex(color: string, under: Rgb = [255, 255, 255]): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!m) return null;
  let hex = m[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const rgb = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  const alpha = hex.length === 8 ? Number.parseInt(hex.slice(6, 8), 16) / 255 : 1;
  return rgb.map((c, i) => Math.round(c * alpha + under[i] * (1 - alpha))) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `fg`, moved just far enough towards white (on a dark background) or black (on a light one) to reach
 * `min` contrast against `bg`. Colours that already pass, or are not hex, come back unchanged.
 */
export function readableOn(fg: string, bg: string, min = 4.5): string {
  const back = parseHex(bg);
  const front = back && parseHex(fg, back);
  if (!back || !front || contrastRatio(front, back) >= min) return fg;
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  // Towards the pole further from the background first; a mid-tone background (a user's #6366f1 under
  // white text) may only be reachable from the other pole.
  const poles = luminance(back) < 0.5 ? [white, black] : [black, white];
  for (const target of poles) {
    for (let t = 0.05; t <= 1.001; t += 0.05) {
      const mixed = front.map((c, i) => Math.round(c + (target[i] - c) * t)) as Rgb;
      if (contrastRatio(mixed, back) >= min) return toHex(mixed);
    }
  }
  return toHex(contrastRatio(white, back) >= contrastRatio(black, back) ? white : black);
}
