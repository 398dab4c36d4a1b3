import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';

/**
 * The original admin app's article body (add and update,
 * docs/api/admin.md#articles-categories-and-tags) beside ours:
 * `category {id?, category_name}` (no id: found or created by name) and `tagList [{id?, tag_name}]`
 * (new names are created) instead of our category_id / category_name and tagIdList / tagNameList.
 * When the original's object is there, our keys of the same meaning are the app's form-only copies
 * (its tagIdList may hold new tag names as strings) and are dropped; author_id comes from the token.
 * The app sends null for an unset origin_url, cover or order: null there means empty.
 */

const termName = (label: string) => z.string().trim().max(20, `${label}最多 20 个字符`);

export const OriginalArticleFields = {
  category: z
    .object({ id: id().nullish(), category_name: termName('分类名称').nullish() })
    .strip()
    .nullish(),
  tagList: z
    .array(
      z
        .object({ id: id().nullish(), tag_name: termName('标签名称').nullish() })
        .strip()
        .refine((t) => t.id || t.tag_name, '标签需要 id 或名称'),
    )
    .max(20, '标签最多 20 个')
    .optional(),
};

type Original = {
  category?: { id?: number | null; category_name?: string | null } | null;
  tagList?: { id?: number | null; tag_name?: string | null }[];
};

/** Drops what the original's objects shadow, and its nulls for "empty" (runs before validation). */
export function originalKeys(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const b: Record<string, unknown> = { ...raw };
  delete b.author_id;
  if (b.category !== undefined) {
    delete b.category_id;
    delete b.category_name;
  }
  if (b.tagList !== undefined) {
    delete b.tagIdList;
    delete b.tagNameList;
  }
  for (const key of ['origin_url', 'article_cover', 'article_description']) if (b[key] === null) b[key] = '';
  if (b.order === null) delete b.order;
  return b;
}

/** Our fields from the original's objects (after validation). */
export function fromOriginal<T extends Original>(
  input: T,
): Omit<T, 'category' | 'tagList'> & {
  category_id?: number | null;
  category_name?: string;
  tagIdList?: number[];
  tagNameList?: string[];
} {
  const { category, tagList, ...rest } = input;
  const out: ReturnType<typeof fromOriginal<T>> = rest;
  if (category !== undefined) {
    if (category?.id) out.category_id = category.id;
    else if (category?.category_name) out.category_name = category.category_name;
    else out.category_id = null;
  }
  if (tagList) {
    out.tagIdList = tagList.flatMap((t) => (t.id ? [t.id] : []));
    out.tagNameList = tagList.flatMap((t) => (!t.id && t.tag_name ? [t.tag_name] : []));
  }
  return out;
}
