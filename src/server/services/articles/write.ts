import { ARTICLE_STATUS, ARTICLE_TYPE, SLUG_PATTERN } from '../../../lib/article.ts';
import { THING } from '../../../lib/community.ts';
import type { ArticleDraft } from '../../../lib/contract/articles.ts';
import { scheduleOf } from '../../../lib/schedule.ts';
import { slugify } from '../../../lib/slug.ts';
import { conflict, invalid, notFound } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { db } from '../../db/connection.ts';
import { hashPassword } from '../auth.ts';
import { RENDERER_VERSION, sourceDigest } from '../markdown-version.ts';
import { NOTIFY } from '../notify.ts';
import { removeUnusedUploads } from '../upload-files.ts';
import type { Db } from './db.ts';
import { trackArticles, trackNewArticle } from './page-changes.ts';
import { type RenderRow, renderForSave, storeRendering } from './rendering.ts';
import { recordRevision } from './revisions.ts';

/** Writing articles: create, update, pin, delete; a body is rendered as it is saved (rendering.ts). */

const now = () => new Date().toISOString();

/** An article as written: a draft's fields with its title and text required. */
export type ArticleInput = Omit<ArticleDraft, 'article_title' | 'article_content'> & {
  article_title: string;
  article_content: string;
  slug?: string;
  /** Only the import sets these (the file's date, the hash its export wrote); the API never does. */
  createdAt?: string;
  updatedAt?: string;
  password_hash?: string;
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
  if (!found) throw notFound(MSG.category);
  return found.id;
}

async function resolveTags(trx: Db, input: Partial<ArticleInput>): Promise<number[] | undefined> {
  if (input.tagIdList === undefined && input.tagNameList === undefined) return undefined;
  const ids = new Set<number>();
  if (input.tagIdList?.length) {
    const found = await trx.selectFrom('tag').select('id').where('id', 'in', input.tagIdList).execute();
    if (found.length !== new Set(input.tagIdList).size) throw notFound(MSG.tag);
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
    if (!SLUG_PATTERN.test(wanted)) throw invalid(MSG.slugPattern);
    if (await taken(wanted)) throw conflict(MSG.slugTaken);
    return wanted;
  }
  return numberedSlug(trx, slugify(title) || `post-${Date.now().toString(36)}`, { exceptId });
}

/**
 * `base` when no article (but `exceptId`) has it, else `base-2`, `base-3`…; with `suffixed`, from
 * `base-2` on; never one of `skip` (the slugs other files of an import ask for). The one numbering of
 * slugs: the console's articles and every importer's.
 */
export async function numberedSlug(
  trx: Db,
  base: string,
  opts: { exceptId?: number; skip?: ReadonlySet<string>; suffixed?: boolean } = {},
): Promise<string> {
  for (let n = opts.suffixed ? 2 : 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (opts.skip?.has(slug)) continue;
    let q = trx.selectFrom('article').select('id').where('slug', '=', slug);
    if (opts.exceptId) q = q.where('id', '!=', opts.exceptId);
    if (!(await q.executeTakeFirst())) return slug;
  }
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
  return trackNewArticle(() => insertArticle(input, authorId));
}

/**
 * The stored form of an article's password: its argon2id hash, "" for none (hashed before any
 * transaction); an imported file's hash as it is.
 */
export const passwordHash = async ({ password, password_hash }: Partial<ArticleInput>) =>
  password_hash ?? (password === undefined ? undefined : password === '' ? '' : await hashPassword(password));

async function insertArticle(input: ArticleInput, authorId: number): Promise<number> {
  const password = (await passwordHash(input)) ?? '';
  // Rendered before the transaction: nothing slow holds the database's write lock.
  const rendering = await renderForSave(input.article_content, { allowPlain: input.allow_plain });
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertArticleIn(trx, input, authorId, password);
    await storeRendering(trx, id, rendering);
    return id;
  });
  return id;
}

/**
 * The rows of a new article inside the caller's transaction (an import writes an article and its
 * source mark in one, services/import/run.ts); the caller renders it once committed (run.ts).
 */
export async function insertArticleIn(
  trx: Db,
  input: ArticleInput,
  authorId: number,
  /** The password's stored form, hashed before the transaction (passwordHash); "" for none. */
  password = '',
): Promise<number> {
  const categoryId = await resolveCategory(trx, input);
  const tagIds = (await resolveTags(trx, input)) ?? [];
  const slug = await uniqueSlug(trx, input.slug, input.article_title);
  const stamp = now();
  const when = scheduleOf(stamp, input.status ?? ARTICLE_STATUS.public, input.publish_at);
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
      status: when.status,
      publish_at: when.publish_at ?? null,
      password,
      meta_description: input.meta_description ?? '',
      meta_keywords: input.meta_keywords ?? '',
      type: input.type ?? ARTICLE_TYPE.original,
      origin_url: input.origin_url ?? '',
      view_times: 0,
      thumbs_up_times: 0,
      reading_duration: 0,
      createdAt: input.createdAt ?? when.createdAt ?? stamp,
      updatedAt: input.updatedAt ?? input.createdAt ?? stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTags(trx, row.id, tagIds);
  await recordRevision(trx, row.id, authorId, {
    article_title: input.article_title,
    article_content: input.article_content,
    published: when.status === ARTICLE_STATUS.public,
  });
  return row.id;
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
  'meta_description',
  'meta_keywords',
  'createdAt',
] as const;

/**
 * The version the editor loaded (optimistic concurrency): a save over a newer version is refused
 * unless the author chose to overwrite. `by`: who saves, for the revision (default the author).
 */
export type SaveGuard = { version?: number; overwrite?: boolean; by?: number };

/**
 * Changes the given fields of an article (not found when it does not exist); returns its new version.
 * A status of 1 or 2 takes it out of the recycle bin (a binned article set to 3 stays binned).
 */
export async function updateArticle(
  id: number,
  input: Partial<ArticleInput>,
  guard: SaveGuard = {},
): Promise<number> {
  return trackArticles([id], () => saveArticle(id, input, guard));
}

/** The rendering a save of `markdown` stores, or undefined when the stored one is of it already. */
async function renderingFor(id: number, input: Partial<ArticleInput>): Promise<RenderRow | undefined> {
  const markdown = input.article_content;
  if (markdown === undefined) return undefined;
  const stored = await db
    .selectFrom('article_render')
    .select(['source', 'renderer', 'plain'])
    .where('article_id', '=', id)
    .executeTakeFirst();
  const current = stored?.source === sourceDigest(markdown) && stored.renderer === RENDERER_VERSION;
  // A body stored as plain text is tried again at every save: the owner may have fixed the renderer's trouble.
  if (current && !stored.plain) return undefined;
  return renderForSave(markdown, { allowPlain: input.allow_plain });
}

async function saveArticle(id: number, input: Partial<ArticleInput>, guard: SaveGuard): Promise<number> {
  const password = await passwordHash(input);
  const rendering = await renderingFor(id, input);
  const version = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('article')
      .select(['id', 'article_title', 'version', 'author_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound(MSG.article);
    if (guard.version !== undefined && !guard.overwrite && guard.version !== current.version)
      throw conflict(MSG.articleChanged);
    const patch: Record<string, unknown> = { version: current.version + 1 };
    for (const key of EDITABLE) if (input[key] !== undefined) patch[key] = input[key];
    if (input.status !== undefined && input.status !== ARTICLE_STATUS.draft) patch.deleted_at = null;
    const wanted = input.status ?? current.status;
    Object.assign(patch, scheduleOf(now(), wanted, input.publish_at, current.status));
    if (password !== undefined) patch.password = password;
    const categoryId = await resolveCategory(trx, input);
    if (categoryId !== undefined) patch.category_id = categoryId;
    if (input.slug !== undefined) patch.slug = await uniqueSlug(trx, input.slug, current.article_title, id);
    patch.updatedAt = input.updatedAt ?? now();
    await trx.updateTable('article').set(patch).where('id', '=', id).execute();
    if (rendering) await storeRendering(trx, id, rendering);
    const tagIds = await resolveTags(trx, input);
    if (tagIds) await setTags(trx, id, tagIds);
    const saved = await trx
      .selectFrom('article')
      .select(['article_title', 'article_content', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await recordRevision(trx, id, guard.by ?? current.author_id, {
      ...saved,
      published: saved.status === ARTICLE_STATUS.public,
    });
    return current.version + 1;
  });
  return version;
}

/** Pins (1) or unpins (2) an article (not found when it does not exist). */
export async function setArticleTop(id: number, isTop: number): Promise<void> {
  await trackArticles([id], () => pin(id, isTop));
}

async function pin(id: number, isTop: number): Promise<void> {
  const res = await db
    .updateTable('article')
    .set((eb) => ({ is_top: isTop, updatedAt: now(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.article);
}

/**
 * Deletes an article with its tag links (not found when it does not exist), and its uploaded cover once
 * nothing else uses it (the admin's delete for good and the bin purge both come here).
 */
export async function deleteArticle(id: number): Promise<void> {
  await trackArticles([id], () => removeArticle(id));
}

async function removeArticle(id: number): Promise<void> {
  const cover = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('article_tag').where('article_id', '=', id).execute();
    // What hangs off the article by (type 1, id) goes with it: comments, likes, notifications.
    await trx.deleteFrom('comment').where('type', '=', THING.article).where('for_id', '=', id).execute();
    await trx.deleteFrom('like').where('type', '=', THING.article).where('for_id', '=', id).execute();
    await trx.deleteFrom('notify').where('type', '=', NOTIFY.article).where('to_id', '=', id).execute();
    await trx.deleteFrom('article_autosave').where('article_id', '=', id).execute();
    await trx.deleteFrom('article_revision').where('article_id', '=', id).execute();
    await trx.deleteFrom('article_render').where('article_id', '=', id).execute();
    const gone = await trx
      .deleteFrom('article')
      .where('id', '=', id)
      .returning('article_cover')
      .executeTakeFirst();
    if (!gone) throw notFound(MSG.article);
    return gone.article_cover;
  });
  // After the commit, so a rolled-back delete never loses its file.
  await removeUnusedUploads([cover]);
}
