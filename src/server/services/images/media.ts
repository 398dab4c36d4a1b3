import { unlink } from 'node:fs/promises';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { MediaDelete, MediaItem, MediaList } from '../../../lib/contract/media.ts';
import type { Page } from '../../../lib/contract/page.ts';
import { thumbUrl, uploadStem } from '../../../lib/media-library.ts';
import { escapeLike } from '../../../lib/search.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { logger } from '../../core/log.ts';
import { db } from '../../db/connection.ts';
import { uploadFile } from '../upload-files.ts';
import { forgetUploads } from './library.ts';
import { usedStems, usesOf } from './uses.ts';

/**
 * The console's media library (docs/owner-guide.md#媒体库, docs/architecture.md#media-library): every
 * upload, newest first, with where each of a page's rows is used; and the delete that refuses while
 * anything uses one.
 */

const COLUMNS = [
  'id',
  'url',
  'original_name',
  'mime',
  'byte_size',
  'width',
  'height',
  'status',
  'variant_widths',
  'createdAt',
] as const;

/** `…/abc.jpg` → `abc.jpg`: the name of a file found on disk, which has no uploader's name. */
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Name or address containing the keyword, any case. */
function matching(keyword: string | undefined) {
  if (!keyword) return sql<SqlBool>`1 = 1`;
  const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
  return sql<SqlBool>`(lower(original_name) LIKE ${pattern} ESCAPE '\\' OR lower(url) LIKE ${pattern} ESCAPE '\\')`;
}

/**
 * A page of the library. Uses are found for the page's rows only (one query per kind). 未使用 needs
 * every upload's answer before it can page: the used stems are gathered once (usedStems) and the
 * matching uploads' ids and URLs — a few bytes a row — are filtered against them.
 */
export async function listMedia(input: z.output<typeof MediaList>): Promise<Page<MediaItem>> {
  const { current, size, keyword } = input;
  const where = matching(keyword);
  let ids: number[];
  let total: number;
  if (input.unused === 1) {
    const used = await usedStems();
    const all = await db
      .selectFrom('upload')
      .select(['id', 'url'])
      .where(where)
      .orderBy('id', 'desc')
      .execute();
    const free = all.filter((r) => !used.has(uploadStem(r.url)));
    total = free.length;
    ids = free.slice((current - 1) * size, current * size).map((r) => r.id);
  } else {
    const count = await db
      .selectFrom('upload')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow();
    total = Number(count.n);
    const page = await db
      .selectFrom('upload')
      .select('id')
      .where(where)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    ids = page.map((r) => r.id);
  }
  const rows = ids.length
    ? await db.selectFrom('upload').select(COLUMNS).where('id', 'in', ids).orderBy('id', 'desc').execute()
    : [];
  const uses = await usesOf(rows.map((r) => r.url));
  const list = rows.map(
    (r): MediaItem => ({
      id: r.id,
      url: r.url,
      thumb: thumbUrl(
        r.url,
        r.status === 'done' && r.variant_widths ? r.variant_widths.split(',').map(Number) : [],
      ),
      name: r.original_name || fileName(r.url),
      mime: r.mime,
      byteSize: r.byte_size,
      width: r.width,
      height: r.height,
      status: r.status,
      createdAt: r.createdAt,
      uses: uses.get(r.url) ?? [],
    }),
  );
  return { current, size, list, total };
}

/** At most this many uses named per picture in a refusal (the rest are counted). */
const USES_SHOWN = 5;

/**
 * Deletes these uploads, all or none: refused (conflict) with each picture's uses while anything uses
 * one of them; else each original, its variants and its row are removed. Ids that are not (or no longer)
 * uploads are skipped; none at all is "not found". Returns the names deleted.
 */
export async function deleteMedia(input: z.output<typeof MediaDelete>): Promise<string[]> {
  const rows = await db
    .selectFrom('upload')
    .select(['id', 'url', 'original_name'])
    .where('id', 'in', input.ids)
    .execute();
  if (!rows.length) throw notFound('图片不存在或已删除');
  const uses = await usesOf(rows.map((r) => r.url));
  const blocked = rows.filter((r) => uses.get(r.url)?.length);
  if (blocked.length) {
    const lines = blocked.map((r) => {
      const list = uses.get(r.url) ?? [];
      const named = list.slice(0, USES_SHOWN).map((u) => `${u.kind}${u.label}`);
      const more = list.length > USES_SHOWN ? ` 等 ${list.length} 处` : '';
      return `「${r.original_name || fileName(r.url)}」用于 ${named.join('、')}${more}`;
    });
    throw conflict(`图片仍在使用，不能删除：${lines.join('；')}`);
  }
  for (const r of rows) {
    const file = await uploadFile(r.url);
    if (file)
      await unlink(file).catch((err) => {
        if (err?.code !== 'ENOENT') throw err;
      });
    else logger.info({ url: r.url }, 'media library: the original was already gone');
  }
  await forgetUploads(rows.map((r) => r.url));
  return rows.map((r) => r.original_name || fileName(r.url));
}
