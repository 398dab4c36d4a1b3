import type { Locator, Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { randomPng } from './png.ts';

/** The console's media library (/admin/media, docs/owner-guide.md#媒体库). */

const auth = () => ({ Authorization: `Bearer ${admin().token}` });

/** A drop of PNG files from the desktop onto `target`. */
async function dropPngs(page: Page, target: Locator, names: string[]) {
  const data = await page.evaluateHandle(
    (files) => {
      const dt = new DataTransfer();
      for (const [name, b64] of files) {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], name, { type: 'image/png' }));
      }
      return dt;
    },
    names.map((n) => [n, randomPng(64, 48).toString('base64')] as const),
  );
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

const uploadsNamed = (prefix: string) =>
  query<{ id: number; url: string; original_name: string }>(
    'SELECT id, url, original_name FROM upload WHERE original_name LIKE ? ORDER BY original_name',
    `${prefix}%`,
  );

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`媒体库 at ${width} px (${theme}): upload, search, 未使用, copy, refused and bulk delete`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await useTheme(page, theme);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tag = unique('媒体');
    const album = unique('媒体相册');
    let albumId = 0;
    try {
      await signIn(page, admin());
      await page.goto('/admin/media');
      await consoleReady(page, '媒体库');

      // Three pictures dropped from the desktop.
      const drop = page.getByRole('region', { name: '上传图片' }).locator('div').first();
      await dropPngs(page, drop, [`${tag}-a.png`, `${tag}-b.png`, `${tag}-c.png`]);
      const queue = page.getByRole('list', { name: '上传列表' });
      await expect(queue.locator('li[data-state="done"]')).toHaveCount(3, { timeout: 30_000 });
      const [a, b, c] = uploadsNamed(tag);
      expect([a, b, c].map((u) => u.original_name)).toEqual([`${tag}-a.png`, `${tag}-b.png`, `${tag}-c.png`]);

      // One of them becomes an album's cover: it is used.
      const made = await request.post('/api/photoAlbum/add', {
        headers: auth(),
        data: { album_name: album, album_cover: a.url, description: '' },
      });
      albumId = (await made.json()).result.id;

      // Search by name: the three, newest first, each with its size, dimensions and uses.
      const search = page.getByRole('searchbox', { name: '按文件名搜索图片' });
      await search.fill(tag);
      const grid = page.getByRole('list', { name: '图片', exact: true });
      const cards = grid.locator('li[data-media-id]');
      await expect(cards).toHaveCount(3);
      const card = (u: { id: number }) => grid.locator(`li[data-media-id="${u.id}"]`);
      await expect(card(a)).toContainText('64×48');
      await expect(card(a).getByRole('list', { name: `${tag}-a.png的使用之处` })).toContainText(
        `相册封面「${album}」`,
      );
      await expect(card(b)).toContainText('未使用');
      expect(await seriousViolations(page)).toEqual([]);
      await expect(card(a).locator('img')).toHaveAttribute('alt', `${tag}-a.png`);

      // 未使用: the cover is left out.
      await page.getByLabel('只看未使用').check();
      await expect(cards).toHaveCount(2);
      await expect(card(a)).toHaveCount(0);
      await page.getByLabel('只看未使用').uncheck();
      await expect(cards).toHaveCount(3);

      // 复制 Markdown.
      await card(b)
        .getByRole('button', { name: `复制${tag}-b.png的 Markdown` })
        .click();
      await expectToast(page, '已复制 Markdown');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`![${tag}-b](${b.url})`);

      // A delete of the cover is refused, naming where it is used; nothing goes.
      await card(a)
        .getByRole('button', { name: `删除${tag}-a.png` })
        .click();
      const confirm = page.getByRole('alertdialog', { name: '删除图片' });
      await confirm.getByRole('button', { name: '删除' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '图片仍在使用' })).toContainText(
        `「${tag}-a.png」用于 相册封面「${album}」`,
      );
      await expect(cards).toHaveCount(3);
      expect(uploadsNamed(tag)).toHaveLength(3);

      // Many at once: the two unused ones go, rows and all.
      await card(b).getByRole('checkbox').check();
      await card(c).getByRole('checkbox').check();
      await expect(page.getByText('已选 2 张')).toBeVisible();
      await page.getByRole('button', { name: '删除所选' }).click();
      await confirm.getByRole('button', { name: '删除' }).click();
      await expectToast(page, '已删除 2 张图片');
      await expect(cards).toHaveCount(1);
      expect(uploadsNamed(tag).map((u) => u.original_name)).toEqual([`${tag}-a.png`]);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      // The album goes, and with it its cover's file; any picture left goes through the library.
      if (albumId) await request.delete(`/api/photoAlbum/delete/${albumId}`, { headers: auth() });
      const left = uploadsNamed(tag).map((u) => u.id);
      if (left.length) await request.post('/api/media/delete', { headers: auth(), data: { ids: left } });
    }
  });
}

test('媒体库 picker: an album cover chosen from the library', async ({ page, request }) => {
  const tag = unique('封面选');
  const album = unique('选封面相册');
  try {
    const up = await request.post('/api/upload/img', {
      headers: auth(),
      multipart: { file: { name: `${tag}.png`, mimeType: 'image/png', buffer: randomPng(40, 30) } },
    });
    const url = (await up.json()).result.url as string;
    await signIn(page, admin());
    await page.goto('/admin/albums');
    await consoleReady(page, '相册');
    await page.getByRole('button', { name: '新建相册' }).click();
    const dialog = page.getByRole('dialog', { name: '新建相册' });
    await dialog.getByLabel('相册名称').fill(album);
    await dialog.getByRole('button', { name: '从媒体库选择' }).click();
    const picker = page.getByRole('dialog', { name: '选择相册封面' });
    await picker.getByRole('searchbox', { name: '按文件名搜索图片' }).fill(tag);
    await picker.getByRole('button', { name: `选择${tag}.png` }).click();
    await expect(picker).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: '相册封面' })).toHaveValue(url);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '新增相册成功');
    expect(query('SELECT album_cover FROM photo_album WHERE album_name = ?', album)).toEqual([
      { album_cover: url },
    ]);
  } finally {
    const rows = query<{ id: number }>('SELECT id FROM photo_album WHERE album_name = ?', album);
    for (const r of rows) await request.delete(`/api/photoAlbum/delete/${r.id}`, { headers: auth() });
    const left = uploadsNamed(tag).map((u) => u.id);
    if (left.length) await request.post('/api/media/delete', { headers: auth(), data: { ids: left } });
  }
});
