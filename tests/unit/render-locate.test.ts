import { describe, expect, it } from 'vitest';
import { locateSlowBlock, locateWorkerThreads } from '../../src/server/services/render-locate.ts';

/**
 * Finding the block that keeps the renderer past its budget (src/server/services/render-locate.ts), in
 * a real thread with the real pipeline. The stuck block (192 KB of `[a](`, as bench/render.ts builds
 * it) takes 13–57 s, so a 2 s budget runs out inside it however slow the machine; the ordinary blocks
 * before it take milliseconds and carry no code (Shiki's first load is the one thing before it that a
 * loaded machine could stretch to seconds).
 * One case keeps a thread busy to the budget: not in `npm run test:unit` (vitest.config.ts).
 * @module-tag slow
 */
const STUCK = '[a]('.repeat(48_000);

const ORDINARY_START = [
  '# 一篇平常的文章',
  '',
  ...Array.from({ length: 13 }, (_, i) => [
    `第 ${i + 1} 段：平常的文字，**加粗**和[链接](https://example.com)。`,
    '',
  ]),
  '- 列表一',
  '- 列表二',
  '',
  '> 引用的一段',
  '',
  '| 甲 | 乙 |',
  '| -- | -- |',
  '| 1 | 2 |',
  '',
  '第 40 行起是卡住的一段：',
  '',
].flat();

const ORDINARY_END = '\n\n## 之后\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n最后一段。\n';

describe('locateSlowBlock', () => {
  it('answers the line and length of the block under way at the deadline, and ends its thread', async () => {
    // The stuck block starts on the line after these (a check of the fixture itself).
    expect(ORDINARY_START.length + 1).toBe(40);
    const body = `${ORDINARY_START.join('\n')}\n${STUCK}${ORDINARY_END}`;
    const located = locateSlowBlock(body, 2000);
    // The thread exists from the call on (the stuck block's, terminated at the deadline).
    const threads = locateWorkerThreads();
    expect(threads).toHaveLength(1);
    expect(await located).toEqual({ line: 40, chars: 192_000 });
    expect(locateWorkerThreads()).toEqual([]);
  }, 60_000);

  it('answers null when every block renders within the budget, and ends its thread', async () => {
    // A budget no ordinary body on any machine reaches: the walk ends by itself.
    const body = `${ORDINARY_START.join('\n')}\n最后一行。${ORDINARY_END}`;
    const located = locateSlowBlock(body, 60_000);
    expect(locateWorkerThreads()).toHaveLength(1);
    expect(await located).toBeNull();
    expect(locateWorkerThreads()).toEqual([]);
  }, 90_000);
});
