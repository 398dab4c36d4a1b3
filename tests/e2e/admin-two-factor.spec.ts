import { Secret, TOTP } from 'otpauth';
import { createUser, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { query } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * In the console: an admin without two-factor sign-in sees the dashboard's banner, turns it
 * on in 账号与安全 (the secret read from the page, the code computed here with otpauth), keeps the
 * recovery codes, and the banner is gone; signing in again asks for the code.
 */

/** The code of the step `stepsAhead` from now (the step of the enabling code is spent). */
const codeOf = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

test('an admin turns on 2FA in the console; the banner goes and the next sign-in asks for the code', async ({
  page,
  browser,
}) => {
  // An admin of its own: the seeded one signs in by password in other tests.
  const owner = await createUser({ role: 1, nick_name: '两步验证博主' });
  await signIn(page, owner);
  await page.goto('/admin');
  await consoleReady(page, '概览');
  const banner = page.locator('[data-otp-banner]');
  await expect(banner).toContainText('博主账号还没有开启两步验证');

  await banner.getByRole('link', { name: '去开启两步验证' }).click();
  await consoleReady(page, '账号与安全');
  await page.getByLabel('当前密码').fill(owner.password);
  await page.getByRole('button', { name: '开启两步验证' }).click();
  await expect(page.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
  const secret = (await page.locator('[data-otp-secret]').getAttribute('data-otp-secret')) as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is said under the field; the right one turns it on.
  const field = page.getByLabel('验证码', { exact: true });
  await field.fill('000000');
  await page.getByRole('button', { name: '确认开启' }).click();
  await expect(page.getByRole('alert')).toHaveText('两步验证码不正确');
  await field.fill(codeOf(secret));
  await page.getByRole('button', { name: '确认开启' }).click();
  const codes = page.locator('[data-recovery-codes] li');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await page.getByRole('button', { name: '我已保存好' }).click();
  await expect(page.locator('[data-two-factor="on"]')).toContainText('两步验证已开启，还有 10 个恢复码可用');
  expect(
    query<{ enabledAt: string | null }>('SELECT "enabledAt" FROM user_otp WHERE user_id = ?', owner.id)[0]
      .enabledAt,
  ).toBeTruthy();

  await page.goto('/admin');
  await consoleReady(page, '概览');
  // The gate has read the account (the figures are in), and there is no banner.
  await expect(page.locator('[data-count="articles"]')).toHaveText(/\d/);
  await expect(banner).toHaveCount(0);

  // Signing in again (a new browser, nobody signed in): the password, then the code.
  const fresh = await browser.newContext({ baseURL: process.env.E2E_URL, locale: 'zh-CN' });
  try {
    const again = await fresh.newPage();
    await again.goto('/admin');
    const dialog = again.locator('[data-login-dialog]');
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByLabel('用户账号').fill(owner.username);
    await dialog.getByLabel('密码', { exact: true }).fill(owner.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(dialog.getByRole('heading', { name: '两步验证' })).toBeVisible();
    const otp = dialog.getByLabel('验证码');
    await expect(otp).toBeFocused();
    await otp.fill(codeOf(secret, 1));
    await dialog.getByRole('button', { name: '验证并登录' }).click();
    await expect(again.getByRole('heading', { level: 1, name: '概览' })).toBeVisible({ timeout: 15_000 });
    await expect(again.locator('[data-otp-banner]')).toHaveCount(0);
  } finally {
    await fresh.close();
  }
});
