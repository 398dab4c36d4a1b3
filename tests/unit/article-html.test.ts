import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../../src/server/services/markdown.ts';
import {
  markdownWorkerThreads,
  renderInWorker,
  setWorkerIdleMs,
  stopMarkdownWorkers,
} from '../../src/server/services/render-pool.ts';

/** Article bodies are rendered by worker threads that come and go with the work. */
const MD =
  '# 标题\n\n正文 **粗体**\n\n```ts\nconst a: number = 1; // 注释\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |';

afterEach(async () => {
  setWorkerIdleMs(null);
  await stopMarkdownWorkers();
});

describe('article rendering off the server thread', () => {
  it('gives exactly what the pipeline gives in process', async () => {
    const [viaWorker, inProcess] = await Promise.all([renderInWorker(MD), renderMarkdown(MD)]);
    expect(viaWorker).toEqual(inProcess);
    expect(viaWorker.html).toContain('class="code-block');
    expect(viaWorker.toc).toEqual([{ id: '标题', text: '标题', level: 1 }]);
  });

  it("marks the preview's blocks with their source lines, and only the preview's", async () => {
    const preview = await renderInWorker(MD, 'preview');
    const lines = [...preview.html.matchAll(/<(\w+)[^>]*data-source-line="(\d+)"/g)].map((m) => [m[1], m[2]]);
    // The heading, the paragraph, the code block and the table (both wrapped by later steps).
    expect(lines).toEqual([
      ['h1', '1'],
      ['p', '3'],
      ['div', '5'],
      ['div', '9'],
    ]);
    expect((await renderInWorker(MD)).html).not.toContain('data-source-line');
  });

  it('lets the threads go when idle and starts one again for the next render', async () => {
    setWorkerIdleMs(20);
    await Promise.all([renderInWorker('# one'), renderInWorker('# one, too')]);
    await vi.waitFor(() => expect(markdownWorkerThreads()).toEqual([]), { timeout: 5000 });
    const again = await renderInWorker('# two');
    expect(again.html).toContain('two');
  });

  it('renders concurrently requested articles, each with its own result', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `# 文章 ${i}\n\n\`\`\`js\nlet x = ${i};\n\`\`\``);
    const results = await Promise.all(texts.map((t) => renderInWorker(t)));
    for (const [i, r] of results.entries()) expect(r.html).toContain(`文章 ${i}`);
  });

  it('answers renders still pending at a stop with their plain text, never rendering in process', async () => {
    const pending = renderInWorker(MD);
    await stopMarkdownWorkers();
    expect(await pending).toEqual({ html: expect.stringContaining('| 1 | 2 |'), toc: [], plain: 'stopped' });
    expect(markdownWorkerThreads()).toEqual([]);
  });
});
