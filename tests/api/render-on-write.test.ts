import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GET as rss } from '../../src/pages/rss.xml.ts';
import { fallbacksOf, showing } from '../../src/server/core/page-tags.ts';
import { db } from '../../src/server/db/connection.ts';
import { setMachineBusy } from '../../src/server/services/articles/rendering.ts';
import {
  pendingRenders,
  renderMissing,
  startRenderUpkeep,
} from '../../src/server/services/articles/rendering-upkeep.ts';
import { getArticle, renderedArticle } from '../../src/server/services/articles.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { runImport } from '../../src/server/services/import/run.ts';
import { RENDERER_VERSION } from '../../src/server/services/markdown-version.ts';
import {
  renderInWorker,
  rendersAsked,
  setRenderBudgetMs,
  stopMarkdownWorkers,
} from '../../src/server/services/render-pool.ts';
import { jobParts, setupTestApi } from './helpers.ts';

/**
 * Articles are rendered when they are written (docs/decisions/0005-render-pool-and-budget.md): the
 * readers' page, the feed and the admin's and unlocking answers read the stored HTML, and no request
 * of theirs renders; a body the renderer cannot finish is refused at save with where it is slow, or
 * stored as plain text with the owner's consent; an import reports such a post and imports the rest;
 * a renderer upgrade renders again in the background while pages keep the stored HTML.
 * A stuck body keeps a thread busy to the budget.
 * @module-tag slow
 */
const api = setupTestApi();
const CODE = '# 有代码的文章\n\n```ts\nconst answer: number = 42;\n```\n';
/** The slow part starts at line 5: the body's first four lines are ordinary. */
const STUCK = `第一段。\n\n第二段。\n\n${'[a]('.repeat(48_000)}`;
const temp: string[] = [];

afterEach(() => {
  setRenderBudgetMs(null);
  setMachineBusy(null);
});
afterAll(async () => {
  await stopMarkdownWorkers();
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

const asked = () => rendersAsked.save + rendersAsked.preview + rendersAsked.background;

async function add(fields: Record<string, unknown>) {
  return (await api.call('POST', '/api/article/add', { status: 1, ...fields }, api.adminToken)).json;
}

/** What the article page shows of a body, read through the same service, as a page render. */
async function pageBody(id: number) {
  const into = new Set<string>();
  const body = await showing(into, async () => {
    const article = await getArticle(id);
    if (!article) throw new Error(`article ${id} is not public`);
    return renderedArticle(article);
  });
  return { ...body, fallbacks: fallbacksOf(into) };
}

describe('an article rendered when it is written', () => {
  it('is rendered once at save; its page, feed entry and the admin and unlock answers read it', async () => {
    const before = asked();
    const added = await add({ article_title: '有代码', article_content: CODE });
    expect(added.code, added.message).toBe(0);
    const locked = await add({ article_title: '有密码', article_content: CODE, password: 'secret1' });
    expect(locked.code, locked.message).toBe(0);
    expect(asked()).toBe(before + 2);

    const page = await pageBody(added.result.id);
    expect(page.html).toContain('class="code-block');
    expect(page.html).toContain('--sh-github:');
    expect(page.toc).toEqual([{ id: '有代码的文章', text: '有代码的文章', level: 1 }]);
    expect(page.excerpt).toBe('有代码的文章');
    expect(page.fallbacks).toEqual([]);

    const feed = await (await rss({} as never)).text();
    const item = feed.slice(feed.indexOf('<title>有代码</title>'));
    expect(item.slice(0, item.indexOf('</item>'))).toContain('code-block');
    // A password-protected article's body is in no feed.
    const lockedItem = feed.slice(feed.indexOf('<title>有密码</title>'));
    expect(lockedItem.slice(0, lockedItem.indexOf('</item>'))).not.toContain('content:encoded');

    const preview = await api.call(
      'GET',
      `/api/article/adminPreview/${added.result.id}`,
      undefined,
      api.adminToken,
    );
    expect(preview.json.result.html).toContain('class="code-block');
    const opened = await api.call('POST', '/api/article/unlock', {
      id: locked.result.id,
      password: 'secret1',
    });
    expect(opened.json.code, opened.json.message).toBe(0);
    expect(opened.json.result.html).toContain('class="code-block');

    // Saving other fields, or the same body again, renders nothing.
    const same = await api.call(
      'PUT',
      '/api/article/update',
      { id: added.result.id, article_title: '有代码（改）', article_content: CODE },
      api.adminToken,
    );
    expect(same.json.code, same.json.message).toBe(0);
    expect(asked()).toBe(before + 2);
  });

  it('refuses a body the renderer cannot finish, saying where; saves it as plain text when asked', async () => {
    // Not a busy machine's doing: no second try in the slow lane (tests/unit/render-budget.test.ts has it).
    setMachineBusy(() => false);
    setRenderBudgetMs(1500);
    const refused = await add({ article_title: '卡住的文章', article_content: STUCK });
    expect(refused.code).toBe(100);
    expect(refused.message).toBe(
      '正文渲染超过 1.5 秒，未保存：第 5 行起的一段（约 192,000 字）渲染过慢，请检查这里的 Markdown；也可以选择以纯文本显示后保存。',
    );
    const none = await db
      .selectFrom('article')
      .select('id')
      .where('article_title', '=', '卡住的文章')
      .execute();
    expect(none).toEqual([]);

    // An edit to such a body is refused too, and leaves the article as it was.
    const ordinary = await add({ article_title: '平常的文章', article_content: CODE });
    const edit = await api.call(
      'PUT',
      '/api/article/update',
      { id: ordinary.result.id, article_content: STUCK },
      api.adminToken,
    );
    expect(edit.json.code).toBe(100);
    expect((await pageBody(ordinary.result.id)).html).toContain('class="code-block');

    const consented = await add({ article_title: '纯文本的文章', article_content: STUCK, allow_plain: true });
    expect(consented.code, consented.message).toBe(0);
    const plain = await pageBody(consented.result.id);
    expect(plain.plain).toBe('consent');
    expect(plain.html.startsWith('<pre class="md-plain">第一段。')).toBe(true);
    // The owner's choice is the page's content, not a fallback: it may be cached.
    expect(plain.fallbacks).toEqual([]);
    const preview = await api.call(
      'GET',
      `/api/article/adminPreview/${consented.result.id}`,
      undefined,
      api.adminToken,
    );
    expect(preview.json.result.html).toContain(
      '<p class="md-render-note" role="note">这篇文章的正文按你的选择以纯文本显示；修正 Markdown 后重新保存即可恢复排版。</p>',
    );
  }, 120_000);

  it('an import reports a post the renderer cannot finish by file and line, as a draft, and imports the rest', async () => {
    setMachineBusy(() => false);
    setRenderBudgetMs(1500);
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-render-import-'));
    temp.push(dir);
    mkdirSync(path.join(dir, 'posts'));
    writeFileSync(path.join(dir, 'posts', '好文章.md'), `---\ntitle: 导入的好文章\n---\n\n${CODE}`);
    writeFileSync(path.join(dir, 'posts', '卡住了.md'), `---\ntitle: 导入的卡住文章\n---\n\n${STUCK}`);
    const report = await runImport(await planFor(dir));
    expect(report).toMatchObject({ created: { article: 2 }, failed: [] });
    const where = path.join(path.basename(dir), 'posts/卡住了.md');
    expect(report.notes).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${where}.*：正文第 5 行起的一段（约 192,000 字）渲染过慢，已存为草稿；请修正后再发布$`),
      ),
    );
    const rows = await db
      .selectFrom('article')
      .select(['id', 'article_title', 'status'])
      .where('article_title', 'like', '导入的%')
      .orderBy('article_title')
      .execute();
    const good = rows.find((r) => r.article_title === '导入的好文章');
    expect(rows.find((r) => r.article_title === '导入的卡住文章')?.status).toBe(3);
    expect(good?.status).toBe(1);
    expect((await pageBody(good?.id ?? 0)).html).toContain('class="code-block');
  }, 120_000);
});

describe('stored renderings kept current', () => {
  it('a renderer upgrade renders again in the background while the page keeps the stored HTML', async () => {
    const { result } = await add({ article_title: '升级前的文章', article_content: CODE });
    await db
      .updateTable('article_render')
      .set({ renderer: 'old', html: '<p>旧的排版</p>' })
      .where('article_id', '=', result.id)
      .execute();
    expect(await pendingRenders(db)).toBeGreaterThan(0);
    // A stuck preview holds a thread: the background lane waits for it, and meanwhile the page reads
    // what is stored, not degraded.
    setRenderBudgetMs(3000);
    const stuck = renderInWorker(STUCK, 'preview');
    const parts = jobParts();
    const rendered: string[][] = [];
    const upkeep = startRenderUpkeep(parts, { onRendered: (c) => rendered.push('tags' in c ? c.tags : []) });
    const during = await pageBody(result.id);
    expect(during.html).toBe('<p>旧的排版</p>');
    expect(during.fallbacks).toEqual([]);
    expect(rendered).toEqual([]);
    await stuck;
    await expect
      .poll(async () => (await pageBody(result.id)).html, { timeout: 60_000 })
      .toContain('code-block');
    expect(rendered).toContainEqual([`article:${result.id}`, 'article-feeds']);
    await upkeep.idle();
    expect(await pendingRenders(db)).toBe(0);

    // A body changed by hand (SQL): the stored one is shown, the reader's look reports it, it is rendered again.
    await db
      .updateTable('article')
      .set({ article_content: '# 手改的正文\n\n```js\nlet b = 2;\n```\n' })
      .where('id', '=', result.id)
      .execute();
    expect((await pageBody(result.id)).html).toContain('有代码的文章');
    await expect
      .poll(async () => (await pageBody(result.id)).html, { timeout: 60_000 })
      .toContain('手改的正文');
    await parts.life.close();
  }, 120_000);

  it('an article with no rendering shows its text on a degraded page, until the boot or the job renders it', async () => {
    const { result } = await add({ article_title: '没有渲染的文章', article_content: CODE });
    await db.deleteFrom('article_render').where('article_id', '=', result.id).execute();
    const bare = await pageBody(result.id);
    expect(bare.plain).toBe('pending');
    expect(bare.html).toContain('<pre class="md-plain"># 有代码的文章');
    expect(bare.fallbacks).toEqual(['plain-text']);
    // The boot renders every article that has none before it listens.
    expect(await renderMissing(db)).toBeGreaterThanOrEqual(1);
    const now = await pageBody(result.id);
    expect(now.html).toContain('class="code-block');
    expect(now.fallbacks).toEqual([]);
    const row = await db
      .selectFrom('article_render')
      .select('renderer')
      .where('article_id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(row.renderer).toBe(RENDERER_VERSION);
  });
});
