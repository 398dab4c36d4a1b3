import { expect } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import type { setupTestApi } from './helpers.ts';

/** What the import tests (tests/api/import-*.test.ts) and the old-address tests look at alike. */

/** A published article made in the console, as the posts an import lands beside; its id. */
export async function newArticle(api: ReturnType<typeof setupTestApi>, title: string): Promise<number> {
  const res = await api.call(
    'POST',
    '/api/article/add',
    { article_title: title, article_content: '正文', category_id: null, tagIdList: [], status: 1, type: 1 },
    api.adminToken,
  );
  expect(res.json.code, res.json.message).toBe(0);
  return (
    await db.selectFrom('article').select('id').where('article_title', '=', title).executeTakeFirstOrThrow()
  ).id;
}

/**
 * A thing's comments with their authors, in the order they were written here (ids follow the plan's
 * order) or, `by` createdAt, in the old blog's.
 */
export function commentsOf(type: 1 | 2 | 3, forId: number, by: 'id' | 'createdAt' = 'id') {
  return db
    .selectFrom('comment')
    .innerJoin('user', 'user.id', 'comment.from_id')
    .select([
      'comment.id',
      'parent_id',
      'to_id',
      'from_id',
      'content',
      'review_status',
      'thumbs_up',
      'nick_name',
      'user.email',
      'comment.ip',
      'comment.user_agent',
      'comment.createdAt',
    ])
    .where('type', '=', type)
    .where('for_id', '=', forId)
    .orderBy(by === 'id' ? 'comment.id' : 'comment.createdAt')
    .execute();
}
