import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A render thread that dies under a job (out of memory, say): the job answers its plain text and the
 * others go on in a fresh thread; nothing is rendered on the server's own thread, where the same
 * Markdown would take the whole server down with it. Threads are stand-ins here: a real one cannot
 * be made to die on cue.
 */
const started: FakeWorker[] = [];

class FakeWorker extends EventEmitter {
  static next = 1;
  threadId = FakeWorker.next++;
  constructor() {
    super();
    started.push(this);
    queueMicrotask(() => this.emit('message', { ready: true }));
  }
  unref() {}
  async terminate() {
    return 0;
  }
  postMessage({ markdown }: { markdown: string }) {
    setTimeout(() => {
      if (markdown === 'KILLS THE THREAD') this.emit('exit', 1);
      else this.emit('message', { value: { html: `<p>${markdown}</p>`, toc: [] } });
    }, 5);
  }
}

vi.mock('node:worker_threads', () => ({ Worker: FakeWorker }));
const markdown = vi.hoisted(() => ({ rendered: 0 }));
vi.mock('../../src/server/services/markdown.ts', () => ({
  renderMarkdown: async () => {
    markdown.rendered++;
    return { html: 'in process', toc: [] };
  },
}));

const { markdownWorkerThreads, renderInWorker, stopMarkdownWorkers } = await import(
  '../../src/server/services/render-pool.ts'
);

afterEach(() => stopMarkdownWorkers());

describe('a render thread that dies in a render', () => {
  it('answers that job with its escaped plain text and carries on in a fresh thread', async () => {
    const dead = renderInWorker('KILLS THE THREAD');
    const [first] = markdownWorkerThreads();
    expect(await dead).toEqual({
      html: '<pre class="md-plain">KILLS THE THREAD</pre>',
      toc: [],
      plain: 'crashed',
    });
    expect(markdownWorkerThreads()).not.toContain(first);
    expect(await renderInWorker('next')).toEqual({ html: '<p>next</p>', toc: [] });
    expect(markdown.rendered).toBe(0);
    expect(started.length).toBeGreaterThanOrEqual(2);
  });
});
