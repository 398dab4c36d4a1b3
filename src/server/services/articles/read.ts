import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { THING } from '../../../lib/community.ts';
import type {
  AdminArticleSummary,
  ArticleDetail,
  ArticleLink,
  ArticleSummary,
  HotArticle,
  TimelineYear,
} from '../../../lib/contract/articles.ts';
import { formatDate } from '../../../lib/format.ts';
import { articleTag, likesTag, shows, userTag } from '../../core/page-tags.ts';
import { db } from '../../db/connection.ts';
import { prepared } from '../../db/prepared.ts';
import { countRows, type Page, paginate } from '../paginate.ts';
import type { Db } from './db.ts';
import { type StoredBody, storedBody } from './rendering.ts';

/** Reading articles: the lists of the home page, archive, category and tag pages, one article. */

export type { ArticleDetail, ArticleLink, ArticleSummary, Page, TimelineYear };

const SUMMARY_COLUMNS = [
  'article.id',
  'article.slug',
  'article.article_title',
  'article.author_id',
  'article.category_id',
  'article.article_cover',
  'article.article_description',
  'article.is_top',
  'article.order',
  'article.status',
  'article.type',
  'article.origin_url',
  'article.view_times',
  'article.thumbs_up_times',
  'article.reading_duration',
  'article.createdAt',
  'article.updatedAt',
  'article.publish_at',
] as const;

function summaries(d: Db = db) {
  return d
    .selectFrom('article')
    .leftJoin('category', 'category.id', 'article.category_id')
    .select(SUMMARY_COLUMNS)
    .select([
      'category.category_name as categoryName',
      sql<number>`length(article.article_content)`.as('wordCount'),
      sql<boolean>`article.password <> ''`.as('is_locked'),
    ]);
}

type SummaryRow = Omit<ArticleSummary, 'tagIdList' | 'tagNameList'>;

const tagsOfOne = prepared((d, id: number) =>
  d
    .selectFrom('article_tag')
    .innerJoin('tag', 'tag.id', 'article_tag.tag_id')
    .select(['article_tag.article_id', 'tag.id', 'tag.tag_name'])
    .where('article_tag.article_id', '=', id)
    .orderBy('tag.id'),
);

/** Adds tagIdList / tagNameList to rows with one query. */
async function withTags<T extends { id: number }>(
  rows: T[],
  d: Db = db,
): Promise<(T & { tagIdList: number[]; tagNameList: string[] })[]> {
  if (!rows.length) return [];
  // One article's (its page, every cache miss): compiled once.
  const links = await (rows.length === 1 && d === db
    ? tagsOfOne.all(rows[0].id)
    : d
        .selectFrom('article_tag')
        .innerJoin('tag', 'tag.id', 'article_tag.tag_id')
        .select(['article_tag.article_id', 'tag.id', 'tag.tag_name'])
        .where(
          'article_tag.article_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('tag.id')
        .execute());
  return rows.map((row) => {
    const mine = links.filter((l) => l.article_id === row.id);
    return { ...row, tagIdList: mine.map((l) => l.id), tagNameList: mine.map((l) => l.tag_name) };
  });
}

/** A list of summaries shows each one's like count. */
export function showsLikesOf<T extends { id: number }>(rows: T[]): T[] {
  shows(...rows.map((r) => likesTag(THING.article, r.id)));
  return rows;
}

const normalize = <T extends SummaryRow>(row: T): T => ({
  ...row,
  wordCount: Number(row.wordCount),
  is_locked: Boolean(row.is_locked),
});

async function page(
  current: number,
  size: number,
  filter: (q: ReturnType<typeof summaries>) => ReturnType<typeof summaries>,
): Promise<Page<ArticleSummary>> {
  const base = filter(summaries()).where('article.status', '=', ARTICLE_STATUS.public);
  return paginate(
    { current, size },
    async (limit, offset) =>
      showsLikesOf(
        await withTags(
          (
            await base
              .orderBy('article.is_top')
              .orderBy('article.order')
              .orderBy('article.createdAt', 'desc')
              .orderBy('article.id', 'desc')
              .limit(limit)
              .offset(offset)
              .execute()
          ).map(normalize),
        ),
      ),
    () => countRows(base),
  );
}

/** Public articles for the home page: pinned first (by order), then newest. */
export function listHomeArticles(current: number, size: number): Promise<Page<ArticleSummary>> {
  shows('articles');
  return page(current, size, (q) => q);
}

export function listArticlesByCategory(
  categoryId: number,
  current: number,
  size: number,
): Promise<Page<ArticleSummary>> {
  shows('articles');
  return page(current, size, (q) => q.where('article.category_id', '=', categoryId));
}

export function listArticlesByTag(
  tagId: number,
  current: number,
  size: number,
): Promise<Page<ArticleSummary>> {
  shows('articles');
  return page(current, size, (q) =>
    q.where('article.id', 'in', (eb) =>
      eb.selectFrom('article_tag').select('article_tag.article_id').where('article_tag.tag_id', '=', tagId),
    ),
  );
}

/** The year (in the blog's zone, China) an ISO time falls in. */
const yearOf = (iso: string) => formatDate(iso).slice(0, 4);

/** The archive: public articles newest first, the page's list grouped by year. */
export async function listTimeline(current: number, size: number): Promise<Page<TimelineYear>> {
  shows('articles');
  const base = db.selectFrom('article').where('status', '=', ARTICLE_STATUS.public);
  const rows = await paginate(
    { current, size },
    (limit, offset) =>
      base
        .select(['id', 'article_title', 'article_cover', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(base),
  );
  const years: TimelineYear[] = [];
  for (const row of rows.list) {
    const year = yearOf(row.createdAt);
    const last = years.at(-1);
    if (last?.year === year) last.articleList.push(row);
    else years.push({ year, articleList: [row] });
  }
  return { ...rows, list: years };
}

/**
 * One article with its Markdown; null when missing, or not public and the reader is not the admin. A
 * password-protected one comes without its Markdown ("") unless the reader is the admin or `unlocked`
 * (the password was checked: services/articles/locked.ts).
 */
// The article page's own row (every cache miss of one): compiled once (db/prepared.ts).
const articleRow = prepared((d, id: number) =>
  summaries(d)
    .leftJoin('user', 'user.id', 'article.author_id')
    .select([
      'article.article_content',
      'article.meta_description',
      'article.meta_keywords',
      'user.nick_name as authorName',
    ])
    .where('article.id', '=', id),
);

export async function getArticle(
  id: number,
  opts: { admin?: boolean; unlocked?: boolean } = {},
): Promise<ArticleDetail | null> {
  shows(articleTag(id), likesTag(THING.article, id));
  const row = await articleRow.first(id);
  if (!row || (row.status !== ARTICLE_STATUS.public && !opts.admin)) return null;
  shows(userTag(row.author_id));
  const [withTagList] = await withTags([normalize(row as SummaryRow)]);
  const hidden = withTagList.is_locked && !opts.admin && !opts.unlocked;
  return {
    ...withTagList,
    article_content: hidden ? '' : row.article_content,
    authorName: row.authorName ?? '',
  } as ArticleDetail;
}

/** The rendered body of an article: stored when it was written, never rendered here (rendering.ts). */
export function renderedArticle(article: Pick<ArticleDetail, 'id' | 'article_content'>): Promise<StoredBody> {
  shows(articleTag(article.id));
  return storedBody(article.id, article.article_content);
}

/** The 5 most viewed public articles. */
export function getHotArticles(): Promise<HotArticle[]> {
  shows('articles');
  return db
    .selectFrom('article')
    .select(['id', 'article_title', 'view_times'])
    .where('status', '=', ARTICLE_STATUS.public)
    .orderBy('view_times', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
}

/** Every public article, for the sitemap and the feed (newest first): their text and update times. */
export function listPublicArticles(limit?: number) {
  shows('articles', 'article-feeds');
  let q = db
    .selectFrom('article')
    .select(['id', 'article_title', 'article_description', 'createdAt', 'updatedAt'])
    // A password-protected article's text is in no feed: "" stands for it.
    .select(sql<string>`CASE WHEN password = '' THEN article_content ELSE '' END`.as('article_content'))
    .where('status', '=', ARTICLE_STATUS.public)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  if (limit) q = q.limit(limit);
  return q.execute();
}

/**
 * The feed's newest public articles with their stored body (HTML) and excerpt; a password-protected
 * one carries neither ("").
 */
export function listFeedArticles(limit: number) {
  shows('articles', 'article-feeds');
  return db
    .selectFrom('article')
    .leftJoin('article_render', 'article_render.article_id', 'article.id')
    .select(['article.id', 'article.article_title', 'article.article_description', 'article.createdAt'])
    .select([
      sql<string>`CASE WHEN article.password = '' THEN coalesce(article_render.html, '') ELSE '' END`.as(
        'html',
      ),
      sql<string>`CASE WHEN article.password = '' THEN coalesce(article_render.excerpt, '') ELSE '' END`.as(
        'excerpt',
      ),
      'article.updatedAt',
    ])
    .where('article.status', '=', ARTICLE_STATUS.public)
    .orderBy('article.createdAt', 'desc')
    .orderBy('article.id', 'desc')
    .limit(limit)
    .execute();
}

/** A filter of the admin's article lists (services/articles/admin.ts builds them). */
export type SummaryFilter = (q: ReturnType<typeof summaries>) => ReturnType<typeof summaries>;

/** Articles of any status the filter keeps, for the admin (newest first), with when each was binned. */
export async function listAdminArticles(
  current: number,
  size: number,
  filter: SummaryFilter,
): Promise<Page<AdminArticleSummary>> {
  const base = filter(summaries());
  return paginate(
    { current, size },
    async (limit, offset) =>
      withTags(
        (
          await base
            .select('article.deleted_at as deletedAt')
            .orderBy('article.createdAt', 'desc')
            .orderBy('article.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute()
        ).map(normalize),
      ),
    () => countRows(base),
  );
}

/** Every article with any status, for the admin and the export (newest first). */
export function listAllArticles(
  current: number,
  size: number,
  status?: number,
): Promise<Page<AdminArticleSummary>> {
  return listAdminArticles(current, size, (q) => (status ? q.where('article.status', '=', status) : q));
}

export async function getArticleBySlug(slug: string) {
  return db.selectFrom('article').select('id').where('slug', '=', slug).executeTakeFirst();
}
