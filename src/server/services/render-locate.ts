import { Worker } from 'node:worker_threads';

/**
 * Where a body that the renderer cannot finish within its budget gets stuck, so that the owner is told
 * which part to fix (docs/decisions/0005-render-pool-and-budget.md: such a save is refused, saying
 * where). The body's top-level blocks (lib/markdown-blocks.ts) are rendered one at a time, with the
 * article pipeline, in a thread of their own that lives only for this: the render pool's threads serve
 * saves and previews, and this one is certain to be terminated, stuck in the parser most of the time.
 *
 * The budget is for the whole walk, counted from when the thread is ready (as the pool counts it): the
 * block under way at the deadline is where the time ran out. A pathological block (192 KB of `[a](`
 * takes 13–57 s) is hit by any deadline, since ordinary blocks take milliseconds; a body slow only as a
 * sum of many ordinary blocks on a busy machine would name whichever block the deadline fell in.
 */

export type SlowBlock = { line: number; chars: number };

type Reply = { ready: true; blocks: SlowBlock[] } | { done: true };

/** The walks' threads still alive (tests check each is gone once its answer is in). */
const live = new Set<Worker>();

/** The thread ids of the locating threads alive now; a thread leaves once it has really exited. */
export const locateWorkerThreads = (): number[] => [...live].map((w) => w.threadId);

/**
 * The first line (1-based) and length in characters of the top-level block of `markdown` under way
 * when `budgetMs` ran out, or when its thread died (out of memory, say). Null when every block rendered
 * within the budget: the slowness came from the whole document (references across blocks), and the
 * caller cannot point at a place. Rejects only when the thread could not even start (a broken
 * install). The thread is terminated before the answer, whatever it is.
 */
export function locateSlowBlock(markdown: string, budgetMs: number): Promise<SlowBlock | null> {
  return new Promise((resolve, reject) => {
    const progress = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const underWay = new Int32Array(progress);
    Atomics.store(underWay, 0, -1);
    // Kept referenced (the pool's threads are not): a CLI import waiting for this answer must not
    // exit under it, and the thread lasts no longer than its budget.
    const worker = new Worker(new URL('./render-locate-worker.ts', import.meta.url), {
      workerData: { markdown, progress },
    });
    live.add(worker);
    let blocks: SlowBlock[] | undefined;
    let deadline: NodeJS.Timeout | undefined;
    let settled = false;

    // The block the thread is in now: an index outside the list means before the first or past the last.
    const blockUnderWay = (): SlowBlock | null => {
      const block = blocks?.[Atomics.load(underWay, 0)];
      return block ? { line: block.line, chars: block.chars } : null;
    };
    // Read where it was first, then end the thread, and answer only once it is gone.
    const finish = (answer: () => SlowBlock | null | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      const value = answer();
      void worker.terminate().then(() => (value instanceof Error ? reject(value) : resolve(value)));
    };
    const lost = (err: Error) => finish(() => (blocks ? blockUnderWay() : err));

    worker.on('message', (msg: Reply) => {
      if ('ready' in msg) {
        blocks = msg.blocks;
        deadline = setTimeout(() => finish(blockUnderWay), budgetMs);
      } else finish(() => null);
    });
    // After 'ready' a death is the body's doing (each thread walks one body): answer its block.
    worker.on('error', lost);
    worker.on('exit', (code) => {
      live.delete(worker);
      lost(new Error(`render-locate worker exited with ${code} before it was ready`));
    });
  });
}
