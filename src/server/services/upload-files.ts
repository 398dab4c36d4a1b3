import { lstat, realpath, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { isUploadPath } from '../../lib/community.ts';
import { escapeLike } from '../../lib/search.ts';
import { logger } from '../core/log.ts';
import { db } from '../db/connection.ts';
import { uploadsDir } from '../uploads/serve.ts';
import { forgetUploads } from './images/library.ts';

/** Every column that may hold an uploaded file's URL as its whole value. */
const URL_COLUMNS = [
  ['photo', 'url'],
  ['photo_album', 'album_cover'],
  ['talk_photo', 'url'],
  ['article', 'article_cover'],
  ['user', 'avatar'],
  ['page_header', 'bg_url'],
  ['link', 'site_avatar'],
  ['message', 'bg_url'],
  ['bangumi', 'cover'],
  ['resource', 'icon'],
  ['site', 'icon'],
] as const;

const CONFIG_IMAGES = [
  'blog_avatar',
  'avatar_bg',
  'qq_link',
  'we_chat_link',
  'we_chat_group',
  'qq_group',
  'we_chat_pay',
  'ali_pay',
] as const;

/**
 * Of these upload URLs, the ones some row still uses: the whole value of a column above or of a config
 * image, or anywhere inside an article's Markdown or a chat message. This one check decides "nothing
 * else uses the file" for every delete for good (docs/api/admin.md#talks-albums-and-photos, Files).
 */
async function stillUsed(urls: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const [table, column] of URL_COLUMNS) {
    const rows = await db
      .selectFrom(table)
      .select(sql<string>`${sql.ref(column)}`.as('url'))
      .where(sql.ref(column), 'in', urls)
      .execute();
    for (const r of rows) used.add(r.url);
  }
  const config = await db.selectFrom('config').select(CONFIG_IMAGES).execute();
  for (const row of config) for (const c of CONFIG_IMAGES) used.add(row[c]);
  for (const url of urls) {
    if (used.has(url)) continue;
    const pattern = `%${escapeLike(url)}%`;
    const inText = await db
      .selectFrom('article')
      .select('id')
      .where(sql<boolean>`article_content LIKE ${pattern} ESCAPE '\\'`)
      .unionAll(db.selectFrom('chat').select('id').where(sql<boolean>`content LIKE ${pattern} ESCAPE '\\'`))
      .limit(1)
      .executeTakeFirst();
    if (inText) used.add(url);
  }
  return used;
}

/**
 * The file an upload URL names, when it is a regular file inside the uploads folder (no symlink, no
 * folder of the path leading out of it); null for anything else.
 */
async function uploadFile(url: string): Promise<string | null> {
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
