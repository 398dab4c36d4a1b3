/**
 * Uploaded images, checked and cleaned without decoding them (no native packages): each format's
 * structure is walked to its end marker (PNG chunks to IEND, JPEG segments to EOI, GIF blocks to the
 * trailer, WebP chunks to the RIFF size). Anything after the end is cut (image/HTML polyglots), text
 * and metadata are dropped (PNG tEXt/zTXt/iTXt/eXIf, JPEG COM and APP segments, GIF comments, WebP
 * EXIF/XMP: this also removes camera EXIF such as GPS location), and a header that claims more
 * pixels than the limits is refused before anything decodes it. A file that does not parse is refused,
 * a PNG whose kept chunks fail their CRC too (its pixel data is then decoded whole by the upload route,
 * images/process.ts decodesWhole).
 */
import { crc32 } from 'node:zlib';

/** At most this many pixels per side… */
export const MAX_SIDE = 16_384;
/** …and this many in all (a 7 000 × 7 000 photo passes). */
export const MAX_PIXELS = 50_000_000;

export const TOO_MANY_PIXELS = `图片尺寸过大：每边不能超过 ${MAX_SIDE} 像素，总像素不能超过 5000 万`;
export const BROKEN = '图片文件已损坏或格式不正确';

export type Cleaned =
  | { ok: true; bytes: Uint8Array; width: number; height: number }
  | { ok: false; message: string };

class Broken extends Error {}
const fail = (): never => {
  throw new Broken();
};

const u16be = (b: Uint8Array, at: number) => (at + 2 <= b.length ? (b[at] << 8) | b[at + 1] : fail());
const u32be = (b: Uint8Array, at: number) =>
  at + 4 <= b.length ? ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0 : fail();
const u16le = (b: Uint8Array, at: number) => (at + 2 <= b.length ? b[at] | (b[at + 1] << 8) : fail());
const u24le = (b: Uint8Array, at: number) =>
  at + 3 <= b.length ? b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) : fail();
const u32le = (b: Uint8Array, at: number) =>
  u24le(b, at) + (at + 4 <= b.length ? b[at + 3] : fail()) * 2 ** 24;
const text = (b: Uint8Array, at: number, n: number) =>
  at + n <= b.length ? String.fromCharCode(...b.subarray(at, at + n)) : fail();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Whether a width × height passes the limits (both at least 1). */
export const sizeAllowed = (width: number, height: number) =>
  width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS;

class TooBig extends Error {}
function checkSize(width: number, height: number) {
  if (width < 1 || height < 1) fail();
  if (!sizeAllowed(width, height)) throw new TooBig();
}

/** PNG chunks that draw the image (or its colour); everything else (text, EXIF, time, private) goes. */
const PNG_KEEP = new Set(
  'IHDR PLTE IDAT IEND tRNS cHRM gAMA iCCP sBIT sRGB cICP mDCV cLLI bKGD hIST pHYs sPLT acTL fcTL fdAT'.split(
    ' ',
  ),
);

export function cleanPng(b: Uint8Array): { bytes: Uint8Array; width: number; height: number } {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let at = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (let first = true; ; first = false) {
    const length = u32be(b, at);
    const type = text(b, at + 4, 4);
    const end = at + 12 + length;
    if (length > 2 ** 31 || end > b.length) fail();
    if (first) {
      if (type !== 'IHDR' || length !== 13) fail();
      width = u32be(b, at + 8);
      height = u32be(b, at + 12);
      checkSize(width, height);
    }
    if (type === 'IDAT') sawData = true;
    if (PNG_KEEP.has(type)) {
      // The CRC covers the type and the data: a chunk damaged on the way is refused, not stored.
      if (crc32(b.subarray(at + 4, end - 4)) !== u32be(b, end - 4)) fail();
      parts.push(b.subarray(at, end));
    }
    at = end;
    if (type === 'IEND') break;
  }
  if (!sawData) fail();
  return { bytes: concat(parts), width, height };
}

/** The EXIF orientation (1–8) of an APP1 Exif segment's payload, or 1 when absent or unreadable. */
export function exifOrientation(payload: Uint8Array): number {
  try {
    if (text(payload, 0, 6) !== 'Exif\0\0') return 1;
    const tiff = payload.subarray(6);
    const order = text(tiff, 0, 2);
    if (order !== 'II' && order !== 'MM') return 1;
    const r16 = (at: number) => (order === 'II' ? u16le(tiff, at) : u16be(tiff, at));
    const r32 = (at: number) => (order === 'II' ? u32le(tiff, at) : u32be(tiff, at));
    const ifd = r32(4);
    const count = r16(ifd);
    for (let i = 0; i < count && i < 1000; i++) {
      const entry = ifd + 2 + i * 12;
      if (r16(entry) === 0x0112) {
        const value = r16(entry + 8);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {
    /* unreadable EXIF: no rotation */
  }
  return 1;
}

/** A minimal APP1 Exif segment holding only an orientation (big-endian TIFF, one IFD entry). */
function orientationSegment(orientation: number): Uint8Array {
  const payload = [
    ...[0x45, 0x78, 0x69, 0x66, 0, 0], // "Exif\0\0"
    ...[0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8], // "MM", 42, IFD0 at 8
    ...[0, 1], // one entry
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0], // Orientation, SHORT, 1 value
    ...[0, 0, 0, 0], // no next IFD
  ];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

const startsWithText = (b: Uint8Array, s: string) => b.length >= s.length && text(b, 0, s.length) === s;

export function cleanJpeg(b: Uint8Array): { bytes: Uint8Array; width: number; height: number } {
  if (b[0] !== 0xff || b[1] !== 0xd8) fail();
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let at = 2;
  let width = 0;
  let height = 0;
  let orientation = 1;
  let orientationAt = -1;
  for (;;) {
    if (b[at] !== 0xff) fail();
    while (b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) fail();
    const marker = b[at];
    const start = at - 1;
    at++;
    if (marker === 0xd9) {
      parts.push(Uint8Array.from([0xff, 0xd9]));
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(Uint8Array.from([0xff, marker]));
      continue;
    }
    const length = u16be(b, at);
    if (length < 2 || at + length > b.length) fail();
    const payload = b.subarray(at + 2, at + length);
    const segment = b.subarray(start, at + length);
    at += length;
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) {
      height = u16be(payload, 1);
      width = u16be(payload, 3);
      checkSize(width, height);
    }
    if (marker === 0xe1 && startsWithText(payload, 'Exif\0\0')) {
      // Only the orientation survives, so a phone photo still stands the right way up.
      orientation = exifOrientation(payload);
      if (orientationAt < 0) orientationAt = parts.length;
      continue;
    }
    const keep =
      marker === 0xe0 || // JFIF
      (marker === 0xe2 && startsWithText(payload, 'ICC_PROFILE\0')) ||
      (marker === 0xee && startsWithText(payload, 'Adobe')) || // colour transform of CMYK files
      (marker < 0xe0 && marker !== 0xfe) || // tables, frames, scans; not APPn, not COM
      (marker > 0xef && marker !== 0xfe);
    if (keep) parts.push(segment);
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      const scan = at;
      while (
        at + 1 < b.length &&
        !(b[at] === 0xff && b[at + 1] !== 0 && !(b[at + 1] >= 0xd0 && b[at + 1] <= 0xd7))
      )
        at++;
      if (at + 1 >= b.length) fail();
      parts.push(b.subarray(scan, at));
    }
  }
  if (!width) fail();
  if (orientation !== 1) parts.splice(orientationAt, 0, orientationSegment(orientation));
  return { bytes: concat(parts), width, height };
}

/** Sub-blocks (length byte, data) from `at` to their empty terminator; returns the offset after it. */
function skipSubBlocks(b: Uint8Array, at: number): number {
  for (;;) {
    if (at >= b.length) fail();
    const n = b[at];
    at += 1 + n;
    if (n === 0) return at;
  }
}

export function cleanGif(b: Uint8Array): { bytes: Uint8Array; width: number; height: number } {
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  checkSize(width, height);
  const flags = b[10];
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const parts: Uint8Array[] = [b.subarray(0, at)];
  let frames = 0;
  for (;;) {
    if (at >= b.length) fail();
    const kind = b[at];
    const start = at;
    if (kind === 0x3b) {
      parts.push(b.subarray(at, at + 1));
      break;
    }
    if (kind === 0x2c) {
      checkSize(u16le(b, at + 5), u16le(b, at + 7));
      const local = b[at + 9];
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      at = skipSubBlocks(b, at + 1); // LZW minimum code size, then the data
      parts.push(b.subarray(start, at));
      frames++;
    } else if (kind === 0x21) {
      const label = b[at + 1];
      at = skipSubBlocks(b, at + 2);
      const app = label === 0xff ? text(b, start + 3, Math.min(11, b[start + 2] ?? 0)) : '';
      // Frame timing and the loop count stay; comments, plain text and other applications' data go.
      if (label === 0xf9 || app === 'NETSCAPE2.0' || app === 'ANIMEXTS1.0') parts.push(b.subarray(start, at));
    } else fail();
  }
  if (!frames) fail();
  return { bytes: concat(parts), width, height };
}

/** WebP chunks that make the picture; EXIF, XMP and unknown chunks go. */
const WEBP_KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

export function cleanWebp(b: Uint8Array): { bytes: Uint8Array; width: number; height: number } {
  const riffEnd = 8 + u32le(b, 4);
  if (text(b, 8, 4) !== 'WEBP' || riffEnd > b.length || riffEnd < 20) fail();
  let at = 12;
  let width = 0;
  let height = 0;
  const parts: Uint8Array[] = [];
  let extended: Uint8Array | undefined;
  while (at < riffEnd) {
    const type = text(b, at, 4);
    const size = u32le(b, at + 4);
    const data = at + 8;
    const end = data + size + (size & 1);
    if (data + size > riffEnd) fail();
    if (type === 'VP8X') {
      if (size < 10) fail();
      width = u24le(b, data + 4) + 1;
      height = u24le(b, data + 7) + 1;
      checkSize(width, height);
      extended = Uint8Array.from(b.subarray(at, Math.min(end, riffEnd)));
      extended[8] &= ~0x0c; // no EXIF (bit 3), no XMP (bit 2) any more
      parts.push(extended);
    } else if (type === 'VP8 ') {
      if (size < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) fail();
      const w = u16le(b, data + 6) & 0x3fff;
      const h = u16le(b, data + 8) & 0x3fff;
      checkSize(w, h);
      if (!extended) [width, height] = [w, h];
    } else if (type === 'VP8L') {
      if (size < 5 || b[data] !== 0x2f) fail();
      const bits = u32le(b, data + 1);
      const w = (bits & 0x3fff) + 1;
      const h = ((bits >>> 14) & 0x3fff) + 1;
      checkSize(w, h);
      if (!extended) [width, height] = [w, h];
    }
    if (type !== 'VP8X' && WEBP_KEEP.has(type)) parts.push(b.subarray(at, Math.min(end, riffEnd)));
    at = end;
  }
  if (!width) fail();
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return { bytes: concat([header, body]), width, height };
}

const CLEANERS = { png: cleanPng, jpg: cleanJpeg, gif: cleanGif, webp: cleanWebp } as const;

/** The cleaned image of a sniffed type, or why it is refused. */
export function cleanImage(bytes: Uint8Array, ext: keyof typeof CLEANERS): Cleaned {
  try {
    return { ok: true, ...CLEANERS[ext](bytes) };
  } catch (err) {
    if (err instanceof TooBig) return { ok: false, message: TOO_MANY_PIXELS };
    if (err instanceof Broken || err instanceof RangeError) return { ok: false, message: BROKEN };
    throw err;
  }
}
