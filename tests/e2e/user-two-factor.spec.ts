import type { Response } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser, signIn } from './accounts.ts';
import { useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * In the personal center: two-factor sign-in for any account. The page stays light: the
 * settings and the QR code's encoder arrive only when the visitor opens them. Turning it on and off
 * works there as in the console, and the site's login dialog asks for the code.
 */

const PANEL_TEXT = '两步验证二维码';

test('/userCenter loads the 2FA settings when opened; on, the login asks for the code; off again', async ({
  page,
}) => {
  const user = await createUser({ nick_name: '验证用户' });
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  const panelLoaded = async () => {
    for (const r of scripts) if ((await r.text().catch(() => '')).includes(PANEL_TEXT)) return true;
    return false;
  };
  await signIn(page, user);
  await page.goto('/userCenter');
  const card = page.locator('[data-two-factor-card]');
  await expect(card).toContainText('未开启');
  expect(await panelLoaded()).toBe(false);

  await card.getByRole('button', { name: '设置两步验证' }).click();
  // Turning it on asks for the password first (a session alone is not enough).
  await card.getByRole('button', { name: '开启两步验证' }).click();
  await expect(card.getByRole('alert')).toHaveText('请输入当前密码');
  await card.getByLabel('当前密码').fill(user.password);
  await card.getByRole('button', { name: '开启两步验证' }).click();
  await expect(card.getByRole('img', { name: PANEL_TEXT })).toBeVisible();
  expect(await panelLoaded()).toBe(true);
  const secret = Secret.fromBase32(
    (await card.locator('[data-otp-secret]').getAttribute('data-otp-secret')) as string,
  );
  await card.getByLabel('验证码', { exact: true }).fill(TOTP.generate({ secret }));
  await card.getByRole('button', { name: '确认开启' }).click();
  const codes = card.locator('[data-recovery-codes] li');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) as string;
  await card.getByRole('button', { name: '我已保存好' }).click();
  await expect(card.locator('[data-two-factor="on"]')).toContainText('还有 10 个恢复码可用');
  // Every other session ended; this tab goes on with the fresh token (a reload is still signed in).
  await page.reload();
  await expect(card).toContainText('已开启');

  // Signed out, the dialog asks for the second step; a recovery code answers it once.
  // (signIn's init script puts the session in once a tab: its mark stays, the session goes.)
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStorage.setItem('__signedIn', '1');
  });
  await page.goto('/home');
  await page.locator('#site-header [data-login-entry]').click();
  const dialog = page.locator('[data-login-dialog]');
  await dialog.getByLabel('用户账号').fill(user.username);
  await dialog.getByLabel('密码', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(dialog.getByRole('heading', { name: '两步验证' })).toBeVisible();
  // No wrong code here: every spec signs in from 127.0.0.1, whose budget of failed sign-ins (5 in 10
  // minutes) the others' deliberate failures already use; a wrong code is tested in the API tests.
  await dialog.getByLabel('验证码').fill(recovery);
  await dialog.getByRole('button', { name: '验证并登录' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '验证用户 的菜单' })).toBeVisible();

  // Off, with the password and a code (the next step's: this one may be spent).
  await page.goto('/userCenter');
  await expect(card).toContainText('已开启');
  await card.getByRole('button', { name: '管理两步验证' }).click();
  await expect(card.locator('[data-two-factor="on"]')).toContainText('还有 9 个恢复码可用');
  await card.getByLabel('当前密码').fill(user.password);
  await card.getByLabel('验证码或恢复码').fill(TOTP.generate({ secret, timestamp: Date.now() + 30_000 }));
  await card.getByRole('button', { name: '关闭两步验证' }).click();
  await expect(card.locator('[data-two-factor="off"]')).toBeVisible();
});

for (const [width, theme] of [
  [375, 'dark'],
  [1440, 'light'],
] as const)
  test(`axe: the 2FA settings and the login's code step at ${width} px (${theme}), nothing wider than the screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    const user = await createUser();
    await signIn(page, user);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto('/userCenter');
    const card = page.locator('[data-two-factor-card]');
    await card.getByRole('button', { name: '设置两步验证' }).click();
    await card.getByLabel('当前密码').fill(user.password);
    expect(await seriousViolations(page, '[data-two-factor-card]')).toEqual([]);
    await card.getByRole('button', { name: '开启两步验证' }).click();
    await expect(card.getByRole('img', { name: PANEL_TEXT })).toBeVisible();
    expect(await seriousViolations(page, '[data-two-factor-card]')).toEqual([]);
    expect(await fits()).toBeLessThanOrEqual(width);
    const secret = (await card.locator('[data-otp-secret]').getAttribute('data-otp-secret')) as string;
    await card
      .getByLabel('验证码', { exact: true })
      .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await card.getByRole('button', { name: '确认开启' }).click();
    await expect(card.locator('[data-recovery-codes] li')).toHaveCount(10);
    expect(await seriousViolations(page, '[data-two-factor-card]')).toEqual([]);
    expect(await fits()).toBeLessThanOrEqual(width);

    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
      sessionStorage.setItem('__signedIn', '1');
    });
    await useTheme(page, theme);
    await page.goto('/home');
    // The header hides while the page scrolls down (a late layout shift on a busy machine can do it):
    // at the top it shows, with its login button.
    const entry = page.locator('#site-header [data-login-entry]');
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(entry).toBeInViewport({ timeout: 1000 });
    }).toPass();
    await entry.click();
    const dialog = page.locator('[data-login-dialog]');
    await dialog.getByLabel('用户账号').fill(user.username);
    await dialog.getByLabel('密码', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(dialog.getByRole('heading', { name: '两步验证' })).toBeVisible();
    expect(await seriousViolations(page, '[data-login-dialog]')).toEqual([]);
  });
