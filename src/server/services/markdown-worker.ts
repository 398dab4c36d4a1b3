import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.ts';

/** Renders Markdown for render-pool.ts, one job at a time, off the server's thread (see there for why). */
parentPort?.on('message', async ({ markdown, kind }: { markdown: string; kind?: 'article' | 'preview' }) => {
  try {
    parentPort?.postMessage({ value: await renderMarkdown(markdown, kind === 'preview') });
  } catch (err) {
    parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
// The pool starts a job's budget only now, with the pipeline's modules loaded.
parentPort?.postMessage({ ready: true });
