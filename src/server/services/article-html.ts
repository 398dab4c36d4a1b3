import { LRUCache } from 'lru-cache';
import { renderNote } from '../../lib/render-note.ts';
import type { Rendered } from './markdown.ts';
import { sourceDigest } from './markdown-version.ts';
import { plainRendering, renderInWorker } from './render-pool.ts';

/**
 * The admin's views of a body: the note that leads a body shown as plain text, and the console's
 * preview of a draft. Readers' pages read the rendering stored when the article was written
 * (articles/rendering.ts); only the preview renders on request, in render-pool.ts's threads, within
 * the same budget.
 */

export type { Rendered, TocItem } from './markdown.ts';

/** For answers only the admin reads (the console's preview, adminPreview): the note leads the HTML. */
export function withAdminNote(r: Rendered, where: 'article' | 'preview' = 'article') {
  const note = renderNote(r.plain, where);
  return { html: note ? `<p class="md-render-note" role="note">${note}</p>${r.html}` : r.html, toc: r.toc };
}

/**
 * Drafts whose preview ran out of its budget, by digest: previewing the same text again (a mode
 * switch, another tab, the editor reopened) answers at once instead of holding a thread again.
 */
const slowDrafts = new LRUCache<string, true>({ max: 64, ttl: 60 * 60_000 });

/** The console's preview: the pipeline articles are saved with, within the same budget, on one thread at most. */
export async function renderPreview(markdown: string): Promise<{ html: string; toc: Rendered['toc'] }> {
  const key = sourceDigest(markdown);
  if (slowDrafts.has(key)) return withAdminNote(plainRendering(markdown, 'timeout'), 'preview');
  const rendered = await renderInWorker(markdown, 'preview');
  if (rendered.plain === 'timeout' || rendered.plain === 'crashed') slowDrafts.set(key, true);
  return withAdminNote(rendered, 'preview');
}
