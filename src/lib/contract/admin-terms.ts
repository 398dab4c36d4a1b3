/** Wire types of the owner's category and tag routes (docs/api/admin.md#articles-categories-and-tags). */

export type TermKind = 'category' | 'tag';

/**
 * A category or tag as POST /api/category/getCategoryList or /api/tag/getTagList lists it: the name is
 * `category_name` or `tag_name`; `articleCount` counts articles of every status.
 */
export type AdminTermRow = {
  id: number;
  category_name?: string;
  tag_name?: string;
  articleCount: number;
  createdAt: string;
  updatedAt: string;
};
