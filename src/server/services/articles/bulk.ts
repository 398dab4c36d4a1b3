import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db } from '../../db/connection.ts';
import { trackArticles } from './page-changes.ts';

/**
 * The article list's bulk actions (docs/api/admin.md#articles-categories-and-tags). Each moves only the
 * articles its one-row twin would: 公开 a private one (a scheduled one keeps its time, a draft stays a
 * draft), 隐藏 a public or scheduled one, 回收站 any that is not a draft already; 改分类 any of them.
 * The answer counts the articles that changed.
 */
export type BulkAction = 'public' | 'private' | 'bin' | 'category';

const { public: PUBLIC, private: PRIVATE, draft: DRAFT, scheduled: SCHEDULED } = ARTICLE_STATUS;

/** Which current statuses each status move applies to, and what it sets. */
const MOVES = {
  public: { from: [PRIVATE], to: PUBLIC, binned: false },
  private: { from: [PUBLIC, SCHEDULED], to: PRIVATE, binned: false },
  bin: { from: [PUBLIC, PRIVATE, SCHEDULED], to: DRAFT, binned: true },
} as const;

export async function bulkArticles(ids: number[], action: BulkAction, categoryId?: number): Promise<number> {
  const now = new Date().toISOString();
  if (action === 'category') {
    if (!categoryId) throw notFound(MSG.category);
    const category = await db
      .selectFrom('category')
      .select('id')
      .where('id', '=', categoryId)
      .executeTakeFirst();
    if (!category) throw notFound(MSG.category);
    const done = await trackArticles(ids, () =>
      db
        .updateTable('article')
        .set((eb) => ({ category_id: categoryId, updatedAt: now, version: eb('version', '+', 1) }))
        .where('id', 'in', ids)
        .where('category_id', 'is distinct from', categoryId)
        .executeTakeFirst(),
    );
    return Number(done.numUpdatedRows);
  }
  const move = MOVES[action];
  const done = await trackArticles(ids, () =>
    db
      .updateTable('article')
      .set((eb) => ({
        status: move.to,
        deleted_at: move.binned ? now : null,
        updatedAt: now,
        version: eb('version', '+', 1),
      }))
      .where('id', 'in', ids)
      .where('status', 'in', [...move.from])
      .executeTakeFirst(),
  );
  return Number(done.numUpdatedRows);
}
