import type { Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { randomPng } from './png.ts';

/** A new album made through the console; ends on its photo page. */
async function createAlbum(page: Page, name: string, description: string): Promise<number> {
  await page.goto('/admin/albums');
  await consoleReady(page, '相册');
  await page.getByRole('button', { name: '新建相册' }).click();
  const dialog = page.getByRole('dialog', { name: '新建相册' });
  // The rules are said in the form, before any call.
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入相册名称')).toBeVisible();
  await dialog.getByLabel('相册名称').fill(name);
  await dialog.getByLabel('相册描述').fill(description);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '新增相册成功');
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('id'));
}

/** Albums a test made: they and their photos go at the end, so /photoAlbum is the demo's again. */
const made: number[] = [];
test.afterEach(async ({ request }) => {
  const headers = { Authorization: `Bearer ${admin().token}` };
  for (const id of made.splice(0)) await request.delete(`/api/photoAlbum/delete/${id}`, { headers });
});

const photo = (i: number) => ({ name: `照片${i}.png`, mimeType: 'image/png', buffer: randomPng() });

test('相册: an album of 5 uploaded photos is on /photoAlbum and /photos; refused files say why while the others upload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = unique('控制台相册');
  await signIn(page, admin());
  const id = await createAlbum(page, name, '从管理后台上传的照片');
  made.push(id);

  // Five photos, a text file dressed as a PNG and a GIF over 20 MB, chosen at once.
  await page.locator('[data-upload="上传照片"]').setInputFiles([
    photo(1),
    photo(2),
    {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('这不是图片，只是一段文字。\n'.repeat(20)),
    },
    photo(3),
    {
      name: 'huge.gif',
      mimeType: 'image/gif',
      buffer: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20 * 1024 * 1024 + 10)]),
    },
    photo(4),
    photo(5),
  ]);
  const queue = page.getByRole('list', { name: '上传列表' });
  await expect(queue.locator('li[data-state="done"]')).toHaveCount(5, { timeout: 20_000 });
  // The server's own message for the disguised text file, the size rule for the big one.
  await expect(queue.locator('li', { hasText: 'notes.png' })).toContainText(
    '未通过：只能上传 JPG、PNG、WEBP、GIF 格式的图片',
  );
  await expect(queue.locator('li', { hasText: 'huge.gif' })).toContainText('未通过：图片大小不能超过 20MB');
  await expect(page.getByText('已上传 5 张，2 个文件未通过')).toBeVisible();
  await expectToast(page, '上传照片成功（5 张）');
  const grid = page.getByRole('list', { name: '相册里的照片' });
  await expect(grid.getByRole('listitem')).toHaveCount(5);
  // The album had no cover: its first photo became it.
  await expect(grid.getByText('封面', { exact: true })).toHaveCount(1);

  await page.goto('/photoAlbum');
  const card = page.locator(`[data-album-id="${id}"]`);
  await expect(card).toContainText(name);
  await expect(card).toContainText('5 张照片');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/photos\\?id=${id}$`));
  const shown = page.locator('[data-lightbox-src]');
  await expect(shown).toHaveCount(5);
  const stored = query<{ url: string }>('SELECT url FROM photo WHERE album_id = ? AND status = 1', id);
  // The lightbox shows a variant once made (docs/architecture.md#image-variants); 原图 the stored one.
  expect(
    (await shown.evaluateAll((els) => els.map((e) => e.getAttribute('data-lightbox-original')))).sort(),
  ).toEqual(stored.map((p) => p.url).sort());
});

test('相册: photos go to the bin and back, the cover can be set, the bin empties for good, the album goes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = unique('回收站相册');
  await signIn(page, admin());
  const id = await createAlbum(page, name, '');
  made.push(id);
  await page.locator('[data-upload="上传照片"]').setInputFiles([photo(1), photo(2), photo(3)]);
  const grid = page.getByRole('list', { name: '相册里的照片' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);

  // The first photo added became the cover; set the newest (listed first) instead.
  await expect(grid.getByRole('listitem').nth(2).getByText('封面', { exact: true })).toBeVisible();
  const third = grid.getByRole('listitem').nth(0);
  const thirdId = await third.getAttribute('data-photo-id');
  await third.getByRole('button', { name: /设为封面/ }).click();
  await expectToast(page, '设置封面成功');
  await expect(third.getByText('封面', { exact: true })).toBeVisible();
  const [cover] = query<{ url: string }>('SELECT url FROM photo WHERE id = ?', Number(thirdId));
  expect(query<{ album_cover: string }>('SELECT album_cover FROM photo_album WHERE id = ?', id)).toEqual([
    { album_cover: cover.url },
  ]);

  // Two photos to the bin (picked, then the bulk button): gone from the album and from /photos.
  await grid.getByLabel('选择照片 1').check();
  await grid.getByLabel('选择照片 2').check();
  await expect(page.getByText('已选 2 张')).toBeVisible();
  await page.getByRole('button', { name: '删除所选' }).click();
  await expectToast(page, '已移到回收站');
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await page.goto(`/photos?id=${id}`);
  await expect(page.locator('[data-lightbox-src]')).toHaveCount(1);

  // The bin: restore one, delete the other for good (after a confirmation).
  await page.goto(`/admin/albums?id=${id}`);
  await consoleReady(page, '相册');
  await page.getByRole('tab', { name: '回收站' }).click();
  const bin = page.getByRole('list', { name: '回收站里的照片' });
  await expect(bin.getByRole('listitem')).toHaveCount(2);
  await bin.getByRole('button', { name: '恢复照片 1' }).click();
  await expectToast(page, '恢复成功');
  await expect(bin.getByRole('listitem')).toHaveCount(1);
  await bin.getByRole('button', { name: '彻底删除照片 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: '彻底删除照片' });
  await confirm.getByRole('button', { name: '彻底删除' }).click();
  await expectToast(page, '彻底删除成功');
  await expect(page.getByText('回收站是空的')).toBeVisible();
  await page.getByRole('tab', { name: '照片' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  expect(query('SELECT id FROM photo WHERE album_id = ?', id)).toHaveLength(2);

  // Rename the album, then delete it (asked first).
  await page.getByRole('button', { name: '编辑相册' }).click();
  const edit = page.getByRole('dialog', { name: '编辑相册' });
  await edit.getByLabel('相册名称').fill(`${name}改`);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${name}改` })).toBeVisible();
  await page.getByRole('link', { name: '全部相册' }).click();
  await consoleReady(page, '相册');
  await page.getByRole('button', { name: `删除相册${name}改` }).click();
  await page.getByRole('alertdialog', { name: '删除相册' }).getByRole('button', { name: '删除' }).click();
  await expectToast(page, '删除相册成功');
  await expect(page.getByRole('link', { name: `${name}改`, exact: true })).toHaveCount(0);
  expect(query('SELECT id FROM photo WHERE album_id = ?', id)).toHaveLength(0);
  await page.goto('/photoAlbum');
  await expect(page.locator(`[data-album-id="${id}"]`)).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`相册 at 375 px (${theme}): no serious axe violations, nothing wider than the phone`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, admin());
    await useTheme(page, theme);
    const [album] = query<{ id: number }>('SELECT id FROM photo_album ORDER BY id LIMIT 1');
    for (const route of ['/admin/albums', `/admin/albums?id=${album.id}`]) {
      await page.goto(route);
      await consoleReady(page, '相册');
      await expect(page.getByText('加载中…')).toHaveCount(0);
      expect((await seriousViolations(page)).map((v) => `${route} ${v}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    // The album's 排序 tab, its tiles with their handles and move buttons.
    await page.getByRole('tab', { name: '排序' }).click();
    await expect(page.getByRole('list', { name: '按顺序排列的照片' })).toBeVisible();
    expect((await seriousViolations(page)).map((v) => `排序 ${v}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
