import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { PNG } from './png.ts';

const bearer = () => ({ Authorization: `Bearer ${admin().token}` });

/** Types into the CodeMirror editor at its end. */
async function typeInEditor(page: Page, text: string) {
  const content = page.locator('.cm-content');
  await content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Pastes an image file into the editor, as a screenshot from the clipboard would. */
async function pasteImage(page: Page) {
  await page.locator('.cm-content').evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'shot.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
}

const editorText = (page: Page) => page.locator('.cm-content').textContent();

/** Titles of the articles these tests write; each test's articles are removed after it. */
const PREFIXES = ['控制台新文章', '自动保存', '两个标签页', '回收站往返', '无障碍'];

// The demo's pages are shared by every spec (scroll.spec scrolls /home to 1200 px): leave no article behind.
test.afterEach(async ({ request }) => {
  for (const status of [undefined, 3]) {
    for (const prefix of PREFIXES) {
      const res = await request.post('/api/article/getArticleList', {
        data: { current: 1, size: 50, article_title: prefix, ...(status ? { status } : {}) },
        headers: bearer(),
      });
      const list: { id: number }[] = (await res.json()).result?.list ?? [];
      for (const { id } of list) await request.delete(`/api/article/delete/${id}`, { headers: bearer() });
    }
  }
});

/** An article made through the API, for the tests that start from one. */
async function seedArticle(page: Page, title: string): Promise<number> {
  const res = await page.request.post('/api/article/add', {
    data: {
      article_title: title,
      article_content: `${title} 的正文`,
      status: 1,
      tagNameList: ['控制台测试'],
    },
    headers: bearer(),
  });
  const body = await res.json();
  expect(body.code).toBe(0);
  return body.result.id;
}

test('写文章: pasted image and code block, live preview, publish → on /article, in search and RSS', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const title = unique('控制台新文章');
  const word = unique('独有词');
  await signIn(page, admin());
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  await page.getByRole('link', { name: '写文章' }).click();
  await consoleReady(page, '写文章');

  await page.getByLabel('文章标题').fill(title);
  await typeInEditor(page, `# 第一节\n\n${word} 是这篇文章的开头。\n\n`);
  await pasteImage(page);
  await expect.poll(() => editorText(page)).toMatch(/!\[shot\]\(\/uploads\/\d{4}-\d{2}\/\w+\.png\)/);
  await typeInEditor(page, '\n```ts\nconst answer: number = 42;\n```\n');

  // The preview is the readers' rendering: the heading, the image and the highlighted code.
  const preview = page.getByRole('region', { name: '预览' });
  await expect(preview.getByRole('heading', { name: '第一节' })).toBeVisible();
  await expect(preview.locator('img[src^="/uploads/"]')).toBeVisible();
  await expect(preview.locator('pre.shiki span').first()).toBeVisible();
  const imageSrc = await preview.locator('img[src^="/uploads/"]').getAttribute('src');
  await expect(page.locator('[data-stats]')).toContainText('约 1 分钟读完');

  await page.getByLabel('分类').fill(unique('控制台分类'));
  await page.getByLabel('标签', { exact: true }).fill('控制台测试');
  await page.getByRole('button', { name: '添加' }).click();
  await expect(page.getByRole('list', { name: '已选标签' })).toContainText('控制台测试');

  await page.getByRole('button', { name: '发布' }).click();
  await expectToast(page, '发布成功');
  await expect(page).toHaveURL(/\/admin\/articles\/edit\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '编辑文章' })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('link', { name: '在网站上查看' })).toHaveAttribute('href', `/article?id=${id}`);

  // The visitor side: the article, its image and its highlighted code.
  await page.goto(`/article?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const body = page.locator('.md-body');
  await expect(body.locator(`img[src="${imageSrc}"]`)).toHaveCount(1);
  await expect(body.locator('pre.shiki span').filter({ hasText: 'answer' }).first()).toBeVisible();

  const found = await (
    await request.get(`/api/article/getArticleListByContent/${encodeURIComponent(word)}`)
  ).json();
  expect(found.result.map((h: { id: number }) => h.id)).toContain(id);
  const rss = await (await request.get('/rss.xml')).text();
  expect(rss).toContain(title);
});

test('autosave: the text typed before the tab closed is there when the editor opens again', async ({
  page,
  context,
}) => {
  const title = unique('自动保存');
  await signIn(page, admin());
  const id = await seedArticle(page, title);
  await page.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(page, '编辑文章');
  await expect(page.locator('.cm-content')).toContainText(`${title} 的正文`);
  const first = unique('第一句');
  await typeInEditor(page, `\n\n${first}`);
  await expect(page.locator('[data-autosave]')).toHaveText(/^已保存/);

  // Mid-sentence, the tab closes at once: leaving asks first (unsaved), and what was typed still goes.
  const half = unique('写到一半');
  await typeInEditor(page, `，${half}`);
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.accept();
    }),
  );
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await closed;
  await expect
    .poll(async () => {
      const r = await (
        await context.request.get(`/api/article/getAutosave/${id}`, { headers: bearer() })
      ).json();
      return r.result.autosave?.draft.article_content ?? '';
    })
    .toContain(half);

  const again = await context.newPage();
  await again.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(again, '编辑文章');
  await expect(again.locator('.cm-content')).toContainText(`${first}，${half}`);
  await expect(again.getByRole('status').filter({ hasText: '自动保存的内容' })).toBeVisible();
});

test('concurrency: a save over another tab’s newer save asks to reload or overwrite', async ({
  page,
  context,
}) => {
  const title = unique('两个标签页');
  await signIn(page, admin());
  const id = await seedArticle(page, title);
  await page.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(page, '编辑文章');
  await expect(page.locator('.cm-content')).toContainText('的正文');

  const other = await context.newPage();
  await other.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(other, '编辑文章');
  await other.getByLabel('文章标题').fill(`${title} 另一处`);
  await other.getByRole('button', { name: '更新' }).click();
  await expectToast(other, '发布成功');
  await other.close();

  await typeInEditor(page, '\n\n这里的修改');
  await page.getByRole('button', { name: '更新' }).click();
  const dialog = page.getByRole('alertdialog', { name: '文章已在别处被修改' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '覆盖保存' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, '发布成功');

  const saved = await (
    await page.request.get(`/api/article/getArticleById/${id}`, { headers: bearer() })
  ).json();
  expect(saved.result.article_content).toContain('这里的修改');
  expect(saved.result.article_title).toBe(title);

  // Again, and this time 重新加载: the other tab's version replaces these edits.
  const third = await context.newPage();
  await third.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(third, '编辑文章');
  await third.getByLabel('文章标题').fill(`${title} 第三处`);
  await third.getByRole('button', { name: '更新' }).click();
  await expectToast(third, '发布成功');
  await third.close();
  await typeInEditor(page, '\n\n不要的修改');
  await expect(page.getByRole('status').filter({ hasText: '保存了新版本' })).toBeVisible();
  await page.getByRole('button', { name: '更新' }).click();
  await dialog.getByRole('button', { name: '重新加载' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('文章标题')).toHaveValue(`${title} 第三处`);
  await expect(page.locator('.cm-content')).not.toContainText('不要的修改');
});

test('delete → 回收站 → restore, from the list', async ({ page }) => {
  const title = unique('回收站往返');
  await signIn(page, admin());
  await seedArticle(page, title);
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  await page.getByLabel('标题关键字').fill(title);
  await page.getByRole('button', { name: '搜索' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `操作「${title}」` }).click();
  await page.getByRole('menuitem', { name: '移到回收站' }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除文章' });
  await expect(confirm).toContainText('30 天内可以恢复');
  await confirm.getByRole('button', { name: '删除' }).click();
  await expectToast(page, '已移到回收站');
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: '回收站' }).click();
  await expect(row).toContainText('30 天后彻底删除');
  await row.getByRole('button', { name: `操作「${title}」` }).click();
  await page.getByRole('menuitem', { name: '恢复' }).click();
  await expectToast(page, '恢复成功');
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: '公开' }).click();
  await expect(row).toHaveCount(1);
});

test('at 375 px: the list fits, and the editor shows text or preview one at a time', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, admin());
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  await expect(page.getByText('加载中…')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto('/admin/articles/edit');
  await consoleReady(page, '写文章');
  await expect(page.getByRole('button', { name: '对照' })).toHaveCount(0);
  await typeInEditor(page, '手机上写的 **一句话**');
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.locator('.cm-content')).toBeHidden();
  await expect(page.getByRole('region', { name: '预览' }).locator('strong')).toHaveText('一句话');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the article screens have no serious violations (${theme})`, async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, admin());
    await useTheme(page, theme);
    const id = await seedArticle(page, unique('无障碍'));
    const found: string[] = [];
    for (const [route, title] of [
      ['/admin/articles', '文章'],
      [`/admin/articles/edit?id=${id}`, '编辑文章'],
    ]) {
      await page.goto(route);
      await consoleReady(page, title);
      await expect(page.getByText(/加载中…/)).toHaveCount(0);
      if (route.includes('edit')) await expect(page.locator('[data-preview] .md-body')).not.toBeEmpty();
      await page.evaluate(() => document.fonts.ready);
      for (const v of await seriousViolations(page)) found.push(`${route} ${v}`);
    }
    expect(found).toEqual([]);
  });
}
