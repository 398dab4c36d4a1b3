import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { asDiskFull } from '../core/disk-full.ts';
import { MSG } from '../core/messages.ts';
import { writeWhole } from '../core/whole-file.ts';
import { uploadsDir } from '../uploads/serve.ts';

/**
 * The largest image accepted (20 MB: a camera's original; the server makes the sizes). The visitors'
 * pages compress anything over 800 KB first; the console sends originals.
 */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Everyone else's limit (5 MB, as before: their pages compress first). */
export const MAX_VISITOR_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageKind = { ext: 'jpg' | 'png' | 'webp' | 'gif'; mime: string };

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/**
 * The image type the file's first bytes prove, or null. The name and the declared type are never
 * trusted: a renamed script stays a script.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', mime: 'image/png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { ext: 'gif', mime: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}

/** `yyyy-mm` of a date, the folder an upload goes in. */
export const monthFolder = (d = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/**
 * Writes an already-checked image under UPLOADS_DIR/<yyyy-mm>/ with a random server-made name
 * and returns its public URL. The file is there whole or not at all: on a full disk it throws a
 * DiskFullError (HTTP 507) and leaves no file behind.
 */
export async function saveImage(bytes: Uint8Array, kind: ImageKind): Promise<string> {
  const folder = monthFolder();
  const dir = path.join(uploadsDir(), folder);
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  try {
    await mkdir(dir, { recursive: true });
    // Never replaces a file, even in the (astronomically unlikely) case of a repeated name.
    await writeWhole(path.join(dir, name), bytes);
  } catch (err) {
    throw asDiskFull(err, MSG.diskFullUpload);
  }
  return `/uploads/${folder}/${name}`;
}
