import type { Page } from '@playwright/test';
import { encode } from '../../src/lib/storage.ts';
import { createUser, signIn, tokenFor } from './accounts.ts';
import { expect, expectToast, pageIdle, recordToasts, shownToasts, test } from './fixtures.ts';

/** The welcome toast (titled 欢迎～), however long ago it was shown (toast-log.ts). */
const greeted = (page: Page, says: RegExp) => expectToast(page, says, '欢迎～');
const greetings = (page: Page) => shownToasts(page).filter((t) => t.title === '欢迎～');

test('first load greets once per window: generic when signed out, by nick name when signed in', async ({
  page,
  browser,
}) => {
  await page.clock.setFixedTime(new Date('2026-11-20T10:30:00+08:00'));
  let headers = 0;
  page.on('request', (r) => r.url().endsWith('/api/pageHeader/getAll') && headers++);
  await page.goto('/home');
  await greeted(page, /欢迎来到本站/);
  await expect.poll(() => page.evaluate(() => window.name)).not.toBe('');
  // The page headers are in the static-data state (local storage, encoded).
  await expect
    .poll(() =>
      page.evaluate((key) => {
        const raw = localStorage.getItem(key);
        return raw ? JSON.parse(decodeURIComponent(atob(raw))).pageHeaderList?.length : 0;
      }, encode('staticData')),
    )
    .toBeGreaterThan(0);
  expect(headers).toBe(1);
  // A reload keeps the window's name: no second greeting, no second fetch.
  await page.reload();
  await expect(page.locator('#site-header')).toBeVisible();
  await pageIdle(page);
  // The first-load step has run: a greeting it raised would be on screen now (for 3 s).
  expect(await page.locator('[data-toast]').filter({ hasText: '欢迎～' }).count()).toBe(0);
  expect(greetings(page)).toHaveLength(1);
  expect(headers).toBe(1);

  const ctx = await browser.newContext({ baseURL: process.env.E2E_URL });
  await recordToasts(ctx);
  const signedIn = await ctx.newPage();
  await signedIn.clock.setFixedTime(new Date('2026-11-20T15:00:00+08:00'));
  const user = await createUser({ nick_name: '下午茶' });
  await signIn(signedIn, user);
  await signedIn.goto('/talk');
  await greeted(signedIn, /^下午好，下午茶，/);
  await ctx.close();
});

test('user id 3 gets the special welcome', async ({ page }) => {
  await signIn(page, {
    id: 3,
    username: 'qiuyu_dev',
    password: '',
    nick_name: '秋雨',
    role: 2,
    token: tokenFor({ id: 3, role: 2 }),
  });
  await page.goto('/home');
  await greeted(page, /大佬光临，真是三生有幸/);
});

test('a 401 clears the session and opens the login dialog', async ({ page }) => {
  const user = await createUser({ nick_name: '过期用户' });
  // A token from before a logout elsewhere: well signed, but of an older token version.
  await signIn(page, { ...user, token: tokenFor(user, 5) });
  await page.goto('/userCenter');
  await expectToast(page, '登录过期，请重新登录', '错误提示');
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
  await expect(page.locator('[data-login-dialog]').getByRole('heading', { name: '登录' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#site-header [data-login-entry]')).toBeVisible();
  const left = await page.evaluate(
    ([t, u]) => [localStorage.getItem(t), localStorage.getItem(u)],
    [encode('token'), encode('userInfo')],
  );
  expect(left).toEqual([null, null]);
});

test('stored user info that fails to decrypt is cleared', async ({ page }) => {
  const user = await createUser({ nick_name: '坏数据' });
  await signIn(page, user);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: '坏数据 的菜单' })).toBeVisible();
  await page.evaluate(
    ([k]) => {
      localStorage.setItem(k, btoa('garbage that is not ours'));
      sessionStorage.clear();
      sessionStorage.setItem('__signedIn', '1');
    },
    [encode('userInfo')],
  );
  await page.reload();
  await expect(page.locator('#site-header [data-login-entry]')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), encode('token'))).toBeNull();
});

test('logout from /userCenter lands on /home and ends the token on the server', async ({ page, request }) => {
  const user = await createUser({ nick_name: '要走了' });
  await signIn(page, user);
  await page.goto('/userCenter');
  await expect(page.locator('[data-user-center]')).toBeVisible();
  await page.getByRole('button', { name: '要走了 的菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, '退出成功');
  await expect(page.locator('#site-header [data-login-entry]')).toBeVisible();
  await expect
    .poll(async () =>
      (await request.get('/api/todo/list', { headers: { Authorization: `Bearer ${user.token}` } })).status(),
    )
    .toBe(401);
});

test('on a phone the drawer avatar opens the login dialog, or the personal center when signed in', async ({
  browser,
}) => {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 740 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    baseURL: process.env.E2E_URL,
  });
  const page = await ctx.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.locator('[data-drawer]').getByRole('button', { name: '登录' }).click();
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
  const box = await page.locator('[data-login-dialog]').boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');

  const user = await createUser({ nick_name: '手机用户' });
  const signed = await ctx.newPage();
  await signIn(signed, user);
  await signed.goto('/home');
  await signed.getByRole('button', { name: '打开菜单' }).click();
  await signed.locator('[data-drawer]').getByRole('button', { name: '个人中心' }).click();
  await expect(signed).toHaveURL(/\/userCenter$/);
  await ctx.close();
});
