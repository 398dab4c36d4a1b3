import { afterAll, describe, expect, it } from 'vitest';
import { stopMarkdownWorkers } from '../../src/server/services/render-pool.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The render budget (docs/decisions/0005-render-pool-and-budget.md) through the API: an article whose
 * Markdown keeps the parser busy for many seconds (192 KB of `[a](`) answers its escaped plain text with
 * the admin's note once the render budget (5 s, the default) is spent, and an ordinary article asked for
 * after it is rendered while it is still stuck. The console's preview of such a draft is bounded the same
 * way.
 * Each case keeps a thread busy to the budget: not in `npm run test:unit` (vitest.config.ts).
 * @module-tag slow
 */
const api = setupTestApi();
const STUCK = `<script>alert(1)</script>\n\n${'[a]('.repeat(48_000)}`;
const NOTE = '这篇文章的正文渲染超时，已按纯文本显示；请检查 Markdown 语法后重新保存。';

afterAll(() => stopMarkdownWorkers());

async function add(title: string, content: string): Promise<number> {
  const { json } = await api.call(
    'POST',
    '/api/article/add',
    { article_title: title, article_content: content, status: 1 },
    api.adminToken,
  );
  expect(json.code, json.message).toBe(0);
  return json.result.id;
}

const adminPreview = async (id: number) =>
  (await api.call('GET', `/api/article/adminPreview/${id}`, undefined, api.adminToken)).json;

describe('an article body that renders past the budget', () => {
  it('answers its plain text with the note, after an ordinary article asked for later', async () => {
    const stuckId = await add('卡住的文章', STUCK);
    const ordinaryId = await add('平常的文章', '# 平常\n\n```ts\nconst a = 1;\n```\n');
    const order: string[] = [];
    const stuck = adminPreview(stuckId).then((json) => {
      order.push('stuck');
      return json;
    });
    const ordinary = adminPreview(ordinaryId).then((json) => {
      order.push('ordinary');
      return json;
    });
    const [s, o] = await Promise.all([stuck, ordinary]);
    expect(order).toEqual(['ordinary', 'stuck']);
    expect(o.result.html).toContain('<h1 id="平常">');
    expect(o.result.html).not.toContain('md-render-note');

    expect(s.code).toBe(0);
    expect(s.result.html).toContain(`<p class="md-render-note" role="note">${NOTE}</p>`);
    expect(s.result.html).toContain('<pre class="md-plain">&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(s.result.html).not.toContain('<script');
    expect(s.result.toc).toEqual([]);

    // Kept for this version: the next view answers the same without another render.
    expect((await adminPreview(stuckId)).result.html).toBe(s.result.html);

    // An edit renders again: fixed, the body is HTML once more.
    const { json } = await api.call(
      'PUT',
      '/api/article/update',
      { id: stuckId, article_content: '# 修好了' },
      api.adminToken,
    );
    expect(json.code, json.message).toBe(0);
    const fixed = await adminPreview(stuckId);
    expect(fixed.result.html).toContain('<h1 id="修好了">');
    expect(fixed.result.html).not.toContain('md-render-note');
  }, 60_000);

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
