import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BROKEN,
  cleanImage,
  exifOrientation,
  sizeAllowed,
  TOO_MANY_PIXELS,
} from '../../src/server/services/image-clean.ts';
import { encodePng } from '../../src/server/services/music/png.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, '../fixtures/images', name)));
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const join = (...parts: (Uint8Array | string)[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p))));

/** A PNG chunk with a zero CRC: the cleaner checks the CRCs of the chunks it keeps, not of those it drops. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return join(head, data, new Uint8Array(4));
}
const PNG_SIG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = '<html><script>alert(document.domain)</script></html>';

describe('image cleaning', () => {
  it('limits sides and pixels', () => {
    expect(sizeAllowed(16_384, 3000)).toBe(true);
    expect(sizeAllowed(7000, 7000)).toBe(true);
    expect(sizeAllowed(16_385, 1)).toBe(false);
    expect(sizeAllowed(10_000, 10_000)).toBe(false);
    expect(sizeAllowed(0, 10)).toBe(false);
  });

  it('PNG: keeps the picture, drops text chunks and anything after IEND', () => {
    const png = new Uint8Array(encodePng(3, 2, () => [200, 10, 10]));
    const iend = png.length - 12;
    const text = pngChunk('tEXt', join('Comment\0', HTML));
    const itxt = pngChunk('iTXt', join('XML\0\0\0\0\0', HTML));
    const dirty = join(png.subarray(0, 33), text, png.subarray(33, iend), itxt, png.subarray(iend), HTML);
    const out = cleanImage(dirty, 'png');
    expect(out).toMatchObject({ ok: true, width: 3, height: 2 });
    if (!out.ok) return;
    expect(Buffer.compare(Buffer.from(out.bytes), Buffer.from(png))).toBe(0);
    expect(latin1(out.bytes)).not.toContain('<script');
  });

  it('PNG: a header claiming 100 000 × 100 000 is refused; broken files are refused', () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    const idat = pngChunk('IDAT', deflateSync(Buffer.alloc(10)));
    const huge = join(PNG_SIG, pngChunk('IHDR', ihdr), idat, pngChunk('IEND', new Uint8Array()));
    expect(cleanImage(huge, 'png')).toEqual({ ok: false, message: TOO_MANY_PIXELS });
    const png = new Uint8Array(encodePng(3, 2, () => [1, 2, 3]));
    expect(cleanImage(png.subarray(0, png.length - 12), 'png')).toEqual({ ok: false, message: BROKEN });
    expect(cleanImage(join(PNG_SIG, HTML), 'png')).toEqual({ ok: false, message: BROKEN });
  });

  it('PNG: a kept chunk whose CRC does not match is refused; a dropped one does not matter', () => {
    const png = new Uint8Array(encodePng(3, 2, () => [1, 2, 3]));
    const damaged = Uint8Array.from(png);
    damaged[png.length - 12 - 6] ^= 0x01; // a byte of IDAT's data
    expect(cleanImage(damaged, 'png')).toEqual({ ok: false, message: BROKEN });
    const badIhdrCrc = Uint8Array.from(png);
    badIhdrCrc[29] ^= 0x01;
    expect(cleanImage(badIhdrCrc, 'png')).toEqual({ ok: false, message: BROKEN });
    const withText = join(png.subarray(0, 33), pngChunk('tEXt', join('Comment\0', 'hi')), png.subarray(33));
    expect(cleanImage(withText, 'png')).toMatchObject({ ok: true, width: 3, height: 2 });
  });

  it('JPEG: keeps ICC and the orientation only (no EXIF text, no GPS), cuts after EOI', () => {
    const jpg = fixture('exif-orientation6.jpg');
    expect(latin1(jpg)).toContain('GPS-ish secret');
    const withComment = join(
      jpg.subarray(0, 2),
      Uint8Array.from([0xff, 0xfe, 0, HTML.length + 2]),
      HTML,
      jpg.subarray(2),
      HTML,
    );
    const out = cleanImage(withComment, 'jpg');
    expect(out).toMatchObject({ ok: true, width: 3, height: 2 });
    if (!out.ok) return;
    const text = latin1(out.bytes);
    expect(text).not.toContain('GPS-ish secret');
    expect(text).not.toContain('<script');
    expect(text).toContain('ICC_PROFILE');
    expect(text.endsWith('\xff\xd9')).toBe(true);
    const app1 = out.bytes.indexOf(0xe1, 2) - 1;
    expect(exifOrientation(out.bytes.subarray(app1 + 4))).toBe(6);
    expect(exifOrientation(jpg.subarray(6))).toBe(6);
    // Cleaning is stable.
    const again = cleanImage(out.bytes, 'jpg');
    expect(again.ok && Buffer.compare(Buffer.from(again.bytes), Buffer.from(out.bytes))).toBe(0);
  });

  it('JPEG: giant dimensions and truncated scans are refused', () => {
    const jpg = fixture('exif-orientation6.jpg');
    const sof = Buffer.from(jpg).indexOf(Buffer.from([0xff, 0xc0]));
    const huge = Uint8Array.from(jpg);
    huge.set([0xff, 0xff, 0xff, 0xff], sof + 5); // 65535 × 65535
    expect(cleanImage(huge, 'jpg')).toEqual({ ok: false, message: TOO_MANY_PIXELS });
    expect(cleanImage(jpg.subarray(0, jpg.length - 2), 'jpg')).toEqual({ ok: false, message: BROKEN });
    expect(cleanImage(join('\xff\xd8\xff\xfe\x00\x04ab', HTML), 'jpg')).toEqual({
      ok: false,
      message: BROKEN,
    });
  });

  it('GIF: drops comments, cuts after the trailer, refuses giant screens', () => {
    const gif = fixture('tiny.gif');
    const screenEnd = 13 + 6; // header, screen descriptor, a 2-colour table
    const comment = join('\x21\xfe', String.fromCharCode(HTML.length), HTML, '\x00');
    const dirty = join(gif.subarray(0, screenEnd), comment, gif.subarray(screenEnd), HTML);
    const out = cleanImage(dirty, 'gif');
    expect(out).toMatchObject({ ok: true, width: 3, height: 2 });
    if (out.ok) expect(Buffer.compare(Buffer.from(out.bytes), Buffer.from(gif))).toBe(0);
    const huge = Uint8Array.from(gif);
    huge.set([0xff, 0xff, 0xff, 0xff], 6);
    expect(cleanImage(huge, 'gif')).toEqual({ ok: false, message: TOO_MANY_PIXELS });
    expect(cleanImage(gif.subarray(0, gif.length - 1), 'gif')).toEqual({ ok: false, message: BROKEN });
  });

  it('WebP: drops EXIF (and its flag), keeps the RIFF size right, cuts after it', () => {
    const webp = fixture('exif.webp');
    expect(latin1(webp)).toContain('secret-exif');
    const out = cleanImage(join(webp, HTML), 'webp');
    expect(out).toMatchObject({ ok: true, width: 3, height: 2 });
    if (!out.ok) return;
    const text = latin1(out.bytes);
    expect(text).not.toContain('secret-exif');
    expect(text).not.toContain('<script');
    expect(Buffer.from(out.bytes).readUInt32LE(4)).toBe(out.bytes.length - 8);
    expect(out.bytes[20] & 0x08).toBe(0);
    expect(text).toContain('ICCP');
    const lossless = fixture('lossless.webp');
    expect(cleanImage(join(lossless, HTML), 'webp')).toMatchObject({ ok: true, width: 3, height: 2 });
    const huge = Uint8Array.from(webp);
    huge.set([0xff, 0xff, 0x00, 0xff, 0xff, 0x00], 24); // a 65536 × 65536 canvas
    expect(cleanImage(huge, 'webp')).toEqual({ ok: false, message: TOO_MANY_PIXELS });
    expect(cleanImage(webp.subarray(0, 40), 'webp')).toEqual({ ok: false, message: BROKEN });
  });
});
