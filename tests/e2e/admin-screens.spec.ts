import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { query } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

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
