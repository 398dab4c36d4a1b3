import { encode } from 'uqr';
import { encodePng } from '../services/music/png.ts';

/** A QR code of `text` as a PNG data URL (6 px per module, 2-module quiet zone, level M). */
export function qrDataUrl(text: string, scale = 6): string {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const size = qr.size * scale;
  const png = encodePng(size, size, (x, y) =>
    qr.data[Math.floor(y / scale)][Math.floor(x / scale)] ? [0, 0, 0] : [255, 255, 255],
  );
  return `data:image/png;base64,${png.toString('base64')}`;
}
