import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { postAs, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * An album photo's caption (docs/owner-guide.md#内容): written under its tile in the console, shown
 * under the photo on the album page, as its alt text and in the lightbox.
 */
const headers = () => ({ Authorization: `Bearer ${admin().token}` });

test('a caption written in the console is under the photo, its alt text and in the lightbox', async ({
  page,
  request,
}) => {
  const name = unique('说明相册');
  const caption = unique('黄昏的海边');
  const album = await postAs(request, admin(), '/api/photoAlbum/add', { album_name: name, description: '' });
  try {
    await postAs(request, admin(), '/api/photo/add', {
      photoList: [{ album_id: album.id, url: `/uploads/2026-11/caption${album.id}.png` }],
    });
    await signIn(page, admin());
    await page.goto(`/admin/albums?id=${album.id}`);
    await consoleReady(page, '相册');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const box = page.getByRole('textbox', { name: '照片 1 的说明' });
    await box.fill(caption);
    await box.press('Enter');
    await expectToast(page, '说明已保存');

    await page.goto(`/photos?id=${album.id}`);
    await expect(page.locator('.caption', { hasText: caption })).toBeVisible();
    await expect(page.getByRole('img', { name: caption })).toHaveCount(1);
    await page.getByRole('button', { name: `查看第 1 张照片：${caption}` }).click();
    const viewer = page.getByRole('dialog', { name: '图片预览' });
    await expect(viewer).toContainText(caption);
    await expect(viewer.getByRole('img', { name: caption })).toBeAttached();
  } finally {
    await request.delete(`/api/photoAlbum/delete/${album.id}`, { headers: headers() });
  }
});
