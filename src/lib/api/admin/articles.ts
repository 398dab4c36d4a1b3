import type { z } from 'zod';
import type { ArticleList } from '../../contract/admin-articles.ts';
import type {
  AdminArticleRow,
  ArticleDetail,
  ArticleDraft,
  ArticleEditorState,
  ArticleRevision,
  AutosaveReceipt,
  DictionaryEntry,
  RevisionSummary,
  TocItem,
} from '../../contract/articles.ts';
import type { Page } from '../../contract/page.ts';
import { isRenderRefusal } from '../../render-note.ts';
import { del, get, HttpError, post, put, type RequestOptions } from '../client.ts';

/** The console's article calls (docs/api/admin.md#articles-categories-and-tags). */

/** The list's page and filters (`ArticleList`). */
export type ArticleListFilter = z.input<typeof ArticleList>;

export const listArticles = (filter: ArticleListFilter) =>
  post<Page<AdminArticleRow>>('/api/article/getArticleList', filter);

/** The list's bulk actions; `category` needs `categoryId`. Answers how many articles changed. */
export const bulkArticles = (
  idList: number[],
  action: 'public' | 'private' | 'bin' | 'category',
  categoryId?: number,
) => put<{ updateNum: number }>('/api/article/bulk', { idList, action, category_id: categoryId });

export const getArticle = (id: number) => get<ArticleDetail>(`/api/article/getArticleById/${id}`);

/** `status` is the article's current one: 1/2 → the bin, 3 → gone for good. */
export const deleteArticle = (id: number, status: number) =>
  del<boolean>(`/api/article/delete/${id}/${status}`);

export const revertArticle = (id: number) => put<boolean>(`/api/article/revert/${id}`);

/** `status` is the current one: 2 becomes 1, anything else 2. */
export const togglePublic = (id: number, status: number) =>
  put<boolean>(`/api/article/isPublic/${id}/${status}`);

export const setTop = (id: number, isTop: number) => put<null>(`/api/article/updateTop/${id}/${isTop}`);

/** With `allow_plain` (ArticleDraft), a body the renderer cannot finish is stored as plain text (isRenderRefused). */
export type ArticleSave = ArticleDraft & { article_title: string; article_content: string };

/**
 * How long a save may take: it renders the body first (docs/api/admin.md#rendered-when-saved), and a
 * body the renderer cannot finish is refused only after its budget, a slower second try on a busy
 * machine and the search for the slow part.
 */
const SAVE_TIMEOUT_MS = 60_000;

/** `key`: the Idempotency-Key of this create, the same on every retry of it. */
export const addArticle = (article: ArticleSave, key: string, opts?: RequestOptions) =>
  post<{ id: number; version: number }>('/api/article/add', article, {
    timeoutMs: SAVE_TIMEOUT_MS,
    ...opts,
    idempotencyKey: key,
  });

/** A save over a newer version than `version` is refused (code 100) unless `overwrite`. */
export const updateArticle = (
  article: ArticleSave & { id: number; version?: number; overwrite?: boolean },
  opts?: RequestOptions,
) =>
  put<{ id: number; version: number }>('/api/article/update', article, {
    timeoutMs: SAVE_TIMEOUT_MS,
    ...opts,
  });

/** `keepalive` when the tab is closing; `key` when it creates the new article's draft (no id yet). */
export const autosave = (
  draft: ArticleDraft & { id?: number; version?: number | null },
  keepalive = false,
  key?: string,
) => put<AutosaveReceipt>('/api/article/autosave', draft, { quiet: true, keepalive, idempotencyKey: key });

/** 0 for a new article. */
export const getAutosave = (id: number) => get<ArticleEditorState>(`/api/article/getAutosave/${id}`);

export const previewMarkdown = (content: string) =>
  post<{ html: string; toc: TocItem[] }>(
    '/api/article/preview',
    { article_content: content },
    { quiet: true },
  );

type Term = DictionaryEntry & { category_name?: string; tag_name?: string };

export const categoryDictionary = () => get<Term[]>('/api/category/getCategoryDictionary');

export const tagDictionary = () => get<Term[]>('/api/tag/getTagDictionary');

/**
 * A save refused because another tab (or person) saved a newer version
 * (docs/api/admin.md#articles-categories-and-tags).
 */
export const isStaleSave = (e: unknown) =>
  e instanceof HttpError && e.code === 100 && e.message.startsWith('文章已在别处');

/**
 * A save refused because the renderer cannot finish the body in time; its message says where the slow
 * part starts. The same save again with `allow_plain: true` stores the body as plain text.
 */
export const isRenderRefused = (e: unknown) =>
  e instanceof HttpError && e.code === 100 && isRenderRefusal(e.message);

/** An article's revisions, newest first (docs/api/admin.md#revisions). */
export const listRevisions = (id: number) => get<RevisionSummary[]>(`/api/article/revisions/${id}`);

export const getRevision = (revisionId: number) =>
  get<ArticleRevision>(`/api/article/revision/${revisionId}`);

/** Puts the revision's title and text back as a new revision; answers the article's new version. */
export const restoreRevision = (revisionId: number) =>
  put<{ id: number; version: number }>(`/api/article/revision/restore/${revisionId}`);
