import AxeBuilder from '@axe-core/playwright';
import { textStats } from '../../src/admin/editor/form.ts';
import { isRenderRefusal, renderNote } from '../../src/lib/render-note.ts';
import { admin, signIn } from './accounts.ts';
import { consoleReady, pasteDoc } from './admin-console.ts';
import { query, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * docs/decisions/0005-render-pool-and-budget.md: a body is rendered when it is saved. One the renderer
 * cannot finish within its budget (STUCK, behind a script and an img whose onerror would run) is
 * refused at save with the line where it is slow; the editor offers 以纯文本保存, after which readers
 * get its escaped text (nothing of it runs) and the admin the note saying why. An ordinary article's
 * first view has its highlighted code: no reader waits for a render.
 *
 * STUCK's 40,000 unclosed emphasis markers (`*a_`) take the parser time that grows faster than their
 * square (48 KB of them some 47 s, these 120 KB far longer), past every lane's budget on a quiet or a
 * busy machine. 192 KB of `[a](` takes some 27 s: within the 30 s of the slow lane a save gets on a
 * busy machine, so such a save sometimes succeeds.
 */
const STUCK = `<script>window.__rendered = 1</script><img src=x onerror="window.__rendered = 2">\n\n${'*a_'.repeat(40_000)}`;
const PREFIX = '渲染预算';
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });
/**
 * A save of STUCK spends the budget (5 s), a second try in the slow lane on a busy machine (30 s) and
 * the search for the slow block (5 s) before it answers: budgets, not waits.
 */
const SAVE_MS = 90_000;

// To the bin, whatever a test left (a failure half-way too): off /home, whose height other specs
// scroll on (scroll.spec).
test.afterEach(async ({ request }) => {
  const res = await request.post('/api/article/getArticleList', {
    data: { current: 1, size: 50, article_title: PREFIX },
    headers: bearer(),
  });
  const list: { id: number }[] = (await res.json()).result?.list ?? [];
  for (const { id } of list) await request.delete(`/api/article/delete/${id}/1`, { headers: bearer() });
});

/** The articles titled `title`, but those in the bin. */
const titled = (title: string) =>
  query<{ id: number }>('SELECT id FROM article WHERE article_title = ? AND deleted_at IS NULL', title);

test('the API refuses a body the renderer cannot finish, naming its line; an ordinary one is highlighted at once', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stuckTitle = unique(`${PREFIX}拒绝`);
  const res = await request.post('/api/article/add', {
    data: { article_title: stuckTitle, article_content: STUCK, status: 1 },
    headers: bearer(),
    timeout: SAVE_MS,
  });
  const refused = await res.json();
  expect(refused.code).toBe(100);
  expect(isRenderRefusal(refused.message), refused.message).toBe(true);
  expect(refused.message).toContain('第 3 行起');
  expect(titled(stuckTitle)).toEqual([]);

  const ordinary = await request.post('/api/article/add', {
    data: {
      article_title: unique(`${PREFIX}平常`),
      article_content: '# 平常的正文\n\n```ts\nconst answer = 42;\n```\n',
      status: 1,
    },
    headers: bearer(),
    timeout: SAVE_MS,
  });
  const { id } = (await ordinary.json()).result as { id: number };
  // Its first view, never cached before: the stored rendering, highlighted, and a page that may be kept.
  const first = await page.goto(`/article?id=${id}`);
  expect(first?.headers()['x-page-cache']).not.toBe('hit');
  expect(first?.headers()['cache-control'] ?? '').not.toContain('no-store');
  const html = (await first?.text()) ?? '';
  expect(html).toMatch(/<div class="code-block[ "]/);
  expect(html).not.toContain('<pre class="md-plain">');
  const code = page.locator('.md-body .code-block pre.shiki');
  await expect(code.locator('span').filter({ hasText: 'answer' }).first()).toBeVisible();
});

test('the editor: refused with the line, 以纯文本保存 stores it; readers get text that never runs, the admin the note', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const title = unique(`${PREFIX}纯文本`);
  await signIn(page, admin());
  await page.goto('/admin/articles/edit');
  await consoleReady(page, '写文章');
  await page.getByLabel('文章标题').fill(title);
  await pasteDoc(page, STUCK);
  // The whole text is in the form (the editor draws only what is in view).
  const { words, minutes } = textStats(STUCK);
  await expect(page.locator('[data-stats]')).toHaveText(`${words} 字 · 约 ${minutes} 分钟读完`);
  await page.getByRole('button', { name: '发布', exact: true }).click();

  // The refusal stays on screen with where the body is slow, and nothing was saved.
  const dialog = page.getByRole('alertdialog', { name: '正文无法排版，文章未保存' });
  await expect(dialog).toBeVisible({ timeout: SAVE_MS });
  await expect(dialog.locator('[data-render-refusal-message]')).toContainText('第 3 行起');
  expect(titled(title)).toEqual([]);

  const { violations } = await new AxeBuilder({ page }).include('[data-render-refusal]').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  // 返回修改 closes it, back in the text as it was; the same 发布 asks again.
  await dialog.getByRole('button', { name: '返回修改' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.cm-content')).toBeFocused();
  expect(page.url()).not.toContain('id=');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(dialog).toBeVisible({ timeout: SAVE_MS });

  await dialog.getByRole('button', { name: '以纯文本保存' }).click();
  await expect(dialog).toBeHidden({ timeout: SAVE_MS });
  await expect.poll(() => titled(title).length).toBe(1);
  const [{ id }] = titled(title);
  await expect(page).toHaveURL(new RegExp(`/admin/articles/edit\\?id=${id}$`));
  expect(query('SELECT plain FROM article_render WHERE article_id = ?', id)).toEqual([{ plain: 'consent' }]);
  const saved = await (await request.get(`/api/article/getArticleById/${id}`, { headers: bearer() })).json();
  expect(saved.result.article_content).toBe(STUCK);
  expect(saved.result.status).toBe(1);

  // A visitor: the Markdown as text, nothing of it run, no note.
  const visitor = await browser.newContext({ baseURL: process.env.E2E_URL });
  try {
    const tab = await visitor.newPage();
    await tab.goto(`/article?id=${id}`);
    const body = tab.locator('.md-body[data-article-body]');
    await expect(body.locator('pre.md-plain')).toContainText('<script>window.__rendered = 1</script>');
    await expect(body.locator('pre.md-plain')).toContainText('*a_*a_*a_');
    await expect(body.locator('script, img')).toHaveCount(0);
    expect(await tab.evaluate(() => (window as { __rendered?: number }).__rendered)).toBeUndefined();
    await expect(tab.locator('[data-render-note]')).toBeHidden();
  } finally {
    await visitor.close();
  }

  // The admin: the same page, with the note of the consent.
  await page.goto(`/article?id=${id}`);
  await expect(page.locator('[data-render-note]')).toBeVisible();
  await expect(page.locator('[data-render-note]')).toHaveText(renderNote('consent') ?? '');
  await expect(page.locator('.md-body pre.md-plain')).toContainText('*a_*a_*a_');
  expect(await page.evaluate(() => (window as { __rendered?: number }).__rendered)).toBeUndefined();
});
