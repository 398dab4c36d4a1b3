import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.ts';

/** Renders Markdown for article-html.ts, off the server's thread (see there for why). */
parentPort?.on('message', async ({ id, markdown }: { id: number; markdown: string }) => {
  try {
    parentPort?.postMessage({ id, value: await renderMarkdown(markdown) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
