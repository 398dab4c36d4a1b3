import { Worker } from 'node:worker_threads';
import { logger } from '../core/log.ts';
import type { PlainReason, Rendered } from './markdown.ts';
import { escapeHtml } from './notify.ts';

/**
 * Markdown is rendered (GFM, sanitizing, Shiki with eight themes) in worker threads that live only
 * while there is rendering to do: when the owner saves or imports an article, previews a draft, or
 * the upkeep job renders stored bodies again after the renderer changed (services/articles/
 * rendering.ts). Readers never wait for it: their pages read the stored HTML. Shiki's grammars, its
 * regex engine and the garbage a render leaves behind stay out of the server's heap, and renders do
 * not compete with requests on the server's event loop.
 *
 * A render has a time budget (docs/decisions/0005-render-pool-and-budget.md): some inputs make the parser
 * crawl (a 190 KB body of `[a](` takes 13–57 s), and a thread stuck in synchronous code cannot be
 * interrupted from inside. A job still running at its deadline has its thread terminated and answers its
 * Markdown as escaped plain text (the caller decides what that means: a save is refused); the jobs behind
 * it go to a fresh thread. Each thread runs one job at a time and there are two, so one stuck render
 * never holds up the others. Nothing is ever rendered on the server's own thread.
 */

/**
 * Far above any real article (the demo's longest renders in ≈ 0.3 s on a cold thread, 30 ms on a
 * warm one; a busy machine is a few times slower), short enough that a reader of a pathological
 * body gets its plain text within a few seconds. Counted from the moment a ready thread takes the
 * job, so the wait for a thread to start or free up is not charged to the render.
 */
export const RENDER_BUDGET_MS = 5_000;

/**
 * A thread with nothing to do for this long exits; it comes back on the next render, which then pays
 * for loading Shiki and compiling grammars again (most of a render's cost), so bursts of first views
 * (a restart, a crawler, a reader going through several articles) share warm threads.
 */
export const WORKER_IDLE_MS = 15_000;

/**
 * Two threads: one stuck render leaves the other for everyone else, and a warm thread costs ≈ 40 MB,
 * so more would cost memory for a case (two pathological bodies at once) that still ends within one
 * budget. The second thread starts only when a job finds the first one busy.
 */
const POOL_SIZE = 2;

/**
 * The budget of a slow lane's job (a `background` render, or a save tried again on a busy machine),
 * in budgets: a load of 20 on two cores makes a 0.3 s render take several seconds, and a job there
 * gives way to every other one anyway.
 */
export const SLOW_LANE_FACTOR = 6;

/**
 * An article saved or imported (the owner waits for it), the console's preview of a draft being
 * typed, or the upkeep job's render of a stored body (`background`: it runs only while no other
 * render runs or waits, and gives its thread up to any that comes).
 */
export type JobKind = 'save' | 'preview' | 'background';

type Job = {
  markdown: string;
  kind: JobKind;
  /** The job's budget in budgets (SLOW_LANE_FACTOR for a slow lane's job). */
  factor: number;
  resolve: (r: Rendered) => void;
  reject: (e: Error) => void;
};
type Slot = { worker: Worker; ready: boolean; job?: Job; deadline?: NodeJS.Timeout; idle?: NodeJS.Timeout };
type Reply = { ready?: true; value?: Rendered; error?: string };

const slots: Slot[] = [];
const queue: Job[] = [];
let idleMs = WORKER_IDLE_MS;
let budgetMs = RENDER_BUDGET_MS;
let slowLaneMs: number | undefined;

/** Tests shorten the idle time; null restores the default. */
export function setWorkerIdleMs(ms: number | null): void {
  idleMs = ms ?? WORKER_IDLE_MS;
}

/** Tests shorten the budget (and may set the slow lane's apart); null restores the defaults. */
export function setRenderBudgetMs(ms: number | null, slowLane?: number): void {
  budgetMs = ms ?? RENDER_BUDGET_MS;
  slowLaneMs = slowLane;
}

/** The budget now in force, in ms (the owner's refusal names it). */
export const renderBudgetMs = (): number => budgetMs;

/** How many renders were asked for since the process started, by kind (tests: no reader starts one). */
export const rendersAsked: Record<JobKind, number> = { save: 0, preview: 0, background: 0 };

/** What the render threads are running now, by kind (tests wait for a background render to be under way). */
export const runningRenders = (): JobKind[] => slots.flatMap((s) => (s.job ? [s.job.kind] : []));

/** The thread ids of the render threads alive now (a terminated one is gone at once). */
export const markdownWorkerThreads = (): number[] => slots.map((s) => s.worker.threadId);

/** The Markdown as escaped text in one `<pre>`: no markup of the author's can get through. */
export function plainRendering(markdown: string, plain: PlainReason): Rendered {
  return { html: `<pre class="md-plain">${escapeHtml(markdown)}</pre>`, toc: [], plain };
}

function startSlot(): Slot {
  const worker = new Worker(new URL('./markdown-worker.ts', import.meta.url));
  worker.unref(); // pending renders belong to requests, which keep the process up themselves
  const slot: Slot = { worker, ready: false };
  slots.push(slot);
  worker.on('message', (msg: Reply) => {
    if (!slots.includes(slot)) return; // retired: its answer came too late
    if (msg.ready) slot.ready = true;
    const job = slot.job;
    if (job && !msg.ready) {
      clearTimeout(slot.deadline);
      slot.job = undefined;
      if (msg.value) job.resolve(msg.value);
      else job.reject(new Error(msg.error ?? 'render failed'));
    }
    dispatch();
  });
  const lost = (err: Error) => {
    if (!slots.includes(slot)) return; // retired by us
    retire(slot);
    const job = slot.job;
    if (job) {
      // Each thread runs one job at a time: what killed it (memory, most likely) was this Markdown.
      logger.warn(
        { err, chars: job.markdown.length },
        'markdown worker died in a render: shown as plain text',
      );
      job.resolve(plainRendering(job.markdown, 'crashed'));
    } else if (!slot.ready) {
      // A thread that cannot even start is a broken install, not an input: fail what waits.
      logger.error({ err }, 'markdown worker failed to start');
      for (const waiting of queue.splice(0)) waiting.reject(err);
    }
    dispatch();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`markdown worker exited with ${code}`)));
  return slot;
}

function retire(slot: Slot): void {
  const at = slots.indexOf(slot);
  if (at >= 0) slots.splice(at, 1);
  clearTimeout(slot.deadline);
  clearTimeout(slot.idle);
  void slot.worker.terminate();
}

function run(slot: Slot, job: Job): void {
  clearTimeout(slot.idle);
  slot.idle = undefined;
  slot.job = job;
  const budget = job.factor > 1 ? (slowLaneMs ?? budgetMs * job.factor) : budgetMs;
  slot.deadline = setTimeout(() => {
    retire(slot);
    logger.warn(
      { chars: job.markdown.length, budgetMs: budget, kind: job.kind },
      'markdown render over its budget: worker replaced, shown as plain text',
    );
    job.resolve(plainRendering(job.markdown, 'timeout'));
    dispatch();
  }, budget);
  slot.deadline.unref();
  slot.worker.postMessage({ markdown: job.markdown, kind: job.kind });
}

/**
 * Ends the thread of a running background render so that `job`, a save or a preview, need not wait
 * for it: the background render goes back to the end of the queue, and a new thread starts for `job`.
 */
function yieldBackground(job: Job): boolean {
  const slot = job.kind === 'background' ? undefined : slots.find((s) => s.job?.kind === 'background');
  if (!slot?.job) return false;
  const background = slot.job;
  retire(slot);
  queue.push(background);
  startSlot();
  return true;
}

/** Hands queued jobs to free threads, starting threads (up to the pool's size) for jobs left waiting. */
function dispatch(): void {
  let starting = slots.filter((s) => !s.ready).length;
  for (let i = 0; i < queue.length; ) {
    const job = queue[i];
    // A draft is previewed on one thread at most, so a stuck preview never takes both from saves; a
    // background render runs only while no other render does (it comes after everything waiting).
    if (
      (job.kind === 'preview' && slots.some((s) => s.job?.kind === 'preview')) ||
      (job.kind === 'background' && (slots.some((s) => s.job) || queue.some((q) => q.kind !== 'background')))
    ) {
      i++;
      continue;
    }
    const free = slots.find((s) => s.ready && !s.job);
    if (free) {
      queue.splice(i, 1);
      run(free, job);
      continue;
    }
    // A thread on its way takes this job; else start one, if the pool has room; else a background
    // render gives way to it (queued again, it runs when nothing else does).
    if (starting > 0) starting--;
    else if (slots.length < POOL_SIZE) startSlot();
    else if (!yieldBackground(job)) return;
    i++;
  }
  for (const slot of slots) {
    if (!slot.ready || slot.job || slot.idle) continue;
    slot.idle = setTimeout(() => {
      if (!slot.job) retire(slot);
    }, idleMs);
    slot.idle.unref();
  }
}

/**
 * Markdown to safe HTML and its table of contents, on a render thread, within the budget (a
 * background render, or `slow`, within SLOW_LANE_FACTOR budgets).
 */
export function renderInWorker(
  markdown: string,
  kind: JobKind = 'save',
  slow = kind === 'background',
): Promise<Rendered> {
  rendersAsked[kind]++;
  return new Promise<Rendered>((resolve, reject) => {
    queue.push({ markdown, kind, factor: slow ? SLOW_LANE_FACTOR : 1, resolve, reject });
    dispatch();
  });
}

/**
 * Ends every render thread now (server shutdown, after the last request was answered): renders
 * still pending answer their plain text, marked so that nothing keeps it.
 */
export async function stopMarkdownWorkers(): Promise<void> {
  const all = slots.splice(0);
  const pending = [...queue.splice(0), ...all.flatMap((s) => (s.job ? [s.job] : []))];
  for (const slot of all) {
    clearTimeout(slot.deadline);
    clearTimeout(slot.idle);
  }
  for (const job of pending) job.resolve(plainRendering(job.markdown, 'stopped'));
  await Promise.all(all.map((s) => s.worker.terminate()));
}
