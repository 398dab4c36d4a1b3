import { afterAll, describe, expect, it } from 'vitest';
import { stopMarkdownWorkers } from '../../src/server/services/render-pool.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The render budget (docs/decisions/0005-render-pool-and-budget.md) through the API: the console's
 * preview of a draft whose Markdown keeps the parser busy for many seconds (192 KB of `[a](`) answers
 * its escaped plain text with a note once the budget (5 s, the default) is spent. Saving such a body is
 * refused (tests/api/render-on-write.test.ts).
 * Each case keeps a thread busy to the budget: not in `npm run test:unit` (vitest.config.ts).
 * @module-tag slow
 */
const api = setupTestApi();
const STUCK = `<script>alert(1)</script>\n\n${'[a]('.repeat(48_000)}`;

afterAll(() => stopMarkdownWorkers());

describe("the console's preview of a body that renders past the budget", () => {
  it("answers the console's preview of such a draft with its plain text and a note", async () => {
    const call = () => api.call('POST', '/api/article/preview', { article_content: STUCK }, api.adminToken);
    const { json } = await call();
    expect(json.code).toBe(0);
    expect(json.result.html).toContain(
      '<p class="md-render-note" role="note">预览渲染超时，已按纯文本显示；请检查 Markdown 语法。</p>',
    );
    expect(json.result.html).toContain('<pre class="md-plain">&lt;script&gt;');
    expect(json.result.html).not.toContain('<script');
    // The same draft again: answered from what the first preview learnt.
    expect((await call()).json.result).toEqual(json.result);
  }, 60_000);
});
