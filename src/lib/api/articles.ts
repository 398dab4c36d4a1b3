import type { AdminPreview, ArticleViews, HotArticle, SearchHit } from '../contract/articles.ts';
import { get, post, put, type RequestOptions } from './client.ts';

/** The article calls of the browser (search, the article page's reports, the admin's preview). */

export const hotArticles = () => get<HotArticle[]>('/api/article/getHotArticle');

export const searchArticles = (text: string) =>
  get<SearchHit[]>(`/api/article/getArticleListByContent/${encodeURIComponent(text)}`);

export const adminPreview = (id: string | number, opts?: RequestOptions) =>
  get<AdminPreview>(`/api/article/adminPreview/${id}`, opts);

/** One view of the article; silent (the page shows its cached count when this fails). */
export const addArticleView = (id: string | number) =>
  put<ArticleViews>(`/api/article/addView/${id}`, undefined, { quiet: true });

/** Reading time in milliseconds (docs/api/public.md#articles-and-taxonomy); outlives the page, silent. */
export const addReadingDuration = (id: string | number, ms: number) =>
  put<null>(`/api/article/addReadingDuration/${id}/${ms}`, undefined, { quiet: true, keepalive: true });

/** A password-protected article opened (docs/api/public.md#password-protected-articles); quiet: the box says why not. */
export const unlockArticle = (id: string | number, password: string) =>
  post<AdminPreview['article'] & { html: string; toc: AdminPreview['toc'] }>(
    '/api/article/unlock',
    { id: Number(id), password },
    { quiet: true },
  );
