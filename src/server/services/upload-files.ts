import { lstat, realpath, unlink } from 'node:fs/promises';
import path from 'node:path';
import { isUploadPath } from '../../lib/community.ts';
import { logger } from '../core/log.ts';
import { uploadsDir } from '../uploads/serve.ts';
import { forgetUploads } from './images/library.ts';
import { usesOf } from './images/uses.ts';

/**
 * Of these upload URLs, the ones something still uses (services/images/uses.ts: a column that holds it,
 * a config image, or an article's Markdown or a chat message naming it or one of its variants). This one
 * check decides "nothing else uses the file" for every delete (docs/api/admin.md#talks-albums-and-photos,
 * Files) and for the media library's.
 */
async function stillUsed(urls: string[]): Promise<Set<string>> {
  const uses = await usesOf(urls);
  return new Set([...uses].filter(([, list]) => list.length).map(([url]) => url));
}

/**
 * The file an upload URL names, when it is a regular file inside the uploads folder (no symlink, no
 * folder of the path leading out of it); null for anything else.
 */
export async function uploadFile(url: string): Promise<string | null> {
  const base = await realpath(uploadsDir()).catch(() => null);
  if (!base) return null;
  const file = path.resolve(base, `.${path.posix.normalize(url.slice('/uploads'.length))}`);
  if (!file.startsWith(base + path.sep)) return null;
  try {
    const dir = await realpath(path.dirname(file));
    if (dir !== base && !dir.startsWith(base + path.sep)) return null;
    return (await lstat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Removes the uploaded files of rows deleted for good, once no other row uses them (a cover may also
 * be a photo, a talk picture an article's image). Only `/uploads/…` URLs are considered (http(s)
 * pictures live elsewhere), and never a path outside the uploads folder. Call it after the delete
 * committed; a file that cannot be removed is logged, never an error for the caller.
 */
export async function removeUnusedUploads(urls: Iterable<string>): Promise<number> {
  const candidates = [...new Set(urls)].filter(isUploadPath);
  if (!candidates.length) return 0;
  const used = await stillUsed(candidates);
  let removed = 0;
  const gone: string[] = [];
  for (const url of candidates) {
    if (used.has(url)) continue;
    const file = await uploadFile(url);
    if (!file) continue;
    try {
      await unlink(file);
      removed++;
      gone.push(url);
    } catch (err) {
      logger.warn({ err, url }, 'could not remove an unused upload');
    }
  }
  // Its sizes and its row go with the original (services/images/library.ts).
  await forgetUploads(gone).catch((err) =>
    logger.warn({ err }, 'could not remove the variants of an upload'),
  );
  return removed;
}
