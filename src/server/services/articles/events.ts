import { forgetRendered } from '../article-html.ts';

/**
 * Change announcements: every write to articles, categories and tags ends by announcing the change
 * here, so a search index or cache can follow in one place.
 */

export type ArticleChange = { kind: 'create' | 'update' | 'delete'; id: number };
const listeners = new Set<(change: ArticleChange) => void | Promise<void>>();

/** Runs `fn` after every committed article write (create, update, delete, pin, taxonomy detach). */
export function onArticleChange(fn: (change: ArticleChange) => void | Promise<void>): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function announce(changes: ArticleChange[]): Promise<void> {
  for (const change of changes) {
    if (change.kind === 'delete') forgetRendered(change.id);
    for (const fn of listeners) await fn(change);
  }
}
