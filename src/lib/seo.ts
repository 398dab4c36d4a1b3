import { plainText } from './article.ts';

/**
 * What a page's head says to search engines and link previews (docs/owner-guide.md#seo): the article's
 * own description and keywords, else its summary and tags; the site's, else its 个性签名 and name.
 */

/** The limits the API checks (docs/api/admin.md#articles-categories-and-tags). */
export const META_DESCRIPTION_MAX = 300;
export const META_KEYWORDS_MAX = 200;

/** Keywords as written in a form: split on ASCII or full-width commas (and 、), trimmed, blanks and repeats dropped. */
export function keywordList(text: string): string[] {
  const seen = new Set<string>();
  for (const word of text.split(/[,，、]/)) {
    const w = word.trim();
    if (w) seen.add(w);
  }
  return [...seen];
}

/** The stored form of keywords: one comma between them, so the head reads the same whatever was typed. */
export const keywordText = (text: string): string => keywordList(text).join(',');

type ArticleHead = {
  meta_description: string;
  meta_keywords: string;
  article_description: string;
  article_content: string;
  is_locked: boolean;
  tagNameList: string[];
  /** The start of the body's text, stored with its rendering (else taken from the Markdown here). */
  excerpt?: string;
};

/** How much of the body stands in for a missing description. */
const EXCERPT_CHARS = 120;

/**
 * An article page's description and keywords: its own, else its summary, else the start of its text;
 * keywords its own, else its tags. A password-protected article's text never stands in (its body is
 * in no HTML without the password, the head included): "" then, and the site's description is used.
 */
export function articleHead(a: ArticleHead): { description: string; keywords: string } {
  const excerpt = a.is_locked ? '' : (a.excerpt ?? plainText(a.article_content)).slice(0, EXCERPT_CHARS);
  const description = a.meta_description.trim() || a.article_description.trim() || excerpt;
  const own = keywordList(a.meta_keywords);
  return { description, keywords: (own.length ? own : a.tagNameList).join(',') };
}

type SiteHead = {
  blog_name: string;
  personal_say: string;
  seo_title_suffix: string;
  seo_keywords: string;
  seo_description: string;
};

/** A page's `<title>`: its own title and the site's suffix (the blog's name unless one is set). */
export function pageTitle(site: SiteHead, title?: string): string {
  if (!title) return site.blog_name;
  return `${title} - ${site.seo_title_suffix.trim() || site.blog_name}`;
}

/** The description and keywords of a page without its own (home, lists). */
export function siteHead(site: SiteHead): { description: string; keywords: string } {
  return {
    description: site.seo_description.trim() || site.personal_say || site.blog_name,
    keywords: keywordText(site.seo_keywords),
  };
}
