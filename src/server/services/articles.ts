import { type Kysely, sql, type Transaction } from 'kysely';
import { SLUG_PATTERN, slugify } from '../../lib/article.ts';
import { formatDate } from '../../lib/format.ts';
import { refuse } from '../core/errors.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { forgetRendered, type Rendered, renderArticle } from './article-html.ts';

/**
 * Articles, categories and tags. Every write to them goes through the functions of this file, which
 * end by announcing the change (onArticleChange), so a search index or cache can follow in one place.
 */

export type Page<T> = { current: number; size: number; list: T[]; total: number };

export type ArticleSummary = {
  id: number;
  slug: string;
  article_title: string;
  author_id: number;
  category_id: number | null;
  article_cover: string;
  article_description: string;
  is_top: number;
  order: number;
  status: number;
  type: number;
  origin_url: string;
  view_times: number;
  thumbs_up_times: number;
  reading_duration: number;
  createdAt: string;
  updatedAt: string;
  categoryName: string | null;
  tagIdList: number[];
  tagNameList: string[];
  /** Length of the Markdown in characters, for the reading-time estimate. */
  wordCount: number;
};

export type ArticleDetail = ArticleSummary & { article_content: string; authorName: string };

export type ArticleLink = { id: number; article_title: string; article_cover: string; createdAt: string };

export type TimelineYear = { year: string; articleList: ArticleLink[] };

export type DictionaryEntry = { id: number; name: string; articleCount: number };

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------------------------------------
// Change announcements

export type ArticleChange = { kind: 'create' | 'update' | 'delete'; id: number };
const listeners = new Set<(change: ArticleChange) => void | Promise<void>>();

/** Runs `fn` after every committed article write (create, update, delete, pin, taxonomy detach). */
export function onArticleChange(fn: (change: ArticleChange) => void | Promise<void>): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

async function announce(changes: ArticleChange[]): Promise<void> {
  for (const change of changes) {
    if (change.kind === 'delete') forgetRendered(change.id);
    for (const fn of listeners) await fn(change);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

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
] as const;

function summaries(d: Db = db) {
  return d
    .selectFrom('article')
    .leftJoin('category', 'category.id', 'article.category_id')
    .select(SUMMARY_COLUMNS)
    .select([
      'category.category_name as categoryName',
      sql<number>`length(article.article_content)`.as('wordCount'),
    ]);
}

type SummaryRow = Omit<ArticleSummary, 'tagIdList' | 'tagNameList'>;

/** Adds tagIdList / tagNameList to rows with one query. */
async function withTags<T extends { id: number }>(
  rows: T[],
  d: Db = db,
): Promise<(T & { tagIdList: number[]; tagNameList: string[] })[]> {
  if (!rows.length) return [];
  const links = await d
    .selectFrom('article_tag')
    .innerJoin('tag', 'tag.id', 'article_tag.tag_id')
    .select(['article_tag.article_id', 'tag.id', 'tag.tag_name'])
    .where(
      'article_tag.article_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('tag.id')
    .execute();
  return rows.map((row) => {
    const mine = links.filter((l) => l.article_id === row.id);
    return { ...row, tagIdList: mine.map((l) => l.id), tagNameList: mine.map((l) => l.tag_name) };
  });
}

const normalize = (row: SummaryRow): SummaryRow => ({ ...row, wordCount: Number(row.wordCount) });

async function page(
  current: number,
  size: number,
  filter: (q: ReturnType<typeof summaries>) => ReturnType<typeof summaries>,
): Promise<Page<ArticleSummary>> {
  const base = filter(summaries()).where('article.status', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .orderBy('article.is_top')
      .orderBy('article.order')
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { current, size, list: await withTags(rows.map(normalize)), total: Number(count.n) };
}

/** Public articles for the home page: pinned first (by order), then newest. */
export function listHomeArticles(current: number, size: number): Promise<Page<ArticleSummary>> {
  return page(current, size, (q) => q);
}

export function listArticlesByCategory(
  categoryId: number,
  current: number,
  size: number,
): Promise<Page<ArticleSummary>> {
  return page(current, size, (q) => q.where('article.category_id', '=', categoryId));
}

export function listArticlesByTag(
  tagId: number,
  current: number,
  size: number,
): Promise<Page<ArticleSummary>> {
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
  const base = db.selectFrom('article').where('status', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'article_title', 'article_cover', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const years: TimelineYear[] = [];
  for (const row of rows) {
    const year = yearOf(row.createdAt);
    const last = years.at(-1);
    if (last?.year === year) last.articleList.push(row);
    else years.push({ year, articleList: [row] });
  }
  return { current, size, list: years, total: Number(count.n) };
}

/** One article with its Markdown; null when missing, or not public and the reader is not the admin. */
export async function getArticle(id: number, opts: { admin?: boolean } = {}): Promise<ArticleDetail | null> {
  const row = await summaries()
    .leftJoin('user', 'user.id', 'article.author_id')
    .select(['article.article_content', 'user.nick_name as authorName'])
    .where('article.id', '=', id)
    .executeTakeFirst();
  if (!row || (row.status !== 1 && !opts.admin)) return null;
  const [withTagList] = await withTags([normalize(row as SummaryRow)]);
  return {
    ...withTagList,
    article_content: row.article_content,
    authorName: row.authorName ?? '',
  } as ArticleDetail;
}

/** The rendered body of an article (cached per version). */
export function renderedArticle(
  article: Pick<ArticleDetail, 'id' | 'updatedAt' | 'article_content'>,
): Promise<Rendered> {
  return renderArticle(article.id, article.updatedAt, article.article_content);
}

// Views: one per visitor and article within a window, so reloads and API calls made for the same
// page do not inflate the count.
const VIEW_WINDOW_MS = 30 * 60_000;
const seen = new Map<string, number>();

/** Counts a view of a public article unless `visitor` viewed it in the last 30 minutes. */
export async function countView(id: number, visitor: string): Promise<boolean> {
  const key = `${visitor}|${id}`;
  const now = Date.now();
  const last = seen.get(key);
  if (last !== undefined && now - last < VIEW_WINDOW_MS) return false;
  seen.delete(key);
  seen.set(key, now);
  if (seen.size > 20_000) {
    for (const [k, at] of seen) {
      if (now - at < VIEW_WINDOW_MS && seen.size <= 10_000) break;
      seen.delete(k);
    }
  }
  const res = await db
    .updateTable('article')
    .set({ view_times: sql`view_times + 1` })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Longest single reading report, in milliseconds: a tab left open overnight is not two hours of reading. */
export const MAX_READING_REPORT_MS = 2 * 60 * 60 * 1000;

/**
 * Adds reading time to a public article; false when there is no such article. Reports come in
 * milliseconds (the API's unit) and are clamped to MAX_READING_REPORT_MS; the column keeps whole
 * seconds, as the pages that show reading time (and the demo seed) expect.
 */
export async function addReadingDuration(id: number, milliseconds: number): Promise<boolean> {
  const add = Math.round(Math.min(Math.max(0, milliseconds), MAX_READING_REPORT_MS) / 1000);
  const res = await db
    .updateTable('article')
    .set({ reading_duration: sql`reading_duration + ${add}` })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

const LINK_COLUMNS = [
  'article.id',
  'article.article_title',
  'article.article_cover',
  'article.createdAt',
] as const;

export type Recommendations = {
  /** The article asked about (the API answers it in place of a missing previous or next). */
  current: ArticleLink;
  /** Null at the oldest article: our page then shows no link. */
  previous: ArticleLink | null;
  /** Null at the newest article. */
  next: ArticleLink | null;
  recommend: ArticleLink[];
};

/** Previous (older) and next (newer) public article, and up to 6 related ones (shared tags, then category). */
export async function getRecommendations(id: number): Promise<Recommendations | null> {
  const me = await db
    .selectFrom('article')
    .select([...LINK_COLUMNS, 'article.category_id', 'article.status'])
    .where('article.id', '=', id)
    .executeTakeFirst();
  if (me?.status !== 1) return null;
  const publicLinks = () => db.selectFrom('article').select(LINK_COLUMNS).where('article.status', '=', 1);
  const [previous, next, byTags] = await Promise.all([
    publicLinks()
      .where((eb) =>
        eb.or([
          eb('article.createdAt', '<', me.createdAt),
          eb.and([eb('article.createdAt', '=', me.createdAt), eb('article.id', '<', id)]),
        ]),
      )
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    publicLinks()
      .where((eb) =>
        eb.or([
          eb('article.createdAt', '>', me.createdAt),
          eb.and([eb('article.createdAt', '=', me.createdAt), eb('article.id', '>', id)]),
        ]),
      )
      .orderBy('article.createdAt')
      .orderBy('article.id')
      .limit(1)
      .executeTakeFirst(),
    publicLinks()
      .innerJoin('article_tag as t', 't.article_id', 'article.id')
      .where('t.tag_id', 'in', (eb) =>
        eb.selectFrom('article_tag').select('article_tag.tag_id').where('article_tag.article_id', '=', id),
      )
      .where('article.id', '!=', id)
      .groupBy(LINK_COLUMNS)
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('article.createdAt', 'desc')
      .limit(6)
      .execute(),
  ]);
  const recommend: ArticleLink[] = [...byTags];
  if (recommend.length < 6 && me.category_id !== null) {
    const more = await publicLinks()
      .where('article.category_id', '=', me.category_id)
      .where('article.id', 'not in', [id, ...recommend.map((r) => r.id)])
      .orderBy('article.createdAt', 'desc')
      .limit(6 - recommend.length)
      .execute();
    recommend.push(...more);
  }
  // The article's own link: its LINK_COLUMNS, without what was read only to find the others.
  const { category_id: _category, status: _status, ...current } = me;
  return { current, previous: previous ?? null, next: next ?? null, recommend };
}

/** The 5 most viewed public articles. */
export function getHotArticles(): Promise<{ id: number; article_title: string; view_times: number }[]> {
  return db
    .selectFrom('article')
    .select(['id', 'article_title', 'view_times'])
    .where('status', '=', 1)
    .orderBy('view_times', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
}

// Site search lives in its own service (FTS index, ranking, excerpts).
export { searchArticles } from './search.ts';

/** Every public article, for the sitemap and the feed (newest first). */
export function listPublicArticles(limit?: number) {
  let q = db
    .selectFrom('article')
    .select(['id', 'article_title', 'article_description', 'article_content', 'createdAt', 'updatedAt'])
    .where('status', '=', 1)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  if (limit) q = q.limit(limit);
  return q.execute();
}

/** Every article with any status, for the admin and the export (newest first). */
export async function listAllArticles(
  current: number,
  size: number,
  status?: number,
): Promise<Page<ArticleSummary>> {
  let base = summaries();
  if (status) base = base.where('article.status', '=', status);
  const [rows, count] = await Promise.all([
    base
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { current, size, list: await withTags(rows.map(normalize)), total: Number(count.n) };
}

// ---------------------------------------------------------------------------------------------
// Taxonomy

/**
 * Who asks about categories and tags (issue 15): the admin sees every one (the editor picks from
 * them); everyone else only those a public article uses, so the terms of private articles and drafts
 * (and unused ones) are never listed, counted or named publicly. Counts are of public articles for both.
 */
export type Audience = { admin?: boolean };

const categoryInUse = sql<boolean>`exists (select 1 from article where article.category_id = category.id and article.status = 1)`;
const tagInUse = sql<boolean>`exists (select 1 from article_tag join article on article.id = article_tag.article_id where article_tag.tag_id = tag.id and article.status = 1)`;

export async function categoryDictionary({ admin = false }: Audience = {}): Promise<DictionaryEntry[]> {
  let q = db
    .selectFrom('category')
    .leftJoin('article', (j) =>
      j.onRef('article.category_id', '=', 'category.id').on('article.status', '=', 1),
    )
    .select(['category.id', 'category.category_name as name'])
    .select((eb) => eb.fn.count<number>('article.id').as('articleCount'))
    .groupBy(['category.id', 'category.category_name'])
    .orderBy('category.id');
  if (!admin) q = q.having((eb) => eb.fn.count('article.id'), '>', 0);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, articleCount: Number(r.articleCount) }));
}

export async function tagDictionary({ admin = false }: Audience = {}): Promise<DictionaryEntry[]> {
  let q = db
    .selectFrom('tag')
    .leftJoin('article_tag', 'article_tag.tag_id', 'tag.id')
    .leftJoin('article', (j) =>
      j.onRef('article.id', '=', 'article_tag.article_id').on('article.status', '=', 1),
    )
    .select(['tag.id', 'tag.tag_name as name'])
    .select((eb) => eb.fn.count<number>('article.id').as('articleCount'))
    .groupBy(['tag.id', 'tag.tag_name'])
    .orderBy('tag.id');
  if (!admin) q = q.having((eb) => eb.fn.count('article.id'), '>', 0);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, articleCount: Number(r.articleCount) }));
}

/** A category by id; for anyone but the admin only while a public article uses it. */
export async function getCategory(id: number, { admin = false }: Audience = {}) {
  let q = db.selectFrom('category').select(['id', 'category_name']).where('id', '=', id);
  if (!admin) q = q.where(categoryInUse);
  return q.executeTakeFirst();
}

/** A tag by id; for anyone but the admin only while a public article uses it. */
export async function getTag(id: number, { admin = false }: Audience = {}) {
  let q = db.selectFrom('tag').select(['id', 'tag_name']).where('id', '=', id);
  if (!admin) q = q.where(tagInUse);
  return q.executeTakeFirst();
}

/** How many categories and tags the public sees (the statistics card). */
export async function publicTermCounts(): Promise<{ categoryCount: number; tagCount: number }> {
  const count = (table: 'category' | 'tag') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(table === 'category' ? categoryInUse : tagInUse)
      .executeTakeFirstOrThrow();
  const [categories, tags] = await Promise.all([count('category'), count('tag')]);
  return { categoryCount: Number(categories.n), tagCount: Number(tags.n) };
}

/** The admin's own writes see every term. */
const ADMIN: Audience = { admin: true };

// Refusals (code 100 in the API envelope, a plain error message in the CLI).
const refusal = refuse;

const now = () => new Date().toISOString();

async function nameTaken(
  d: Db,
  table: 'category' | 'tag',
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const column = table === 'category' ? 'category_name' : 'tag_name';
  let q = d.selectFrom(table).select('id').where(column, '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Categories and tags are both a named term: one table, one name column, one word for messages. */
const TERMS = {
  category: { column: 'category_name', label: '分类' },
  tag: { column: 'tag_name', label: '标签' },
} as const;

async function addTerm(table: 'category' | 'tag', name: string): Promise<number> {
  const { column, label } = TERMS[table];
  if (await nameTaken(db, table, name)) throw refusal(`${label}已存在`);
  const stamp = now();
  const row = await db
    .insertInto(table)
    .values({ [column]: name, createdAt: stamp, updatedAt: stamp } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function renameTerm(table: 'category' | 'tag', id: number, name: string): Promise<void> {
  const { column, label } = TERMS[table];
  const exists = table === 'category' ? await getCategory(id, ADMIN) : await getTag(id, ADMIN);
  if (!exists) throw refusal(`${label}不存在`);
  if (await nameTaken(db, table, name, id)) throw refusal(`${label}已存在`);
  await db
    .updateTable(table)
    .set({ [column]: name, updatedAt: now() } as never)
    .where('id', '=', id)
    .execute();
}

export const addCategory = (name: string): Promise<number> => addTerm('category', name);

export const updateCategory = (id: number, name: string): Promise<void> => renameTerm('category', id, name);

/** Refused while articles still use the category: they would silently lose it. */
export async function deleteCategory(id: number): Promise<void> {
  if (!(await getCategory(id, ADMIN))) throw refusal('分类不存在');
  const used = await db.selectFrom('article').select('id').where('category_id', '=', id).executeTakeFirst();
  if (used) throw refusal('该分类下还有文章，请先修改这些文章的分类');
  await db.deleteFrom('category').where('id', '=', id).execute();
}

export const addTag = (name: string): Promise<number> => addTerm('tag', name);

export const updateTag = (id: number, name: string): Promise<void> => renameTerm('tag', id, name);

/** A tag in use is detached from its articles (they keep everything else) and deleted. */
export async function deleteTag(id: number): Promise<void> {
  if (!(await getTag(id, ADMIN))) throw refusal('标签不存在');
  const affected = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('article_tag').select('article_id').where('tag_id', '=', id).execute();
    await trx.deleteFrom('article_tag').where('tag_id', '=', id).execute();
    await trx.deleteFrom('tag').where('id', '=', id).execute();
    return rows.map((r) => r.article_id);
  });
  await announce(affected.map((articleId) => ({ kind: 'update', id: articleId })));
}

// ---------------------------------------------------------------------------------------------
// Writing articles

export type ArticleInput = {
  article_title: string;
  article_content: string;
  article_cover?: string;
  article_description?: string;
  /** An existing category; null for none. */
  category_id?: number | null;
  /** A category by name, created when missing (wins over category_id). */
  category_name?: string;
  tagIdList?: number[];
  /** Tags by name, created when missing (added to tagIdList). */
  tagNameList?: string[];
  is_top?: number;
  order?: number;
  status?: number;
  type?: number;
  origin_url?: string;
  slug?: string;
  /** Only the import sets these (the file's date); the API never does. */
  createdAt?: string;
  updatedAt?: string;
};

async function resolveCategory(trx: Db, input: Partial<ArticleInput>): Promise<number | null | undefined> {
  const name = input.category_name?.trim();
  if (name) {
    const found = await trx
      .selectFrom('category')
      .select('id')
      .where('category_name', '=', name)
      .executeTakeFirst();
    if (found) return found.id;
    const stamp = now();
    const row = await trx
      .insertInto('category')
      .values({ category_name: name, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  if (input.category_id === undefined || input.category_id === null) return input.category_id;
  const found = await trx
    .selectFrom('category')
    .select('id')
    .where('id', '=', input.category_id)
    .executeTakeFirst();
  if (!found) throw refusal('分类不存在');
  return found.id;
}

async function resolveTags(trx: Db, input: Partial<ArticleInput>): Promise<number[] | undefined> {
  if (input.tagIdList === undefined && input.tagNameList === undefined) return undefined;
  const ids = new Set<number>();
  if (input.tagIdList?.length) {
    const found = await trx.selectFrom('tag').select('id').where('id', 'in', input.tagIdList).execute();
    if (found.length !== new Set(input.tagIdList).size) throw refusal('标签不存在');
    for (const t of found) ids.add(t.id);
  }
  for (const raw of input.tagNameList ?? []) {
    const name = raw.trim();
    if (!name) continue;
    const found = await trx.selectFrom('tag').select('id').where('tag_name', '=', name).executeTakeFirst();
    if (found) ids.add(found.id);
    else {
      const stamp = now();
      const row = await trx
        .insertInto('tag')
        .values({ tag_name: name, createdAt: stamp, updatedAt: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.add(row.id);
    }
  }
  return [...ids];
}

async function uniqueSlug(
  trx: Db,
  wanted: string | undefined,
  title: string,
  exceptId?: number,
): Promise<string> {
  const taken = async (slug: string) => {
    let q = trx.selectFrom('article').select('id').where('slug', '=', slug);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return Boolean(await q.executeTakeFirst());
  };
  if (wanted) {
    if (!SLUG_PATTERN.test(wanted)) throw refusal('链接别名只能包含小写字母、数字和连字符');
    if (await taken(wanted)) throw refusal('链接别名已被其他文章使用');
    return wanted;
  }
  const base = slugify(title) || `post-${Date.now().toString(36)}`;
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function setTags(trx: Db, articleId: number, tagIds: number[]): Promise<void> {
  await trx.deleteFrom('article_tag').where('article_id', '=', articleId).execute();
  if (tagIds.length)
    await trx
      .insertInto('article_tag')
      .values(tagIds.map((tag_id) => ({ article_id: articleId, tag_id })))
      .execute();
}

/** Creates an article written by `authorId`; returns its id. */
export async function createArticle(input: ArticleInput, authorId: number): Promise<number> {
  const id = await db.transaction().execute(async (trx) => {
    const categoryId = await resolveCategory(trx, input);
    const tagIds = (await resolveTags(trx, input)) ?? [];
    const slug = await uniqueSlug(trx, input.slug, input.article_title);
    const stamp = now();
    const row = await trx
      .insertInto('article')
      .values({
        slug,
        article_title: input.article_title,
        author_id: authorId,
        category_id: categoryId ?? null,
        article_content: input.article_content,
        article_cover: input.article_cover ?? '',
        article_description: input.article_description ?? '',
        is_top: input.is_top ?? 2,
        order: input.order ?? 0,
        status: input.status ?? 1,
        type: input.type ?? 1,
        origin_url: input.origin_url ?? '',
        view_times: 0,
        thumbs_up_times: 0,
        reading_duration: 0,
        createdAt: input.createdAt ?? stamp,
        updatedAt: input.updatedAt ?? input.createdAt ?? stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setTags(trx, row.id, tagIds);
    return row.id;
  });
  await announce([{ kind: 'create', id }]);
  return id;
}

const EDITABLE = [
  'article_title',
  'article_content',
  'article_cover',
  'article_description',
  'is_top',
  'order',
  'status',
  'type',
  'origin_url',
  'createdAt',
] as const;

/** Changes the given fields of an article; false when it does not exist. */
export async function updateArticle(id: number, input: Partial<ArticleInput>): Promise<boolean> {
  const done = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('article')
      .select(['id', 'article_title'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return false;
    const patch: Record<string, unknown> = {};
    for (const key of EDITABLE) if (input[key] !== undefined) patch[key] = input[key];
    const categoryId = await resolveCategory(trx, input);
    if (categoryId !== undefined) patch.category_id = categoryId;
    if (input.slug !== undefined) patch.slug = await uniqueSlug(trx, input.slug, current.article_title, id);
    patch.updatedAt = input.updatedAt ?? now();
    await trx.updateTable('article').set(patch).where('id', '=', id).execute();
    const tagIds = await resolveTags(trx, input);
    if (tagIds) await setTags(trx, id, tagIds);
    return true;
  });
  if (done) await announce([{ kind: 'update', id }]);
  return done;
}

/** Pins (1) or unpins (2) an article; false when it does not exist. */
export async function setArticleTop(id: number, isTop: number): Promise<boolean> {
  const res = await db
    .updateTable('article')
    .set({ is_top: isTop, updatedAt: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  const done = Number(res.numUpdatedRows) > 0;
  if (done) await announce([{ kind: 'update', id }]);
  return done;
}

/** Deletes an article with its tag links; false when it does not exist. */
export async function deleteArticle(id: number): Promise<boolean> {
  const done = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('article_tag').where('article_id', '=', id).execute();
    // What hangs off the article by (type 1, id) goes with it: comments, likes, notifications.
    await trx.deleteFrom('comment').where('type', '=', 1).where('for_id', '=', id).execute();
    await trx.deleteFrom('like').where('type', '=', 1).where('for_id', '=', id).execute();
    await trx.deleteFrom('notify').where('type', '=', 1).where('to_id', '=', id).execute();
    const res = await trx.deleteFrom('article').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
  if (done) await announce([{ kind: 'delete', id }]);
  return done;
}

export async function getArticleBySlug(slug: string) {
  return db.selectFrom('article').select('id').where('slug', '=', slug).executeTakeFirst();
}
