import type { ArticleRevision, RevisionSummary } from '../../../lib/contract/articles.ts';
import { notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db } from '../../db/connection.ts';
import type { Db } from './db.ts';

/**
 * An article's history (docs/api/admin.md#revisions): every save that changes its title or text keeps a
 * revision, inside the save's own transaction (write.ts). The newest KEEP of an article stay, and every
 * one saved while it was public stays for good, so a run of draft saves never pushes a published
 * version out. The editor's autosave (autosave.ts) makes none: it saves every few seconds while the
 * blogger types, and those states would push the real saves out.
 */

/** How many of an article's newest revisions are kept whatever they are. */
export const KEEP = 50;

type Saved = { article_title: string; article_content: string; published: boolean };

/**
 * Records the state an article was just saved in, by `userId`. A save that changed neither title nor
 * text adds nothing (a pin or a new tag is no new version); when it made the article public, the newest
 * revision is marked published instead, so it is kept.
 */
export async function recordRevision(trx: Db, articleId: number, userId: number, saved: Saved) {
  const latest = await trx
    .selectFrom('article_revision')
    .select(['id', 'article_title', 'article_content', 'published'])
    .where('article_id', '=', articleId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const published = saved.published ? 1 : 0;
  if (
    latest &&
    latest.article_title === saved.article_title &&
    latest.article_content === saved.article_content
  ) {
    if (published && !latest.published)
      await trx.updateTable('article_revision').set({ published }).where('id', '=', latest.id).execute();
    return;
  }
  await trx
    .insertInto('article_revision')
    .values({
      article_id: articleId,
      user_id: userId,
      article_title: saved.article_title,
      article_content: saved.article_content,
      published,
      createdAt: new Date().toISOString(),
    })
    .execute();
  await prune(trx, articleId);
}

/** Drops the unpublished revisions older than the newest KEEP. */
async function prune(trx: Db, articleId: number) {
  const edge = await trx
    .selectFrom('article_revision')
    .select('id')
    .where('article_id', '=', articleId)
    .orderBy('id', 'desc')
    .offset(KEEP - 1)
    .limit(1)
    .executeTakeFirst();
  if (!edge) return;
  await trx
    .deleteFrom('article_revision')
    .where('article_id', '=', articleId)
    .where('published', '=', 0)
    .where('id', '<', edge.id)
    .execute();
}

/** An article's revisions, newest first (not found when the article does not exist). */
export async function listRevisions(articleId: number): Promise<RevisionSummary[]> {
  const article = await db.selectFrom('article').select('id').where('id', '=', articleId).executeTakeFirst();
  if (!article) throw notFound(MSG.article);
  const rows = await db
    .selectFrom('article_revision')
    .leftJoin('user', 'user.id', 'article_revision.user_id')
    .select([
      'article_revision.id',
      'article_revision.createdAt',
      'article_revision.user_id',
      'article_revision.published',
      'user.nick_name',
      (eb) => eb.fn<number>('length', ['article_revision.article_content']).as('size'),
    ])
    .where('article_revision.article_id', '=', articleId)
    .orderBy('article_revision.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    size: Number(r.size),
    user_id: r.user_id,
    nick_name: r.nick_name ?? '',
    published: r.published === 1,
  }));
}

/** One revision with its title and text (not found when it is gone). */
export async function getRevision(revisionId: number): Promise<ArticleRevision> {
  const row = await db
    .selectFrom('article_revision')
    .select(['id', 'article_id', 'user_id', 'article_title', 'article_content', 'createdAt'])
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.revision);
  return row;
}
