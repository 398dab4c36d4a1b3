import { createUser, signIn } from './accounts.ts';
import { expect, expectToast, test } from './fixtures.ts';

// A real 2×2 PNG (the server refuses files whose chunks do not add up).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR42mNgYIg6wRDFwHAi6sSJKAAYHgSJG/z2HAAAAABJRU5ErkJggg==',
  'base64',
);

test('/userCenter: figures, nick name, qq, avatar upload and password change', async ({ page, request }) => {
  const user = await createUser({ nick_name: '中心用户' });
  await signIn(page, user);
  await page.goto('/userCenter');
  const center = page.locator('[data-user-center]');
  await expect(center.locator('[data-figure="评论"]')).toHaveText('0');
  await expect(center.locator('[data-figure="留言"]')).toHaveText('0');
  await expect(center.locator('[data-figure="点赞"]')).toHaveText('0');

  await center.getByLabel('昵称').fill('改了名字');
  await center.getByLabel('QQ').fill('123456789');
  await center.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '修改成功');
  await expect(page.getByRole('button', { name: '改了名字 的菜单' })).toBeVisible();

  // Avatar: the picked file is uploaded, stored under a server-made name and served as an image.
  await center
    .locator('[data-avatar-input]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, '头像修改成功');
  const src = await center.getByRole('img', { name: '我的头像' }).getAttribute('src');
  expect(src).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
  await expect(page.locator('#site-header img').first()).toHaveAttribute('src', src as string);
  const served = await request.get(src as string);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(await served.body(), PNG)).toBe(0);

  // A renamed text file is refused with the server's message: code 100, the 温馨提示 warning
  // (docs/product.md#failed-calls).
  await center.locator('[data-avatar-input]').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expectToast(page, '只能上传 JPG、PNG、WEBP、GIF 格式的图片', '温馨提示');

  // Password change: same rules as register, the current password checked by the server.
  const pw = page.getByRole('form', { name: '修改密码' });
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(pw.getByText('请输入当前密码')).toBeVisible();
  await expect(pw.getByText('请输入密码')).toBeVisible();
  await expect(pw.getByText('请输入二次确认密码')).toBeVisible();
  await pw.getByLabel('当前密码').fill('wrong-pass1');
  await pw.getByLabel('新密码', { exact: true }).fill('123456');
  await pw.getByLabel('新密码', { exact: true }).blur();
  await expect(pw.getByText('密码格式应为6-18位数字、字母、符号的任意两种组合')).toBeVisible();
  await pw.getByLabel('新密码', { exact: true }).fill('N3w-pass');
  await pw.getByLabel('确认新密码').fill('N3w-pas');
  await pw.getByLabel('确认新密码').blur();
  await expect(pw.getByText('两次密码不一致')).toBeVisible();
  await pw.getByLabel('确认新密码').fill('N3w-pass');
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expectToast(page, '原密码错误');
  await pw.getByLabel('当前密码').fill(user.password);
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expectToast(page, '密码修改成功，其他设备需要重新登录');

  // The old token is over; this tab carries on with the fresh one.
  const old = await request.get('/api/user/getOwnStatistic', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(center.locator('[data-figure="评论"]')).toHaveText('0');
  await expect(page.getByRole('button', { name: '改了名字 的菜单' })).toBeVisible();
  await expect(page.locator('[data-login-dialog]')).toHaveCount(0);
});

test('/userCenter signed out offers the login dialog', async ({ page }) => {
  await page.goto('/userCenter');
  await page.getByRole('button', { name: '去登录' }).click();
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
});
