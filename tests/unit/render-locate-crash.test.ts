import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { markdownBlocks } from '../../src/lib/markdown-blocks.ts';

/**
 * A locating thread (src/server/services/render-locate.ts) that dies inside a block (out of memory,
 * say) answers that block, and one that cannot start rejects. Threads are stand-ins here: a real one
 * cannot be made to die on cue. Each walks its blocks as the real worker does, writing the index of
 * the block under way into the shared memory, and dies in the block that says so.
 */
const started: FakeWorker[] = [];

class FakeWorker extends EventEmitter {
  static next = 1;
  threadId = FakeWorker.next++;
  terminated = false;
  constructor(_url: URL, { workerData }: { workerData: { markdown: string; progress: SharedArrayBuffer } }) {
    super();
    started.push(this);
    const underWay = new Int32Array(workerData.progress);
    setTimeout(() => {
      if (workerData.markdown === 'CANNOT START') {
        this.emit('error', new Error('Cannot find module'));
        this.emit('exit', 1);
        return;
      }
      const blocks = markdownBlocks(workerData.markdown);
      this.emit('message', { ready: true, blocks: blocks.map(({ line, chars }) => ({ line, chars })) });
      for (const [i, block] of blocks.entries()) {
        Atomics.store(underWay, 0, i);
        if (block.text.includes('KILLS THE THREAD')) {
          this.emit('exit', 1);
          return;
        }
      }
      Atomics.store(underWay, 0, blocks.length);
      this.emit('message', { done: true });
    }, 5);
  }
  async terminate() {
    this.terminated = true;
    return 0;
  }
}

vi.mock('node:worker_threads', () => ({ Worker: FakeWorker }));

const { locateSlowBlock } = await import('../../src/server/services/render-locate.ts');

describe('a locating thread that dies', () => {
  it('answers the block it died in, and is terminated', async () => {
    const body = '# 标题\n\n平常的一段。\n\n第 5 行：\nKILLS THE THREAD\n\n之后';
    expect(await locateSlowBlock(body, 60_000)).toEqual({ line: 5, chars: 23 });
    expect(started.at(-1)?.terminated).toBe(true);
  });

  it('answers null when it walked every block, and is terminated', async () => {
    expect(await locateSlowBlock('# 标题\n\n平常的一段。', 60_000)).toBeNull();
    expect(started.at(-1)?.terminated).toBe(true);
  });

  it('rejects when it cannot even start (a broken install, not the body)', async () => {
    await expect(locateSlowBlock('CANNOT START', 60_000)).rejects.toThrow('Cannot find module');
    expect(started.at(-1)?.terminated).toBe(true);
  });
});
