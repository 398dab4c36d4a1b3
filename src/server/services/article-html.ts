import { createHash } from 'node:crypto';
import os from 'node:os';
import { LRUCache } from 'lru-cache';
import { renderNote } from '../../lib/render-note.ts';
import type { Rendered } from './markdown.ts';
import { plainRendering, renderInWorker } from './render-pool.ts';

/**
 * Rendered article bodies, cached per version, and the console's preview. The rendering itself runs
 * in render-pool.ts's threads, each render within a time budget: a body that runs out of it is shown
 * as escaped plain text, with a note that only the admin sees.
 */

export type { Rendered, TocItem } from './markdown.ts';

/**
 * How long a body shown as plain text is kept before its Markdown is tried again: long enough that
 * its readers do not each spend a budget (the page cache keeps the page 24–30 minutes as well), and
 * short enough that a render that ran out of time only because the machine was overloaded heals
 * itself. An edit (a new version) tries again at once.
 */
const PLAIN_KEPT_MS = 60 * 60_000;

/** For answers only the admin reads (the console's preview, adminPreview): the note leads the HTML. */
export function withAdminNote(r: Rendered, where: 'article' | 'preview' = 'article') {
  const note = renderNote(r.plain, where);
  return { html: note ? `<p class="md-render-note" role="note">${note}</p>${r.html}` : r.html, toc: r.toc };
}

const digest = (markdown: string) => createHash('sha1').update(markdown).digest('base64');

type CacheEntry = { key: string; value: Promise<Rendered>; size: number };

/**
 * The most recently read articles' renders, bounded by their size (a character of a JS string taken
 * as two bytes): 32 MB holds about 450 articles as long as the demo's longest (with its code blocks
 * in Shiki's eight themes), and up to 2,000 shorter ones, so the pages the page cache keeps (500)
 * have their article HTML here too and a page dropped by a write is rendered again without Markdown.
 */
const cache = new LRUCache<number, CacheEntry>({
  max: 2000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (entry) => entry.size,
});

const sizeOf = (r: Rendered) => 2 * (r.html.length + JSON.stringify(r.toc).length);

/**
 * The rendered HTML of one article version, cached by id until `updatedAt` changes, so Shiki runs
 * once per edit rather than once per request. Concurrent first views share one render.
 */
export function renderArticle(id: number, updatedAt: string, markdown: string): Promise<Rendered> {
  // updatedAt marks every edit made through the services; the digest also catches edits made elsewhere.
  const key = `${updatedAt}:${digest(markdown)}`;
  const hit = cache.get(id);
  if (hit && hit.key === key) return hit.value;
  const value = renderInWorker(markdown);
  // Sized by its Markdown until rendered, then by its HTML.
  const entry: CacheEntry = { key, value, size: 2 * markdown.length + 1 };
  cache.set(id, entry);
  value.then(
    (rendered) => {
      if (cache.peek(id) !== entry) return;
      // A stop is not the article's doing: nothing to remember.
      if (rendered.plain === 'stopped') cache.delete(id);
      else cache.set(id, { ...entry, size: sizeOf(rendered) }, rendered.plain ? { ttl: PLAIN_KEPT_MS } : {});
      if (rendered.plain === 'timeout' && machineBusy()) secondTry(id, key, markdown);
    },
    () => {
      // A failed render is not kept (peek: looking does not make it recent).
      if (cache.peek(id)?.value === value) cache.delete(id);
    },
  );
  return value;
}

let healed: (id: number) => void = () => {};

/**
 * Whether the machine was overloaded when a render ran out of time (the last minute's load average at
 * least one runnable task per core): only then is the body worth a second try. On a machine with room
 * to spare the body itself is slow, and a second try would only hold a thread for nothing.
 */
const loadedMachine = () => os.loadavg()[0] >= os.availableParallelism();
let machineBusy = loadedMachine;

/** Tests decide whether the machine counts as busy; null restores the load average's answer. */
export function setMachineBusy(busy: (() => boolean) | null): void {
  machineBusy = busy ?? loadedMachine;
}

/**
 * Called with an article's id when its second try made HTML of a body first shown as plain text: the
 * boot drops this process's cached pages of it (its other processes keep their own renders).
 */
export function onRenderHealed(listener: (id: number) => void): void {
  healed = listener;
}

/**
 * The background second try of a body that ran out of its budget (render-pool.ts SECOND_TRY_FACTOR):
 * if it renders, its HTML replaces the plain text, unless an edit came first. A pathological body runs
 * out of this budget too and stays plain until an edit or the plain text's time is up.
 */
function secondTry(id: number, key: string, markdown: string): void {
  renderInWorker(markdown, 'retry').then(
    (rendered) => {
      if (rendered.plain || cache.peek(id)?.key !== key) return;
      cache.set(id, { key, value: Promise.resolve(rendered), size: sizeOf(rendered) });
      healed(id);
    },
    () => {},
  );
}

export function forgetRendered(id: number): void {
  cache.delete(id);
}

/**
 * Drafts whose preview ran out of its budget, by digest: previewing the same text again (a mode
 * switch, another tab, the editor reopened) answers at once instead of holding a thread again.
 */
const slowDrafts = new LRUCache<string, true>({ max: 64, ttl: PLAIN_KEPT_MS });

/** The console's preview: the readers' pipeline, within the same budget, on one thread at most. */
export async function renderPreview(markdown: string): Promise<{ html: string; toc: Rendered['toc'] }> {
  const key = digest(markdown);
  if (slowDrafts.has(key)) return withAdminNote(plainRendering(markdown, 'timeout'), 'preview');
  const rendered = await renderInWorker(markdown, 'preview');
  if (rendered.plain === 'timeout' || rendered.plain === 'crashed') slowDrafts.set(key, true);
  return withAdminNote(rendered, 'preview');
}
