import type { Generated } from 'kysely';

/** Search-engine text (migration 0041, docs/owner-guide.md#seo); "" everywhere means "fall back". */

/** The article's own description and keywords (comma separated) for its page's head. */
export interface ArticleSeo {
  meta_description: Generated<string>;
  meta_keywords: Generated<string>;
}

/** The site's title suffix, keywords and description, on the `config` row (made once, at the first start). */
export interface SeoConfig {
  seo_title_suffix: string;
  seo_keywords: string;
  seo_description: string;
}
