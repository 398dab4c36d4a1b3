import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { query } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { PNG } from './png.ts';

const bearer = () => ({ Authorization: `Bearer ${admin().token}` });

test('站点资料: rules inline, a live preview, and the saved profile on /home', async ({ page, request }) => {
  const [before] = query<{ personal_say: string }>('SELECT personal_say FROM config WHERE id = 1');
  await signIn(page, admin());
  await page.goto('/admin/profile');
  await consoleReady(page, '站点资料');
  const form = page.getByRole('form', { name: '站点资料' });
  const preview = page.getByRole('complementary', { name: '预览' });

  // A broken rule is said under its field, in Chinese.
  const name = form.getByLabel('博客名称');
  const original = await name.inputValue();
  await name.fill('');
  await name.blur();
  await expect(form.getByText('请填写博客名称')).toBeVisible();
  await name.fill(original);
  await name.blur();
  await expect(form.getByText('请填写博客名称')).toHaveCount(0);

  const say = `控制台改的签名 ${Date.now().toString(36)}`;
  try {
    await form.getByLabel('个性签名').fill(say);
    await expect(preview.getByText(say).first()).toBeVisible();
    await expect(form.getByText('1 项未保存')).toBeVisible();
    await form.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '修改成功');
    await expect(form.getByText('已保存')).toBeVisible();
    // The write cleared the page cache: /home shows it at once.
    await page.goto('/home');
    await expect(page.locator('.banner[data-route="Home"]')).toContainText(say);
  } finally {
    await request.post('/api/config/update', {
      data: { personal_say: before.personal_say },
      headers: bearer(),
    });
  }
});

test('页面横幅: a replaced banner (uploaded) shows on its page, and delete asks first', async ({
  page,
  request,
}) => {
  const [old] = query<{ id: number; bg_url: string }>(
    "SELECT id, bg_url FROM page_header WHERE route_name = 'Tag'",
  );
  await signIn(page, admin());
  await page.goto('/admin/banners');
  await consoleReady(page, '页面横幅');
  try {
    await page.getByRole('button', { name: /^(更换|上传)标签横幅$/ }).click();
    const dialog = page.getByRole('dialog', { name: '标签横幅' });
    await dialog
      .locator('[data-upload="背景图"]')
      .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByLabel('背景图', { exact: true })).toHaveValue(
      /^\/uploads\/\d{4}-\d{2}\/\w+\.png$/,
    );
    const url = await dialog.getByLabel('背景图', { exact: true }).inputValue();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('img', { name: '标签横幅' })).toHaveAttribute('src', url);
    await page.goto('/tag');
    await expect(page.locator('.banner[data-route="Tag"]')).toHaveAttribute('style', new RegExp(url));

    // Delete: a confirmation first; cancelling keeps it.
    await page.goto('/admin/banners');
    await consoleReady(page, '页面横幅');
    await page.getByRole('button', { name: '删除标签横幅' }).click();
    const confirm = page.getByRole('alertdialog', { name: '删除横幅' });
    await expect(confirm).toContainText('标签');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(page.getByRole('img', { name: '标签横幅' })).toBeVisible();
    await page.getByRole('button', { name: '删除标签横幅' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(page.getByRole('button', { name: '上传标签横幅' })).toBeVisible();
  } finally {
    if (old) {
      const [now] = query<{ id: number }>("SELECT id FROM page_header WHERE route_name = 'Tag'");
      await request.post('/api/pageHeader/addOrUpdate', {
        data: { id: now?.id, route_name: 'Tag', bg_url: old.bg_url },
        headers: bearer(),
      });
    }
  }
});
