import type { AdminTermRow, TermKind } from '../../contract/admin-terms.ts';
import type { DictionaryEntry } from '../../contract/articles.ts';
import type { Page } from '../../contract/page.ts';
import { get, post, put } from '../client.ts';

/** The console's calls for categories and tags (docs/api/admin.md#articles-categories-and-tags). */

const NAME = { category: 'category_name', tag: 'tag_name' } as const;
const LIST = { category: 'categoryIdList', tag: 'tagIdList' } as const;
const CAP = { category: 'Category', tag: 'Tag' } as const;

/** A category or tag in the console: its name whichever key the wire used. */
export type AdminTerm = { id: number; name: string; articleCount: number; createdAt: string };

export async function listTerms(kind: TermKind, current: number, size: number, name: string) {
  const page = await post<Page<AdminTermRow>>(`/api/${kind}/get${CAP[kind]}List`, {
    current,
    size,
    [NAME[kind]]: name,
  });
  const list: AdminTerm[] = page.list.map((r) => ({
    id: r.id,
    name: r[NAME[kind]] ?? '',
    articleCount: r.articleCount,
    createdAt: r.createdAt,
  }));
  return { ...page, list };
}

/** Every term with its article count (as the admin: the unused ones too), for the pickers. */
export const termDictionary = (kind: TermKind) =>
  get<DictionaryEntry[]>(`/api/${kind}/get${CAP[kind]}Dictionary`);

/** `key`: the Idempotency-Key of this create, the same on every retry of it. */
export const addTerm = (kind: TermKind, name: string, key: string) =>
  post<{ id: number }>(`/api/${kind}/add`, { [NAME[kind]]: name }, { idempotencyKey: key });

export const renameTerm = (kind: TermKind, id: number, name: string) =>
  put<null>(`/api/${kind}/update`, { id, [NAME[kind]]: name });

/** The articles of `from` go to `to`, then `from` is deleted. */
export const mergeTerms = (kind: TermKind, from: number, to: number) =>
  put<{ updateNum: number }>(`/api/${kind}/merge`, { from, to });

/** Refused while an article uses one of them, unless `moveTo` names where those articles go first. */
export const deleteTerms = (kind: TermKind, ids: number[], moveTo?: number) =>
  post<{ updateNum: number }>(`/api/${kind}/delete`, { [LIST[kind]]: ids, moveTo: moveTo ?? null });
