import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderNow, setMachineBusy } from '../../src/server/services/articles/rendering.ts';
import {
  markdownWorkerThreads,
  renderInWorker,
  runningRenders,
  setRenderBudgetMs,
  stopMarkdownWorkers,
} from '../../src/server/services/render-pool.ts';

/**
 * A render has a time budget (docs/decisions/0005-render-pool-and-budget.md). This body (192 KB) keeps the
 * Markdown parser busy for 13–57 s; past the budget its thread is terminated and the body is shown as
 * escaped plain text, while other renders go on in the other thread.
 * Each case keeps a thread busy to the budget: not in `npm run test:unit` (vitest.config.ts).
 * @module-tag slow
 */
const STUCK = `<script>alert(1)</script>\n\n${'[a]('.repeat(48_000)}`;
const ORDINARY = '# 平常的文章\n\n```ts\nconst a = 1;\n```\n';

beforeEach(() => {
  // Shorter than the default so the suite does not wait 5 s per case; far above an ordinary render.
  setRenderBudgetMs(3000);
});

afterEach(async () => {
  setRenderBudgetMs(null);
  setMachineBusy(null);
  await stopMarkdownWorkers();
});

describe('a render past its budget', () => {
  it('answers the Markdown as escaped plain text, marked for the admin', async () => {
    const r = await renderInWorker(STUCK);
    expect(r.plain).toBe('timeout');
    expect(r.toc).toEqual([]);
    expect(r.html.startsWith('<pre class="md-plain">&lt;script&gt;alert(1)&lt;/script&gt;\n\n[a]([a](')).toBe(
      true,
    );
    expect(r.html).not.toContain('<script');
    expect(r.html.endsWith('[a](</pre>')).toBe(true);
  });

  it('does not hold up an ordinary render asked for after it', async () => {
    // A budget far above how long a busy machine takes to start the second thread and render: the
    // ordinary render must come back while the stuck one is still running, not after its budget.
    setRenderBudgetMs(60_000);
    const order: string[] = [];
    const stuck = renderInWorker(STUCK).then((r) => {
      order.push('stuck');
      return r;
    });
    const o = await renderInWorker(ORDINARY).then((r) => {
      order.push('ordinary');
      return r;
    });
    expect(order).toEqual(['ordinary']);
    expect(o.plain).toBeUndefined();
    expect(o.html).toContain('<h1 id="平常的文章">');
    expect(o.html).toContain('class="code-block');
    await stopMarkdownWorkers();
    expect((await stuck).plain).toBe('stopped');
  });

  it('terminates the stuck thread and serves the next renders from a fresh one', async () => {
    const stuck = renderInWorker(STUCK);
    const [stuckThread] = markdownWorkerThreads();
    expect(stuckThread).toBeGreaterThan(0);
    await stuck;
    expect(markdownWorkerThreads()).not.toContain(stuckThread);
    const next = await Promise.all([renderInWorker('# 一'), renderInWorker('# 二')]);
    expect(next.map((r) => r.plain)).toEqual([undefined, undefined]);
    expect(markdownWorkerThreads()).not.toContain(stuckThread);
  });

  it('previews a draft on one thread at most, so saves keep the other', async () => {
    // A budget far above how long a busy machine takes to start a thread and render the article: had
    // the two stuck previews taken both threads, the article would wait for one to reach it.
    setRenderBudgetMs(60_000);
    const previews = [renderInWorker(STUCK, 'preview'), renderInWorker(`${STUCK} `, 'preview')];
    const order: string[] = [];
    const article = renderInWorker(ORDINARY).then((r) => {
      order.push('article');
      return r;
    });
    for (const p of previews) void p.then(() => order.push('preview'));
    expect((await article).plain).toBeUndefined();
    expect(order).toEqual(['article']);
    // The previews still stuck are answered as plain text when the threads stop.
    await stopMarkdownWorkers();
    expect((await Promise.all(previews)).map((r) => r.plain)).toEqual(['stopped', 'stopped']);
  });

  it('tries a save that ran out of time on a busy machine again in the slow lane, and renders it', async () => {
    // A budget no render of code blocks meets, as when the machine is overloaded; the slow lane's is
    // ample: the owner waits longer, and the body is not refused for the machine's load.
    setMachineBusy(() => true);
    setRenderBudgetMs(1, 60_000);
    const body = `${ORDINARY}\n${'```js\nlet b = [1, 2, 3].map((x) => x * 2);\n```\n\n'.repeat(20)}`;
    const r = await renderNow(body);
    expect(r.plain).toBeUndefined();
    expect(r.html).toContain('<h1 id="平常的文章">');
    expect(r.html).toContain('class="code-block');
  }, 90_000);

  it('on a machine with room to spare, a save that ran out of time is not tried again', async () => {
    setMachineBusy(() => false);
    setRenderBudgetMs(1, 60_000);
    expect((await renderNow(ORDINARY)).plain).toBe('timeout');
    // The timed-out thread is gone and none started for a second try.
    expect(markdownWorkerThreads()).toEqual([]);
  }, 60_000);

  it('a background render gives way: a save never waits for it', async () => {
    // The pathological body in the background lane gets a long budget and holds a thread; a stuck
    // preview holds the other. An ordinary save asked for then must not wait for either budget.
    setRenderBudgetMs(60_000, 60_000);
    const background = renderInWorker(STUCK, 'background');
    await expect.poll(runningRenders, { timeout: 30_000 }).toEqual(['background']);
    const order: string[] = [];
    const preview = renderInWorker(STUCK, 'preview').then((r) => {
      order.push('preview');
      return r;
    });
    const ordinary = await renderInWorker(ORDINARY);
    order.push('ordinary');
    expect(ordinary.plain).toBeUndefined();
    expect(order).toEqual(['ordinary']);
    await stopMarkdownWorkers();
    expect((await preview).plain).toBe('stopped');
    expect((await background).plain).toBe('stopped');
  }, 60_000);
});
