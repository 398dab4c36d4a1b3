import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { hydrated, postAs, query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { PNG } from './png.ts';

const headers = () => ({ Authorization: `Bearer ${admin().token}` });

/** Deletes a test's talk for good, whatever state the test left it in. */
async function purge(request: APIRequestContext, content: string) {
  for (const { id, status } of query<{ id: number; status: number }>(
    'SELECT id, status FROM talk WHERE content = ?',
    content,
  )) {
    if (status !== 3)
      await request.delete(`/api/talk/deleteTalkById/${id}/${status}`, { headers: headers() });
    await request.delete(`/api/talk/deleteTalkById/${id}/3`, { headers: headers() });
  }
}

/** A paste of one PNG into `target`, as the clipboard of a screenshot tool would hand it over. */
async function pastePng(target: Locator, name: string) {
  await target.evaluate(
    (el, [b64, file]) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file, { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [PNG.toString('base64'), name] as const,
  );
}

/** A drop of PNG files from the desktop onto `target`. */
async function dropPngs(page: Page, target: Locator, names: string[]) {
  const data = await page.evaluateHandle(
    ([b64, files]) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      for (const f of files) dt.items.add(new File([bytes], f, { type: 'image/png' }));
      return dt;
    },
    [PNG.toString('base64'), names] as const,
  );
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

const UPLOADED = /^\/uploads\/\d{4}-\d{2}\/\w+\.png$/;

test('a 说说 with three pictures (one pasted, two dropped, reordered by drag and by keyboard) shows on /talk in that order', async ({
  page,
  request,
}) => {
  const content = unique('三张图的说说 ');
  try {
    await signIn(page, admin());
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    // The composer is at the top of the list: no dialog to open.
    const dialog = page.getByRole('region', { name: '发表说说' });
    const text = dialog.getByRole('textbox', { name: '内容' });
    await text.fill(content);

    await pastePng(text, 'pasted.png');
    await expect(dialog.getByRole('img', { name: '图片 1' })).toHaveAttribute('src', UPLOADED);
    await expect(text).toHaveValue(content);
    await dropPngs(page, dialog.locator('[data-dropzone="图片"]'), ['a.png', 'b.png']);
    for (const n of [2, 3])
      await expect(dialog.getByRole('img', { name: `图片 ${n}` })).toHaveAttribute('src', UPLOADED);
    await expect(dialog.getByRole('group', { name: /^图片/ })).toContainText('3 / 9');
    const srcs = async () =>
      Promise.all([1, 2, 3].map((n) => dialog.getByRole('img', { name: `图片 ${n}` }).getAttribute('src')));
    const [u1, u2, u3] = await srcs();
    expect(new Set([u1, u2, u3]).size).toBe(3);

    // Drag the third onto the first.
    const tiles = dialog.locator('[data-dropzone="图片"] li[draggable]');
    await tiles.nth(2).dragTo(tiles.nth(0));
    await expect.poll(srcs).toEqual([u3, u1, u2]);
    // From the keyboard: the handle of the last picture, one place back; the new place is announced.
    const handle = dialog.getByRole('button', { name: /^图片 3：/ });
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(srcs).toEqual([u3, u2, u1]);
    await expect(dialog.getByText('图片 3 已移到第 2 位')).toBeAttached();
    await expect(dialog.getByRole('button', { name: /^图片 2：/ })).toBeFocused();

    await dialog.getByRole('button', { name: '发布' }).click();
    await expectToast(page, '发布成功');
    // Posted without leaving the list: the composer is empty again, ready for the next.
    await expect(dialog.getByRole('textbox', { name: '内容' })).toHaveValue('');
    await expect(page).toHaveURL(/\/admin\/talks$/);
    const row = page.getByRole('row').filter({ hasText: content });
    await expect(row.getByRole('list', { name: '3 张图片' }).locator('img')).toHaveCount(3);

    await page.goto('/talk');
    await hydrated(page, '[data-talk-id]');
    const talk = page.locator('[data-talk-id]').filter({ hasText: content });
    const pictures = talk.getByRole('button', { name: /^查看图片/ }).locator('img');
    await expect(pictures).toHaveCount(3);
    expect(await pictures.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))).toEqual([
      u3,
      u2,
      u1,
    ]);
  } finally {
    await purge(request, content);
  }
});

test('a binned 说说 leaves /talk and comes back on restore; pin, private and delete for good from the console', async ({
  page,
  request,
}) => {
  const content = unique('回收站说说 ');
  try {
    await postAs(request, admin(), '/api/talk/publishTalk', { content });
    const onSite = async () => {
      await page.goto('/talk');
      await hydrated(page, '[data-talk-id]');
      return page.locator('[data-talk-id]').filter({ hasText: content });
    };
    await expect(await onSite()).toHaveCount(1);

    await signIn(page, admin());
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    const row = page.getByRole('row').filter({ hasText: content });
    // Pin and unpin.
    await row.getByRole('button', { name: /^置顶说说/ }).click();
    await expectToast(page, '置顶成功');
    await expect(row.getByText('置顶', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^取消置顶说说/ }).click();
    await expectToast(page, '已取消置顶');
    await expect(row.getByRole('button', { name: /^置顶说说/ })).toBeVisible();
    // Private: it moves to the 私密 tab.
    await row.getByRole('button', { name: /^设为私密说说/ }).click();
    await expectToast(page, '已设为私密');
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: /^私密/ }).click();
    await row.getByRole('button', { name: /^设为公开说说/ }).click();
    await expectToast(page, '已公开');
    await page.getByRole('tab', { name: /^公开/ }).click();

    // To the bin: gone from /talk.
    await row.getByRole('button', { name: /^删除说说/ }).click();
    await expectToast(page, '已移到回收站');
    await expect(row).toHaveCount(0);
    await expect(await onSite()).toHaveCount(0);

    // Restore from the bin: back on /talk.
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    await page.getByRole('tab', { name: /^回收站/ }).click();
    await row.getByRole('button', { name: /^恢复说说/ }).click();
    await expectToast(page, '恢复成功');
    await expect(row).toHaveCount(0);
    await expect(await onSite()).toHaveCount(1);

    // Delete for good: from the bin, after a confirmation (cancelling keeps it).
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    await row.getByRole('button', { name: /^删除说说/ }).click();
    await expectToast(page, '已移到回收站');
    await page.getByRole('tab', { name: /^回收站/ }).click();
    await row.getByRole('button', { name: /^彻底删除说说/ }).click();
    const confirm = page.getByRole('alertdialog', { name: '彻底删除说说' });
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^彻底删除说说/ }).click();
    await confirm.getByRole('button', { name: '彻底删除' }).click();
    await expectToast(page, '彻底删除成功');
    await expect(row).toHaveCount(0);
    expect(query('SELECT id FROM talk WHERE content = ?', content)).toEqual([]);
  } finally {
    await purge(request, content);
  }
});

test('editing a 说说: a picture removed, closing with changes asks first', async ({ page, request }) => {
  const content = unique('编辑的说说 ');
  try {
    const upload = async () => {
      const res = await request.post('/api/upload/img', {
        multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: PNG } },
        headers: headers(),
      });
      return ((await res.json()) as { result: { url: string } }).result.url;
    };
    const [a, b] = [await upload(), await upload()];
    await postAs(request, admin(), '/api/talk/publishTalk', {
      content,
      talkImgList: [{ url: a }, { url: b }],
    });
    await signIn(page, admin());
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    await page
      .getByRole('row')
      .filter({ hasText: content })
      .getByRole('button', { name: /^编辑说说/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '编辑说说' });
    await expect(dialog.getByRole('img', { name: /^图片 \d$/ })).toHaveCount(2);
    await dialog.getByRole('button', { name: '移除图片 1' }).click();
    await expect(dialog.getByRole('img', { name: /^图片 \d$/ })).toHaveCount(1);
    // Escape with a change: asked, and staying keeps the change.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: '放弃修改' });
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(dialog.getByRole('img', { name: /^图片 \d$/ })).toHaveCount(1);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '修改成功');
    const [row] = query<{ id: number }>('SELECT id FROM talk WHERE content = ?', content);
    const urls = query<{ url: string }>('SELECT url FROM talk_photo WHERE talk_id = ? ORDER BY id', row.id);
    expect(urls.map((r) => r.url)).toEqual([b]);
  } finally {
    await purge(request, content);
  }
});

for (const [theme, width] of [
  ['dark', 375],
  ['light', 1440],
] as const) {
  test(`axe: 说说 and its composer at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The composer is on the page (checked above); an edit opens the same form in a dialog.
    await expect(page.getByRole('region', { name: '发表说说' })).toBeVisible();
    await page
      .getByRole('button', { name: /^编辑说说/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: '编辑说说' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
