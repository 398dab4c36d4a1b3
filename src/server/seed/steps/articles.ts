import { db } from '../../db/connection.ts';
import { importArticles } from '../../services/article-files.ts';
import { addCategory, addTag, updateArticle } from '../../services/articles.ts';
import { backdate, type SeedContext } from '../context.ts';
import { createRandom } from '../images.ts';

/** Step: categories and tags, in the order of site.yaml (their ids), before the articles use them. */
export async function seedTaxonomy(ctx: SeedContext): Promise<void> {
  for (const [i, name] of ctx.demo.categories.entries()) {
    const created = ctx.clock.at(220 - i * 5);
    await backdate('category', await addCategory(name), created);
  }
  for (const [i, name] of ctx.demo.tags.entries()) {
    const created = ctx.clock.at(218 - i * 3);
    await backdate('tag', await addTag(name), created);
  }
}

/**
 * Step: the Markdown files of articles/ through the importer (`npm run blog -- import`), which writes
 * them through the article service. Files are imported in name order, so `01-…` gets id 1.
 */
export async function seedArticles(ctx: SeedContext): Promise<void> {
  const report = await importArticles(ctx.articlesDir);
  if (report.failed.length)
    throw new Error(report.failed.map((f) => `articles/${f.file}：${f.error}`).join('\n'));
  const rows = await db.selectFrom('article').select(['id', 'slug']).orderBy('id').execute();
  for (const r of rows) ctx.articles.set(r.slug, r.id);
  const missing = Object.keys(ctx.demo.articles).filter((slug) => !ctx.articles.has(slug));
  const extra = rows.filter((r) => !Object.hasOwn(ctx.demo.articles, r.slug)).map((r) => r.slug);
  if (missing.length)
    throw new Error(`site.yaml 的 articles 里有、articles/ 里没有的文章：${missing.join('、')}`);
  if (extra.length)
    throw new Error(`articles/ 里有、site.yaml 的 articles 里没有的文章：${extra.join('、')}`);
}

/**
 * Step: what a demo article has lived through: when it was written and last edited, its place among the
 * pinned ones, and the views, likes and reading time visitors ran up (counters no service sets).
 */
export async function seedArticleHistory(ctx: SeedContext): Promise<void> {
  const reading = createRandom('seed:reading');
  for (const [slug, id] of ctx.articles) {
    const a = ctx.demo.articles[slug];
    const created = ctx.clock.at(a.days_ago);
    const secondsPerView = reading.int(35, 110);
    const editedDaysLater = reading.int(0, 3);
    await updateArticle(id, {
      order: a.order ?? 0,
      createdAt: created,
      updatedAt: ctx.clock.exact(created, editedDaysLater * 24 * 60),
    });
    await db
      .updateTable('article')
      .set({ view_times: a.views, thumbs_up_times: a.likes, reading_duration: a.views * secondsPerView })
      .where('id', '=', id)
      .execute();
  }
}
