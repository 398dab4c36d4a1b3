import { oldUrlKey } from '../../lib/old-url.ts';
import { db } from '../db/connection.ts';
import type { Db } from './articles/db.ts';

/**
 * Old addresses of imported articles (migration 0045, docs/owner-guide.md#导入与导出): recorded by the
 * importers, answered by the front with a 301, used by the comment importers to find a page's article.
 */

/**
 * Records `addresses` (URLs or paths as the old blog had them) for `articleId`; an address another
 * article already has stays with it. Returns the keys this article now holds.
 */
export async function claimOldUrls(
  conn: Db,
  articleId: number,
  addresses: Iterable<string>,
  source: string,
): Promise<string[]> {
  const keys = [...new Set([...addresses].map(oldUrlKey).filter((k): k is string => k !== null))];
  if (!keys.length) return [];
  const createdAt = new Date().toISOString();
  await conn
    .insertInto('old_url')
    .values(keys.map((path) => ({ path, article_id: articleId, source, createdAt })))
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
  const held = await conn
    .selectFrom('old_url')
    .select('path')
    .where('article_id', '=', articleId)
    .where('path', 'in', keys)
    .execute();
  return held.map((r) => r.path);
}

/** The article an old address (already a key) leads to. */
export async function articleAtOldUrl(key: string, conn: Db = db): Promise<number | undefined> {
  const row = await conn
    .selectFrom('old_url')
    .select('article_id')
    .where('path', '=', key)
    .executeTakeFirst();
  return row?.article_id;
}

/** Where the front sends a request for an old address (a key), or undefined. */
export async function oldUrlRedirect(key: string): Promise<string | undefined> {
  const id = await articleAtOldUrl(key);
  return id === undefined ? undefined : `/article?id=${id}`;
}

/** An article's old addresses, as the Markdown export writes them (Hugo's `aliases`). */
export async function oldUrlsOf(articleId: number, conn: Db = db): Promise<string[]> {
  const rows = await conn
    .selectFrom('old_url')
    .select('path')
    .where('article_id', '=', articleId)
    .orderBy('path')
    .execute();
  return rows.map((r) => r.path);
}
