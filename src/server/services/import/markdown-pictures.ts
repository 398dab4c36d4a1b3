import { open, stat } from 'node:fs/promises';
import { MAX_IMAGE_BYTES, sniffImage } from '../uploads.ts';
import { dataPicture, pictureRefs } from './uploads.ts';

/**
 * What a Markdown import will do with each post's pictures, known before anything is written so the
 * dry run and the run report the same (docs/owner-guide.md#导入与导出): a local picture found is
 * copied, one not found keeps its address; a data: URI that is a picture is uploaded, one that is not
 * (or too large) stays; a remote one is fetched with --fetch-images, else kept. What stays is listed.
 */

const decoded = (ref: string) => {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
};

/** Whether `file` is a picture the site takes (its first bytes, its size). */
export async function isPictureFile(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile() || info.size > MAX_IMAGE_BYTES) return false;
  const fh = await open(file);
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await fh.read(head, 0, 16, 0);
    return sniffImage(head.subarray(0, bytesRead)) !== null;
  } finally {
    await fh.close();
  }
}

/** A local picture reference's file, when `locate` finds one. */
export async function located(ref: string, locate: (ref: string) => string[]): Promise<string | undefined> {
  for (const file of locate(decoded(ref))) if (await isPictureFile(file)) return file;
  return undefined;
}

export type PictureSurvey = {
  /** Data URIs that stay as written, with why. */
  badData: { size: string; reason: string }[];
  /** Local references that name no picture in the folder. */
  missing: string[];
  /** Pictures on other sites. */
  remote: string[];
};

const kb = (uri: string) => `约 ${Math.max(1, Math.round((uri.length * 3) / 4 / 1024))} KB`;

/** The pictures of one post's text (and its cover). */
export async function surveyPictures(
  md: string,
  cover: string,
  locate: (ref: string) => string[],
): Promise<PictureSurvey> {
  const survey: PictureSurvey = { badData: [], missing: [], remote: [] };
  const refs = [...new Set([...pictureRefs(md), ...(cover ? [cover] : [])])];
  for (const ref of refs) {
    if (/^data:/i.test(ref)) {
      const picture = dataPicture(ref);
      if ('reason' in picture) survey.badData.push({ size: kb(ref), reason: picture.reason });
    } else if (/^https?:\/\//i.test(ref)) survey.remote.push(ref);
    else if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)) continue;
    else if (!(await located(ref, locate))) survey.missing.push(ref);
  }
  return survey;
}

/** At most `n` of a list, joined, with how many more. */
export const firstFew = (list: string[], n = 3) =>
  list.slice(0, n).join('、') + (list.length > n ? ` 等 ${list.length} 个` : '');
