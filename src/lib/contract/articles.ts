/** A search hit: getArticleListByContent's items (the text is an excerpt around the hit). */
export type SearchHit = { id: number; article_title: string; article_content: string };

/** getHotArticle's items: the most-read articles. */
export type HotArticle = { id: number; article_title: string; view_times: number };

/** addView's answer: the article's views so far. */
export type ArticleViews = { view_times: number };

/** A heading of an article's table of contents. */
export type TocItem = { id: string; text: string; level: number };

/** dictionary lists (getCategoryDictionary, getTagDictionary): a term and how many articles use it. */
export type DictionaryEntry = { id: number; name: string; articleCount: number };

/** An article as the lists send it (home, category, tag, admin lists): everything but the Markdown. */
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
  /** When a scheduled article (status 4) goes public, or went; null when never scheduled. */
  publish_at: string | null;
  /** It has a password: visitors get no text, headings or excerpt of it without it. */
  is_locked: boolean;
};

/** The admin's lists (getArticleList, adminGetArticleList): when a delete binned it, else null. */
export type AdminArticleSummary = ArticleSummary & { deletedAt: string | null };

/** getArticleList's rows: with the counts and the thumbnail the console's list shows. */
export type AdminArticleRow = AdminArticleSummary & {
  /** Published comments on it (what readers see under it). */
  commentCount: number;
  /** The cover's 480 px variant once made, else the cover itself ('' without one). */
  coverThumb: string;
};

/** getArticleById's answer: the summary with the Markdown and the author's name. */
export type ArticleDetail = ArticleSummary & {
  article_content: string;
  authorName: string;
  /** The article's own description and keywords for its page's head; "" for none (docs/owner-guide.md#seo). */
  meta_description: string;
  meta_keywords: string;
};

/** A link to an article (archives, previous/next, recommendations). */
export type ArticleLink = { id: number; article_title: string; article_cover: string; createdAt: string };

/** The archive: one year's articles. */
export type TimelineYear = { year: string; articleList: ArticleLink[] };

/** getRecommendArticleById's answer. */
export type Recommendations = {
  /** The article asked about (the API answers it in place of a missing previous or next). */
  current: ArticleLink;
  /** Null at the oldest article: our page then shows no link. */
  previous: ArticleLink | null;
  /** Null at the newest article. */
  next: ArticleLink | null;
  recommend: ArticleLink[];
};

/** adminPreview's answer: the hidden article, its rendered body and contents. */
export type AdminPreview = {
  article: ArticleDetail;
  html: string;
  toc: TocItem[];
};

/** The editor's unsaved fields, as autosave stores them (every field optional, none checked for completeness). */
export type ArticleDraft = {
  article_title?: string;
  article_content?: string;
  article_description?: string;
  article_cover?: string;
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
  /** When it goes public (ISO); null or "" for no schedule (docs/api/admin.md#scheduled-and-password-protected-articles). */
  publish_at?: string | null;
  /** The article's password; "" removes it. Never sent back: an article answers `is_locked` instead. */
  password?: string;
  /** The page's `<meta name="description">`; "" falls back to the summary (docs/owner-guide.md#seo). */
  meta_description?: string;
  /** Keywords, comma separated; "" falls back to the tags. */
  meta_keywords?: string;
  /**
   * With a save: a body the renderer cannot finish within its budget is stored as plain text instead
   * of the save being refused (docs/api/admin.md#rendered-when-saved). Never stored as a field.
   */
  allow_plain?: boolean;
};

/** One author's autosaved state of one article (or of a new one). */
export type ArticleAutosave = { draft: ArticleDraft; base_version: number | null; savedAt: string };

/**
 * getAutosave's answer, read when the editor opens: the article's current version (null for a new
 * one), to send back with the save, and the autosaved state if there is one.
 */
export type ArticleEditorState = { version: number | null; autosave: ArticleAutosave | null };

/** autosave's answer: when it was stored, and the article's current version (null for a new one). */
export type AutosaveReceipt = { savedAt: string; version: number | null };

/** One of an article's revisions as getRevisions lists them (`size`: characters of its text). */
export type RevisionSummary = {
  id: number;
  createdAt: string;
  size: number;
  user_id: number;
  /** Who saved it ("" for an account since deleted). */
  nick_name: string;
  /** Saved while the article was public: kept for good. */
  published: boolean;
};

/** getRevision's answer: the revision's title and text. */
export type ArticleRevision = {
  id: number;
  article_id: number;
  user_id: number;
  article_title: string;
  article_content: string;
  createdAt: string;
};
