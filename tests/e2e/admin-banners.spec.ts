import type { APIRequestContext, Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { randomPng } from './png.ts';

/**
 * 页面横幅 (docs/owner-guide.md#站点): every route's banner on one page, each row with its preview,
 * its picture field (upload or the media library) and its own 保存 and 删除.
 */
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });
const bannerOf = (route: string) =>
  query<{ id: number; bg_url: string }>('SELECT id, bg_url FROM page_header WHERE route_name = ?', route)[0];

/** Puts a route's banner back as it was before the test. */
async function restore(request: APIRequestContext, route: string, old?: { bg_url: string }) {
  const now = bannerOf(route);
  if (old)
    await request.post('/api/pageHeader/addOrUpdate', {
      data: { id: now?.id, route_name: route, bg_url: old.bg_url },
      headers: bearer(),
    });
  else if (now) await request.post('/api/pageHeader/delete', { data: { id: now.id }, headers: bearer() });
}

async function openBanners(page: Page) {
  await page.goto('/admin/banners');
  await consoleReady(page, '页面横幅');
  await expect(page.getByRole('form', { name: '首页横幅' })).toBeVisible();
}

test('页面横幅: all routes on one page; upload, choose from the library, save and delete per row', async ({
  page,
  request,
}) => {
  const tag = unique('横幅选');
  const oldTag = bannerOf('Tag');
  const oldArchives = bannerOf('Archives');
  try {
    const up = await request.post('/api/upload/img', {
      headers: bearer(),
      multipart: { file: { name: `${tag}.png`, mimeType: 'image/png', buffer: randomPng(60, 20) } },
    });
    const picked = (await up.json()).result.url as string;
    await signIn(page, admin());
    await openBanners(page);
    // Every route has its row, without opening anything.
    await expect(page.getByRole('form', { name: /横幅$/ })).toHaveCount(16);

    // Upload into one row: it is unsaved until its 保存.
    const tagRow = page.getByRole('form', { name: '标签横幅' });
    await tagRow
      .locator('[data-upload="标签横幅"]')
      .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: randomPng(48, 16) });
    const field = tagRow.getByRole('textbox', { name: '标签横幅' });
    await expect(field).toHaveValue(/^\/uploads\/\d{4}-\d{2}\/\w+\.png$/);
    const uploaded = await field.inputValue();
    await expect(tagRow.getByText('未保存')).toBeVisible();
    await expect(tagRow.getByRole('img', { name: '标签横幅预览' })).toHaveAttribute('src', uploaded);

    // Another row from the media library, then each row saves on its own.
    const archivesRow = page.getByRole('form', { name: '归档横幅' });
    await archivesRow.getByRole('button', { name: '从媒体库选择' }).click();
    const picker = page.getByRole('dialog', { name: '选择归档横幅' });
    await picker.getByRole('searchbox', { name: '按文件名搜索图片' }).fill(tag);
    await picker.getByRole('button', { name: `选择${tag}.png` }).click();
    await expect(picker).toBeHidden();
    await expect(archivesRow.getByRole('textbox', { name: '归档横幅' })).toHaveValue(picked);

    await tagRow.getByRole('button', { name: '保存标签横幅' }).click();
    await expectToast(page, '标签横幅已保存');
    await expect.poll(() => bannerOf('Tag')?.bg_url).toBe(uploaded);
    // The other row's choice is still there, unsaved.
    await expect(archivesRow.getByText('未保存')).toBeVisible();
    await archivesRow.getByRole('button', { name: '保存归档横幅' }).click();
    await expectToast(page, '归档横幅已保存');
    await expect.poll(() => bannerOf('Archives')?.bg_url).toBe(picked);
    await expect(tagRow.getByRole('button', { name: '保存标签横幅' })).toBeDisabled();

    // The visitor's page shows it (a background, or a <picture> of its sizes named after it).
    for (const [path, route, url] of [
      ['/tag', 'Tag', uploaded],
      ['/archives', 'Archives', picked],
    ]) {
      await page.goto(path);
      const banner = page.locator(`.banner[data-route="${route}"]`);
      expect(await banner.evaluate((e) => e.outerHTML)).toContain(url.replace(/\.png$/, ''));
    }

    // A broken address is said under its field and not saved.
    await openBanners(page);
    await tagRow.getByRole('textbox', { name: '标签横幅' }).fill('javascript:alert(1)');
    await tagRow.getByRole('button', { name: '保存标签横幅' }).click();
    await expect(tagRow.getByRole('textbox', { name: '标签横幅' })).toHaveAttribute('aria-invalid', 'true');
    expect(bannerOf('Tag')?.bg_url).toBe(uploaded);

    // Delete asks first; cancelling keeps it.
    await tagRow.getByRole('button', { name: '删除标签横幅' }).click();
    const confirm = page.getByRole('alertdialog', { name: '删除横幅' });
    await expect(confirm).toContainText('标签');
    await confirm.getByRole('button', { name: '取消' }).click();
    expect(bannerOf('Tag')?.bg_url).toBe(uploaded);
    await tagRow.getByRole('button', { name: '删除标签横幅' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(tagRow.getByText('未设置，显示默认渐变')).toBeVisible();
    await expect(tagRow.getByRole('textbox', { name: '标签横幅' })).toHaveValue('');
  } finally {
    await restore(request, 'Tag', oldTag);
    await restore(request, 'Archives', oldArchives);
    const left = query<{ id: number }>('SELECT id FROM upload WHERE original_name LIKE ?', `${tag}%`);
    if (left.length)
      await request.post('/api/media/delete', { headers: bearer(), data: { ids: left.map((u) => u.id) } });
  }
});

test('页面横幅 on a phone: each row fits and saves', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const old = bannerOf('Talk');
  try {
    await signIn(page, admin());
    await openBanners(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const row = page.getByRole('form', { name: '说说横幅' });
    await row
      .locator('[data-upload="说说横幅"]')
      .setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: randomPng(48, 16) });
    const field = row.getByRole('textbox', { name: '说说横幅' });
    // The uploaded file's own address (the demo banner already in the field is under /uploads/ too).
    await expect(field).toHaveValue(/^\/uploads\/\d{4}-\d{2}\/\w+\.png$/);
    const url = await field.inputValue();
    const save = row.getByRole('button', { name: '保存说说横幅' });
    const box = await save.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    await save.click();
    await expectToast(page, '说说横幅已保存');
    await expect.poll(() => bannerOf('Talk')?.bg_url).toBe(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await restore(request, 'Talk', old);
  }
});
