import type { ArticleDraft, ArticleEditorState, AutosaveReceipt } from '../../../lib/contract/articles.ts';
import { notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db } from '../../db/connection.ts';

/**
 * The editor's server-side autosave: one row per author and article (article 0: the article
 * this author is writing and has not created yet). It never touches the article itself; saving or
 * publishing clears it (clearAutosave), and deleting the article for good drops it (write.ts).
 */

/** A new article's key. */
export const NEW_ARTICLE = 0;

async function versionOf(articleId: number): Promise<number | null> {
  if (articleId === NEW_ARTICLE) return null;
  const row = await db.selectFrom('article').select('version').where('id', '=', articleId).executeTakeFirst();
  if (!row) throw notFound(MSG.article);
  return row.version;
}

export async function saveAutosave(
  authorId: number,
  articleId: number,
  draft: ArticleDraft,
  baseVersion: number | null,
): Promise<AutosaveReceipt> {
  const version = await versionOf(articleId);
  const savedAt = new Date().toISOString();
  const values = { draft: JSON.stringify(draft), base_version: baseVersion, updatedAt: savedAt };
  await db
    .insertInto('article_autosave')
    .values({ author_id: authorId, article_id: articleId, ...values })
    .onConflict((oc) => oc.columns(['author_id', 'article_id']).doUpdateSet(values))
    .execute();
  return { savedAt, version };
}

export async function readAutosave(authorId: number, articleId: number): Promise<ArticleEditorState> {
  const version = await versionOf(articleId);
  const row = await db
    .selectFrom('article_autosave')
    .select(['draft', 'base_version', 'updatedAt'])
    .where('author_id', '=', authorId)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  const autosave = row
    ? { draft: JSON.parse(row.draft) as ArticleDraft, base_version: row.base_version, savedAt: row.updatedAt }
    : null;
  return { version, autosave };
}

/** The author saved (or published) the article: the unsaved state is gone. */
export async function clearAutosave(authorId: number, articleId: number): Promise<void> {
  await db
    .deleteFrom('article_autosave')
    .where('author_id', '=', authorId)
    .where('article_id', '=', articleId)
    .execute();
}
