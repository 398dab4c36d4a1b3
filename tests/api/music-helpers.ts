import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { beforeAll } from 'vitest';
import { config } from '../../src/server/config.ts';
import { writeDemoLibrary } from '../../src/server/services/music/demo.ts';

/**
 * The demo library in the test site's MUSIC_DIR before its music starts: the tests of the local
 * service read it, on a site set up without the demo content (which then writes no songs of its own).
 * Call at the file's top, after setupTestApi.
 */
export function withDemoLibrary(): void {
  beforeAll(() => {
    writeDemoLibrary(config.musicDir);
  });
}

/** Decodes an 8-bit RGB PNG with filter-0 scanlines (what src/server/services/music/png.ts writes). */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 2) throw new Error('only 8-bit RGB');
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = new Uint8ClampedArray(width * height * 4);
  const stride = width * 3 + 1;
  for (let y = 0; y < height; y++) {
    if (raw[y * stride] !== 0) throw new Error('filtered scanline');
    for (let x = 0; x < width; x++) {
      const i = y * stride + 1 + x * 3;
      rgba.set([raw[i], raw[i + 1], raw[i + 2], 255], (y * width + x) * 4);
    }
  }
  return { width, height, rgba };
}

/** The text of the QR code in a `data:image/png;base64,…` URL, or null when none is found. */
export function readQr(dataUrl: string): string | null {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return null;
  const { width, height, rgba } = decodePng(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
  return jsQR(rgba, width, height)?.data ?? null;
}
