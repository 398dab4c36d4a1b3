/** A search hit: getArticleListByContent's items (the text is an excerpt around the hit). */
export type SearchHit = { id: number; article_title: string; article_content: string };

/** getHotArticle's items: the most-read articles. */
export type HotArticle = { id: number; article_title: string; view_times: number };

/** addView's answer: the article's views so far. */
export type ArticleViews = { view_times: number };

/** adminPreview's answer: the hidden article and its rendered body. */
export type AdminPreview = { article: { article_title: string; status: number }; html: string };
