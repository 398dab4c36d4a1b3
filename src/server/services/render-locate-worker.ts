import { parentPort, workerData } from 'node:worker_threads';
import { markdownBlocks } from '../../lib/markdown-blocks.ts';
import { renderMarkdown } from './markdown.ts';

/**
 * Renders a body's top-level blocks one at a time for render-locate.ts, which ends this thread at its
 * deadline and reads from `progress` which block was under way. The index is written with
 * Atomics.store before each block because a thread stuck in the parser's synchronous code can post
 * nothing: shared memory is the one thing the main thread can still read from it.
 */
const { markdown, progress } = workerData as { markdown: string; progress: SharedArrayBuffer };
const underWay = new Int32Array(progress);
const blocks = markdownBlocks(markdown);

// The budget starts now, with the pipeline's modules loaded (as the pool's does); the main side gets
// only the blocks' facts, not their text, which it has already.
parentPort?.postMessage({ ready: true, blocks: blocks.map(({ line, chars }) => ({ line, chars })) });

for (let i = 0; i < blocks.length; i++) {
  Atomics.store(underWay, 0, i);
  // The same pipeline and options as an article's render (render-pool.ts), so a block is as slow here
  // as inside the whole body. A block that makes it throw ends this thread in that block, which the
  // main side answers like one that ran out of time.
  await renderMarkdown(blocks[i].text);
}
// Past the last block: a deadline or an exit seen from now on points at no block.
Atomics.store(underWay, 0, blocks.length);
parentPort?.postMessage({ done: true });
