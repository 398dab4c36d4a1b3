import { sql } from 'kysely';
import type { z } from 'zod';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import type { ArticleList } from '../../../lib/contract/admin-articles.ts';
import type { AdminArticleRow } from '../../../lib/contract/articles.ts';
import { variantUrl } from '../../../lib/picture.ts';
import { escapeLike } from '../../../lib/search.ts';
import { CHINA_OFFSET_MS } from '../../../lib/wire-date.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db, dialect } from '../../db/connection.ts';
import { pictureFacts } from '../images/library.ts';
import type { Page } from '../paginate.ts';
import { trackArticles } from './page-changes.ts';
import { listAdminArticles } from './read.ts';
import { deleteArticle } from './write.ts';

/**
 * The owner's article list and status moves (docs/api/admin.md#articles-categories-and-tags):
 * getArticleList's filters, titleExist, and the recycle bin of status 3 (a delete moves a public or private
 * article there and stamps deleted_at; a second delete removes it for good; revert brings it back public).
 */

/** getArticleList's filters (`ArticleList` less its page fields). */
export type ArticleListFilter = Omit<z.output<typeof ArticleList>, 'current' | 'size'>;

/** The instant a China day starts (UTC+8), as stored (ISO). */
const dayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS + plusDays * 86_400_000).toISOString();

/** A case-insensitive substring of the title (LIKE with its wildcards escaped). */
function titleContains(needle: string) {
  const op = dialect === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
  return sql<boolean>`article.article_title ${op} ${`%${escapeLike(needle)}%`} ESCAPE '\\'`;
}

/** getArticleList: every filter is optional; newest first; each row with its counts and thumbnail. */
export async function listArticlesForAdmin(
  current: number,
  size: number,
  f: ArticleListFilter,
): Promise<Page<AdminArticleRow>> {
  const page = await listAdminArticles(current, size, (q) => {
    let r = f.status
      ? q.where('article.status', '=', f.status)
      : q.where('article.status', 'in', [
          ARTICLE_STATUS.public,
          ARTICLE_STATUS.private,
          ARTICLE_STATUS.scheduled,
        ]);
    if (f.article_title) r = r.where(titleContains(f.article_title));
    if (f.is_top) r = r.where('article.is_top', '=', f.is_top);
    if (f.category_id) r = r.where('article.category_id', '=', f.category_id);
    if (f.tag_id) {
      const tagId = f.tag_id;
      r = r.where('article.id', 'in', (eb) =>
        eb.selectFrom('article_tag').select('article_tag.article_id').where('article_tag.tag_id', '=', tagId),
      );
    }
    if (f.create_time) {
      const [from, to] = f.create_time;
      r = r.where('article.createdAt', '>=', dayStart(from)).where('article.createdAt', '<', dayStart(to, 1));
    }
    if (f.is_deleted === 1) r = r.where('article.deleted_at', 'is not', null);
    if (f.is_deleted === 2) r = r.where('article.deleted_at', 'is', null);
    return r;
  });
  const ids = page.list.map((a) => a.id);
  const [counts, facts] = await Promise.all([
    ids.length
      ? db
          .selectFrom('comment')
          .select(['for_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('type', '=', 1)
          .where('review_status', '=', 'published')
          .where('for_id', 'in', ids)
          .groupBy('for_id')
          .execute()
      : [],
    pictureFacts(page.list.map((a) => a.article_cover)),
  ]);
  const countOf = new Map(counts.map((r) => [r.for_id, Number(r.n)]));
  return {
    ...page,
    list: page.list.map((a) => ({
      ...a,
      commentCount: countOf.get(a.id) ?? 0,
      // The list's 48 px thumbnail needs no more than the smallest variant (docs/decisions/0017-image-variants.md).
      coverThumb: facts.get(a.article_cover)?.widths.includes(480)
        ? variantUrl(a.article_cover, 480, 'webp')
        : a.article_cover,
    })),
  };
}

/** titleExist: whether another article (not `exceptId`) has exactly this title. */
export async function titleTaken(title: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('article').select('id').where('article_title', '=', title.trim());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

const now = () => new Date().toISOString();

async function currentStatus(id: number): Promise<number> {
  const row = await db.selectFrom('article').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.article);
  return row.status;
}

/** Sets the status (and the bin stamp) of one article, moving its version on. */
async function setStatus(id: number, status: number, deletedAt: string | null): Promise<void> {
  await trackArticles([id], () =>
    db
      .updateTable('article')
      .set((eb) => ({ status, deleted_at: deletedAt, updatedAt: now(), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute(),
  );
}

/**
 * DELETE /article/delete/{id}/{status}: `status` is the article's current one as the client saw it.
 * 1 or 2 moves a public or private article to the bin (3, stamped); 3 removes a draft or a binned
 * article for good. A client whose idea of the status is out of date is refused, never guessed at.
 */
export async function deleteByStatus(id: number, seen: number): Promise<'binned' | 'deleted'> {
  const status = await currentStatus(id);
  if (seen === ARTICLE_STATUS.draft) {
    if (status !== ARTICLE_STATUS.draft) throw conflict(MSG.articleStatusChanged);
    await deleteArticle(id);
    return 'deleted';
  }
  if (status === ARTICLE_STATUS.draft) throw conflict(MSG.articleStatusChanged);
  await setStatus(id, ARTICLE_STATUS.draft, now());
  return 'binned';
}

/** PUT /article/revert/{id}: back to public (from the bin or from the drafts). */
export async function revertArticle(id: number): Promise<void> {
  await currentStatus(id);
  await setStatus(id, ARTICLE_STATUS.public, null);
}

/** PUT /article/isPublic/{id}/{status}: `status` is the current one; 2 becomes 1, anything else 2. */
export async function togglePublic(id: number, seen: number): Promise<number> {
  await currentStatus(id);
  const next = seen === ARTICLE_STATUS.private ? ARTICLE_STATUS.public : ARTICLE_STATUS.private;
  await setStatus(id, next, null);
  return next;
}
