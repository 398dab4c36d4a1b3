import type { ArticleSave } from '../../lib/api/admin/articles.ts';
import { plainText, readingMinutes } from '../../lib/article.ts';
import type { ArticleDetail, ArticleDraft } from '../../lib/contract/articles.ts';

/** The editor's fields (the article's names; category and tags by name, found or created on save). */
export type EditorForm = {
  article_title: string;
  article_content: string;
  article_description: string;
  article_cover: string;
  category_name: string;
  tagNameList: string[];
  /** 1 public, 2 private, 3 draft. */
  status: number;
  type: number;
  origin_url: string;
  is_top: number;
  /** 定时发布: a `datetime-local` value in the browser's zone, "" for none. */
  publish_at: string;
  /** 加密: the article has (or is to get) a password. */
  locked: boolean;
  /** A new password typed ("" keeps the one it has); never loaded: the server sends none. */
  password: string;
  /** SEO: the page's description and keywords (comma separated); "" for the summary and the tags. */
  meta_description: string;
  meta_keywords: string;
};

export const EMPTY_FORM: EditorForm = {
  article_title: '',
  article_content: '',
  article_description: '',
  article_cover: '',
  category_name: '',
  tagNameList: [],
  status: 3,
  type: 1,
  origin_url: '',
  is_top: 2,
  publish_at: '',
  locked: false,
  password: '',
  meta_description: '',
  meta_keywords: '',
};

/** An ISO instant as a `datetime-local` value in the browser's zone (YYYY-MM-DDTHH:mm). */
export function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formOf(a: ArticleDetail): EditorForm {
  return {
    article_title: a.article_title,
    article_content: a.article_content,
    article_description: a.article_description,
    article_cover: a.article_cover,
    category_name: a.categoryName ?? '',
    tagNameList: a.tagNameList,
    status: a.status,
    type: a.type,
    origin_url: a.origin_url,
    is_top: a.is_top,
    // Only a schedule still ahead is one to edit; a published article's date never moves.
    publish_at: a.status === 4 && a.publish_at ? localInput(a.publish_at) : '',
    locked: a.is_locked,
    password: '',
    meta_description: a.meta_description ?? '',
    meta_keywords: a.meta_keywords ?? '',
  };
}

/** An autosaved draft over the loaded form (the draft holds what the editor sent: our names). */
export function withDraft(form: EditorForm, d: ArticleDraft): EditorForm {
  const next = { ...form };
  for (const key of Object.keys(EMPTY_FORM) as (keyof EditorForm)[]) {
    const v = d[key as keyof ArticleDraft];
    if (v !== undefined && v !== null) (next as Record<string, unknown>)[key] = v;
  }
  return next;
}

/** The body of add/update for this form saved with `status`. */
export function saveBody(f: EditorForm, status: number): ArticleSave {
  const category = f.category_name.trim();
  return {
    article_title: f.article_title.trim(),
    article_content: f.article_content,
    article_description: f.article_description.trim(),
    article_cover: f.article_cover.trim(),
    ...(category ? { category_name: category } : { category_id: null }),
    tagNameList: f.tagNameList,
    status,
    type: f.type,
    origin_url: f.type === 1 ? '' : f.origin_url.trim(),
    is_top: f.is_top,
    // "" publishes a scheduled article now; the server ignores it for one already published.
    publish_at: f.publish_at ? new Date(f.publish_at).toISOString() : '',
    // Not 加密: "" removes any password; 加密 with none typed keeps the one it has.
    ...(!f.locked ? { password: '' } : f.password ? { password: f.password } : {}),
    meta_description: f.meta_description.trim(),
    meta_keywords: f.meta_keywords.trim(),
  };
}

/** The form's schedule is still ahead: 发布 schedules it. */
export const isScheduled = (f: EditorForm, now = Date.now()) =>
  f.publish_at !== '' && new Date(f.publish_at).getTime() > now;

export const sameForm = (a: EditorForm, b: EditorForm) => JSON.stringify(a) === JSON.stringify(b);

/** Characters of readable text, and the reading time the article page shows (from the Markdown's length). */
export function textStats(markdown: string): { words: number; minutes: number } {
  const words = plainText(markdown).replace(/\s+/g, '').length;
  return { words, minutes: readingMinutes(markdown.length) };
}
