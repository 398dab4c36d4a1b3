import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { logger } from '../core/log.ts';
import type { Rendered } from './markdown.ts';

/**
 * Article bodies are rendered (GFM, sanitizing, Shiki with eight themes) in a worker thread that
 * lives only while there is rendering to do. Shiki's grammars, its regex engine and the garbage a
 * render leaves behind would otherwise stay in the server's heap for good, though they are needed
 * only when an article is first viewed after a start or an edit; the results are cached below.
 * Renders also stop competing with requests on the server's event loop.
 */

export type { Rendered, TocItem } from './markdown.ts';

/**
 * A worker with nothing to do for this long exits; it comes back on the next render, which then pays
 * for loading Shiki and compiling grammars again (most of a render's cost), so bursts of first views
 * (a restart, a crawler, a reader going through several articles) share one warm worker.
 */
export const WORKER_IDLE_MS = 15_000;

type Job = { resolve: (r: Rendered) => void; reject: (e: Error) => void; markdown: string };

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextJob = 0;
const jobs = new Map<number, Job>();
let idleMs = WORKER_IDLE_MS;

/** Tests shorten the idle time; null restores the default. */
export function setWorkerIdleMs(ms: number | null): void {
  idleMs = ms ?? WORKER_IDLE_MS;
}

export const markdownWorkerRunning = () => worker !== undefined;

function startWorker(): Worker {
  const w = new Worker(new URL('./markdown-worker.ts', import.meta.url));
  w.unref(); // pending renders belong to requests, which keep the process up themselves
  w.on('message', (msg: { id: number; value?: Rendered; error?: string }) => {
    const job = jobs.get(msg.id);
    if (!job) return;
    jobs.delete(msg.id);
    if (msg.value) job.resolve(msg.value);
    else job.reject(new Error(msg.error ?? 'render failed'));
    if (!jobs.size) scheduleIdle();
  });
  const lost = (err: Error) => {
    if (worker !== w) return;
    worker = undefined;
    clearTimeout(idleTimer);
    // The thread itself failed (not a render): what it had is rendered here instead.
    const orphans = [...jobs.values()];
    jobs.clear();
    if (orphans.length) logger.warn({ err }, 'markdown worker lost, rendering in process');
    for (const job of orphans) renderInProcess(job.markdown).then(job.resolve, job.reject);
  };
  w.on('error', lost);
  w.on('exit', (code) => lost(new Error(`markdown worker exited with ${code}`)));
  return w;
}

function scheduleIdle(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (jobs.size || !worker) return;
    const w = worker;
    worker = undefined;
    void w.terminate();
  }, idleMs);
  idleTimer.unref();
}

async function renderInProcess(markdown: string): Promise<Rendered> {
  const { renderMarkdown } = await import('./markdown.ts');
  return renderMarkdown(markdown);
}

/** Markdown to safe HTML and its table of contents, rendered by the worker. */
export function renderInWorker(markdown: string): Promise<Rendered> {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const id = nextJob++;
  return new Promise<Rendered>((resolve, reject) => {
    jobs.set(id, { resolve, reject, markdown });
    worker?.postMessage({ id, markdown });
  });
}

/** Ends the worker now (server shutdown); renders still pending finish in process. */
export async function stopMarkdownWorker(): Promise<void> {
  clearTimeout(idleTimer);
  const w = worker;
  if (!w) return;
  worker = undefined;
  const orphans = [...jobs.values()];
  jobs.clear();
  for (const job of orphans) renderInProcess(job.markdown).then(job.resolve, job.reject);
  await w.terminate();
}

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
  const key = `${updatedAt}:${createHash('sha1').update(markdown).digest('base64')}`;
  const hit = cache.get(id);
  if (hit && hit.key === key) return hit.value;
  const value = renderInWorker(markdown);
  // Sized by its Markdown until rendered, then by its HTML.
  const entry: CacheEntry = { key, value, size: 2 * markdown.length + 1 };
  cache.set(id, entry);
  value.then(
    (rendered) => {
      if (cache.peek(id) === entry) cache.set(id, { ...entry, size: sizeOf(rendered) });
    },
    () => {
      // A failed render is not kept (peek: looking does not make it recent).
      if (cache.peek(id)?.value === value) cache.delete(id);
    },
  );
  return value;
}

export function forgetRendered(id: number): void {
  cache.delete(id);
}
