import { db } from '../db/connection.ts';

export type ArticleCard = {
  id: number;
  article_title: string;
  article_description: string;
  article_cover: string;
  is_top: number;
  createdAt: string;
};

/** Public articles for the home page: pinned first (by order), then newest. */
export async function listHomeArticles(
  current: number,
  size: number,
): Promise<{ list: ArticleCard[]; total: number }> {
  const base = db.selectFrom('article').where('status', '=', 1);
  const [list, count] = await Promise.all([
    base
      .select(['id', 'article_title', 'article_description', 'article_cover', 'is_top', 'createdAt'])
      .orderBy('is_top')
      .orderBy('order')
      .orderBy('createdAt', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}
