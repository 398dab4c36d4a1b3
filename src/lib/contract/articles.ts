/** A search hit: getArticleListByContent's items (the text is an excerpt around the hit). */
export type SearchHit = { id: number; article_title: string; article_content: string };

/** getHotArticle's items: the most-read articles. */
export type HotArticle = { id: number; article_title: string; view_times: number };

/** addView's answer: the article's views so far. */
export type ArticleViews = { view_times: number };

/** A heading of an article's table of contents. */
export type TocItem = { id: string; text: string; level: number };

/**
 * adminPreview's answer: the hidden article, its rendered body and contents. `article` is the whole
 * ArticleDetail of services/articles.ts on the wire; only the fields the preview reads are named
 * here until that type moves into this file.
 */
export type AdminPreview = {
  article: { article_title: string; status: number };
  html: string;
  toc: TocItem[];
};
