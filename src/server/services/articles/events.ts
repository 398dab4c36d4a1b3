import { forgetRendered } from '../article-html.ts';

/**
 * What follows an article write: every write to articles, categories and tags ends here, so whatever
 * must follow a change (today the rendered-HTML cache) is done in one place.
 */

type ArticleChange = { kind: 'create' | 'update' | 'delete'; id: number };

export async function announce(changes: ArticleChange[]): Promise<void> {
  for (const change of changes) if (change.kind === 'delete') forgetRendered(change.id);
}
