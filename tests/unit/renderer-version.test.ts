import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/server/services/markdown.ts';
import { RENDERER_VERSION } from '../../src/server/services/markdown-version.ts';

/**
 * Stored renderings are rendered again only when RENDERER_VERSION changes
 * (services/articles/rendering.ts): a change of what the pipeline makes of a body (a plugin, a theme,
 * a sanitizer rule, an upgraded Shiki, KaTeX or remark) must bump it, or every stored article keeps
 * the old output. This sample touches every step; its output's digest is recorded per version.
 */
const SAMPLE = [
  '# 标题 {#own-id}',
  '',
  '正文 **粗体** _斜体_ ~~删除~~ `code` [链接](https://example.com) 脚注[^1]',
  '',
  '![图](/uploads/a.png "说明")',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '- [x] 任务',
  '',
  '```ts',
  'const answer: number = 42; // 注释',
  '```',
  '',
  '```mermaid',
  'graph TD; A-->B',
  '```',
  '',
  '$$',
  'E = mc^2',
  '$$',
  '',
  '行内 $a^2$',
  '',
  '<script>alert(1)</script><details><summary>更多</summary>内容</details>',
  '',
  '[^1]: 脚注内容',
].join('\n');

/** The digest of the sample's output under each version (the newest last). */
const OUTPUT: Record<string, string> = {
  '2026-12-02.1': 'eba02fd89b72926e',
};

describe('the renderer version', () => {
  it("names the pipeline's output: a change of the output bumps it", async () => {
    const r = await renderMarkdown(SAMPLE);
    const digest = createHash('sha256').update(JSON.stringify(r)).digest('hex').slice(0, 16);
    expect(
      OUTPUT[RENDERER_VERSION],
      `record the sample's digest for RENDERER_VERSION ${RENDERER_VERSION}: ${digest}`,
    ).toBeDefined();
    expect(
      digest,
      `the pipeline's output changed: bump RENDERER_VERSION (services/markdown-version.ts) and record ${digest}`,
    ).toBe(OUTPUT[RENDERER_VERSION]);
  });
});
