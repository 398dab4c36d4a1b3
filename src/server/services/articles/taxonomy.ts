import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import type { DictionaryEntry } from '../../../lib/contract/articles.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { MSG, termExists } from '../../core/messages.ts';
import { changesNothingShown, shows } from '../../core/page-tags.ts';
import { db } from '../../db/connection.ts';
import type { Db } from './db.ts';
import { trackArticles } from './page-changes.ts';
import { articlesOf } from './terms-admin.ts';

/** Categories and tags: the dictionaries, one term, and the admin's writes. */

export type { DictionaryEntry };

/**
 * Who asks about categories and tags: the admin sees every one (the editor picks from
 * them); everyone else only those a public article uses, so the terms of private articles and drafts
 * (and unused ones) are never listed, counted or named publicly. Counts are of public articles for both.
 */
export type Audience = { admin?: boolean };

const categoryInUse = sql<boolean>`exists (select 1 from article where article.category_id = category.id and article.status = ${ARTICLE_STATUS.public})`;
const tagInUse = sql<boolean>`exists (select 1 from article_tag join article on article.id = article_tag.article_id where article_tag.tag_id = tag.id and article.status = ${ARTICLE_STATUS.public})`;

export async function categoryDictionary({ admin = false }: Audience = {}): Promise<DictionaryEntry[]> {
  shows('articles');
  let q = db
    .selectFrom('category')
    .leftJoin('article', (j) =>
      j.onRef('article.category_id', '=', 'category.id').on('article.status', '=', ARTICLE_STATUS.public),
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
  shows('articles');
  let q = db
    .selectFrom('tag')
    .leftJoin('article_tag', 'article_tag.tag_id', 'tag.id')
    .leftJoin('article', (j) =>
      j.onRef('article.id', '=', 'article_tag.article_id').on('article.status', '=', ARTICLE_STATUS.public),
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
  shows('articles');
  let q = db.selectFrom('category').select(['id', 'category_name']).where('id', '=', id);
  if (!admin) q = q.where(categoryInUse);
  return q.executeTakeFirst();
}

/** A tag by id; for anyone but the admin only while a public article uses it. */
export async function getTag(id: number, { admin = false }: Audience = {}) {
  shows('articles');
  let q = db.selectFrom('tag').select(['id', 'tag_name']).where('id', '=', id);
  if (!admin) q = q.where(tagInUse);
  return q.executeTakeFirst();
}

/**
 * How many categories and tags there are: those the public sees (our home page's statistics card, which
 * links to the public lists) or every row (`GET /api/statistic`, as the original counted them, so the
 * admin app's dashboard agrees with its category and tag lists).
 */
export async function termCounts(
  which: 'public' | 'every',
): Promise<{ categoryCount: number; tagCount: number }> {
  const count = (table: 'category' | 'tag') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(which === 'public', (q) => q.where(table === 'category' ? categoryInUse : tagInUse))
      .executeTakeFirstOrThrow();
  const [categories, tags] = await Promise.all([count('category'), count('tag')]);
  return { categoryCount: Number(categories.n), tagCount: Number(tags.n) };
}

/** The admin's own writes see every term. */
const ADMIN: Audience = { admin: true };

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
  if (await nameTaken(db, table, name)) throw conflict(termExists(label));
  // No article uses a new term yet: no public page shows it.
  changesNothingShown();
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
  if (!exists) throw notFound(table === 'category' ? MSG.category : MSG.tag);
  if (await nameTaken(db, table, name, id)) throw conflict(termExists(label));
  // The pages show the name with its articles (dictionaries count only the terms public ones use).
  await trackArticles(await articlesOf(db, table, [id]), () =>
    db
      .updateTable(table)
      .set({ [column]: name, updatedAt: now() } as never)
      .where('id', '=', id)
      .execute(),
  );
}

export const addCategory = (name: string): Promise<number> => addTerm('category', name);

export const updateCategory = (id: number, name: string): Promise<void> => renameTerm('category', id, name);

/** Refused while articles still use the category: they would silently lose it. */
export async function deleteCategory(id: number): Promise<void> {
  if (!(await getCategory(id, ADMIN))) throw notFound(MSG.category);
  const used = await db.selectFrom('article').select('id').where('category_id', '=', id).executeTakeFirst();
  if (used) throw conflict(MSG.categoryInUse);
  // Unused: no public page shows it.
  changesNothingShown();
  await db.deleteFrom('category').where('id', '=', id).execute();
}

export const addTag = (name: string): Promise<number> => addTerm('tag', name);

export const updateTag = (id: number, name: string): Promise<void> => renameTerm('tag', id, name);

/** A tag in use is detached from its articles (they keep everything else) and deleted. */
export async function deleteTag(id: number): Promise<void> {
  if (!(await getTag(id, ADMIN))) throw notFound(MSG.tag);
  await trackArticles(await articlesOf(db, 'tag', [id]), () => detachTag(id));
}

async function detachTag(id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('article_tag').where('tag_id', '=', id).execute();
    await trx.deleteFrom('tag').where('id', '=', id).execute();
  });
}
