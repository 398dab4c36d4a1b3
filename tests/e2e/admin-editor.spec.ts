import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, pasteDoc } from './admin-console.ts';
import { unique } from './community.ts';
import { expect, test } from './fixtures.ts';
import { PNG } from './png.ts';

/**
 * The article editor's toolbar, shortcuts, 专注 mode and the preview that scrolls with the text
 * (docs/owner-guide.md#编辑器工具栏与快捷键).
 */
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });
const PREFIX = '编辑器工具栏';

// The autosave makes drafts of what these tests type: none is left behind.
test.afterEach(async ({ request }) => {
  for (const status of [undefined, 3]) {
    const res = await request.post('/api/article/getArticleList', {
      data: { current: 1, size: 50, article_title: PREFIX, ...(status ? { status } : {}) },
      headers: bearer(),
    });
    const list: { id: number }[] = (await res.json()).result?.list ?? [];
    for (const { id } of list) await request.delete(`/api/article/delete/${id}`, { headers: bearer() });
  }
});

async function openEditor(page: Page) {
  await signIn(page, admin());
  await page.goto('/admin/articles/edit');
  await consoleReady(page, '写文章');
  await page.getByLabel('文章标题').fill(unique(PREFIX));
  await expect(page.getByRole('button', { name: '加粗', exact: true })).toBeEnabled();
}

/** The editor's text, line by line as CodeMirror shows it (a short text is on screen whole). */
const docText = (page: Page) =>
  page
    .locator('.cm-content')
    .evaluate((el) =>
      [...el.querySelectorAll(':scope > .cm-line')]
        .map((l) => (l.querySelector('.cm-placeholder') ? '' : l.textContent))
        .join('\n'),
    );

/**
 * Replaces the text with `text` (pasted, so no key runs a list's continuation) and selects it all.
 * A long text is not on screen whole (CodeMirror draws what is in view): its caller checks it.
 */
async function setDoc(page: Page, text: string, long = false) {
  await pasteDoc(page, text);
  if (!long) await expect.poll(() => docText(page)).toBe(text);
  await page.keyboard.press('Control+A');
}

const tool = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('toolbar and shortcuts wrap, unwrap and prefix every selected line', async ({ page }) => {
  test.setTimeout(90_000);
  await openEditor(page);
  const expectDoc = (text: string) => expect.poll(() => docText(page)).toBe(text);

  await setDoc(page, '文字');
  for (const [name, key, marked] of [
    ['加粗', 'Control+B', '**文字**'],
    ['斜体', 'Control+I', '*文字*'],
    ['删除线', 'Control+Shift+X', '~~文字~~'],
    ['行内代码', 'Control+E', '`文字`'],
  ]) {
    await tool(page, name).click();
    await expectDoc(marked);
    // The same again takes it off; the shortcut does the same as the button.
    await tool(page, name).click();
    await expectDoc('文字');
    await page.keyboard.press(key);
    await expectDoc(marked);
    await page.keyboard.press(key);
    await expectDoc('文字');
  }
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Control+I');
  await expectDoc('***文字***');

  await setDoc(page, '文字');
  await page.keyboard.press('Control+K');
  await page.keyboard.type('https://example.com/a');
  await expectDoc('[文字](https://example.com/a)');

  await setDoc(page, '标题行');
  await page.keyboard.press('Control+Alt+2');
  await expectDoc('## 标题行');
  await tool(page, '标题').click();
  await expectDoc('### 标题行');
  await tool(page, '标题').click();
  await expectDoc('标题行');
  await page.keyboard.press('Control+Alt+1');
  await expectDoc('# 标题行');

  await setDoc(page, '一\n二\n\n三');
  await page.keyboard.press('Control+Shift+8');
  await expectDoc('- 一\n- 二\n\n- 三');
  await page.keyboard.press('Control+Shift+7');
  await expectDoc('1. 一\n2. 二\n\n3. 三');
  await tool(page, '任务列表').click();
  await expectDoc('- [ ] 一\n- [ ] 二\n\n- [ ] 三');
  await tool(page, '任务列表').click();
  await expectDoc('一\n二\n\n三');
  await page.keyboard.press('Control+Shift+9');
  await expectDoc('> 一\n> 二\n\n> 三');
  await tool(page, '引用').click();
  await expectDoc('一\n二\n\n三');
  await tool(page, '有序列表').click();
  await expectDoc('1. 一\n2. 二\n\n3. 三');
  await tool(page, '无序列表').click();
  await expectDoc('- 一\n- 二\n\n- 三');

  await setDoc(page, 'print(1)');
  await page.getByLabel('代码块语言').selectOption('python');
  await tool(page, '代码块').click();
  await expectDoc('```python\nprint(1)\n```');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+Shift+C');
  await expectDoc('print(1)');

  const preview = page.getByRole('region', { name: '预览' });
  await setDoc(page, '表格前');
  await page.keyboard.press('End');
  await tool(page, '表格').click();
  await expectDoc(
    '表格前\n\n| 列 1 | 列 2 | 列 3 |\n| --- | --- | --- |\n| 内容 | 内容 | 内容 |\n| 内容 | 内容 | 内容 |\n',
  );
  await expect(preview.locator('th')).toHaveCount(3);
  await expect(preview.locator('td')).toHaveCount(6);

  await setDoc(page, '段落');
  await page.keyboard.press('End');
  await tool(page, '分隔线').click();
  await expectDoc('段落\n\n---\n');
  await expect(preview.locator('hr')).toHaveCount(1);

  // 图片 opens the media library: a picture uploaded there is inserted at once…
  await setDoc(page, '图前');
  await page.keyboard.press('End');
  await tool(page, '图片').click();
  const picker = page.getByRole('dialog', { name: '插入图片' });
  await picker
    .locator('input[type=file]')
    .setInputFiles({ name: '小猫.png', mimeType: 'image/png', buffer: PNG });
  await expect(picker).toBeHidden();
  await expect.poll(() => docText(page)).toMatch(/^图前!\[小猫\]\(\/uploads\/\d{4}-\d{2}\/\w+\.png\)$/);
  const uploaded = (await docText(page)).match(/\((\/uploads\/[^)]+)\)/)?.[1] ?? '';
  const stored = uploaded.split('/').pop() ?? '';

  // …and one already in the library is picked from its grid.
  await setDoc(page, '再插');
  await page.keyboard.press('End');
  await tool(page, '图片').click();
  await picker.getByRole('searchbox', { name: '按文件名搜索图片' }).fill(stored.replace(/\.png$/, ''));
  // The search matches the stored file's name too: the one just uploaded is left.
  const choices = picker.getByRole('button', { name: '选择小猫.png', exact: true });
  await expect(choices).toHaveCount(1);
  await choices.click();
  await expect(picker).toBeHidden();
  await expect.poll(() => docText(page)).toBe(`再插![小猫](${uploaded})`);

  // Each button names its shortcut.
  await expect(tool(page, '加粗')).toHaveAttribute('title', '加粗（Ctrl+B）');
  await expect(tool(page, '加粗')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
});

/** A long text: every line says which section it is in. */
const LONG = Array.from(
  { length: 60 },
  (_, i) => `## 第 ${i + 1} 节\n\n第 ${i + 1} 节的第一段。\n\n第 ${i + 1} 节的第二段。\n`,
).join('\n');

/** The section of the first line (of the source, or the preview) showing at the top of its scroller. */
const topSection = (page: Page, scroller: string, items: string) =>
  page.locator(scroller).evaluate((el, sel) => {
    const top = el.getBoundingClientRect().top;
    for (const item of el.querySelectorAll(sel)) {
      const m = /第 (\d+) 节/.exec(item.textContent ?? '');
      if (m && item.getBoundingClientRect().bottom > top + 4) return Number(m[1]);
    }
    return 0;
  }, items);

test('the preview scrolls with the source; 专注 fills the window until Esc', async ({ page }) => {
  test.setTimeout(90_000);
  await openEditor(page);
  await setDoc(page, LONG, true);
  const preview = page.locator('[data-preview]');
  await expect(preview.locator('h2')).toHaveCount(60);
  const scrollTop = () => preview.evaluate((el) => el.scrollTop);
  const scrollSource = (to: 'top' | 'middle' | 'end') =>
    page.locator('.cm-scroller').evaluate((el, where) => {
      el.scrollTop = where === 'top' ? 0 : where === 'end' ? el.scrollHeight : el.scrollHeight / 2;
    }, to);
  // The paste left the cursor, and so the text and the preview, at the end.
  await scrollSource('top');
  await expect.poll(scrollTop).toBe(0);

  await scrollSource('middle');
  await expect.poll(scrollTop).toBeGreaterThan(0);
  // The section at the top of the preview is the one at the top of the text.
  const source = await topSection(page, '.cm-scroller', '.cm-line');
  expect(source).toBeGreaterThan(20);
  await expect
    .poll(async () => Math.abs((await topSection(page, '[data-preview]', '.md-body > *')) - source))
    .toBeLessThanOrEqual(1);

  await scrollSource('end');
  await expect
    .poll(() => preview.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
    .toBeLessThanOrEqual(2);

  const pane = page.locator('section[data-mode]');
  const focus = page.getByRole('button', { name: '专注' });
  await focus.click();
  await expect(focus).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => pane.boundingBox()).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
  await page.locator('.cm-content').click();
  await page.keyboard.press('Escape');
  await expect(focus).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await pane.boundingBox())?.width).toBeLessThan(1200);
});

test('at 375 px the toolbar scrolls on its own row and nothing widens the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openEditor(page);
  const bar = page.getByRole('toolbar', { name: '格式' });
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await setDoc(page, '手机');
  await tool(page, '加粗').click();
  await expect.poll(() => docText(page)).toBe('**手机**');

  const focus = page.getByRole('button', { name: '专注' });
  await focus.click();
  await expect
    .poll(() => page.locator('section[data-mode]').boundingBox())
    .toEqual({
      x: 0,
      y: 0,
      width: 375,
      height: 740,
    });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');
  await expect(focus).toHaveAttribute('aria-pressed', 'false');
});
