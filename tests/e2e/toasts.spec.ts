import type { APIRequestContext, Browser, Locator } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { hydrated, postAs, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/** A pending friend-link application made by a new user through the API. */
async function apply(request: APIRequestContext, name: string): Promise<void> {
  const user = await createUser();
  await postAs(request, user, '/api/links/add', {
    site_name: name,
    site_desc: '一句话介绍',
    site_avatar: '',
    url: `https://${unique('s')}.example/`,
  });
}

test('approving a friend link updates both lists in place: the 审核通过 toast stays on screen', async ({
  page,
  request,
}) => {
  const name = unique('审核小站');
  await apply(request, name);
  await signIn(page, admin());
  await page.goto('/link/list');
  await hydrated(page, '[data-link-review]');
  // A mark that a reload or a navigation would wipe.
  await page.evaluate(() => {
    (window as unknown as { __stay: number }).__stay = 1;
  });
  const pending = page.locator('[data-link-review] li').filter({ hasText: name });
  await pending.getByRole('button', { name: '通过' }).click();

  await expect(page.locator('[data-toaster]').getByText('审核通过')).toBeVisible();
  await expect(pending).toHaveCount(0);
  const card = page.locator('a[data-link-id]').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.locator('.ph')).toHaveText([...name][0]);
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);

  // The server agrees: after a reload the card is still there and the application is gone.
  await page.reload();
  await expect(page.locator('a[data-link-id]').filter({ hasText: name })).toHaveCount(1);
  await expect(page.locator('[data-link-review] li').filter({ hasText: name })).toHaveCount(0);
});

const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};
const phone = (browser: Browser) => browser.newContext({ ...PHONE, baseURL: process.env.E2E_URL });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(locator: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box && box.width > 0 && box.height > 0) out.push(box);
  }
  return out;
}

test('on a 390 px phone the first-visit toasts cover neither the open drawer’s first items nor the floating buttons', async ({
  browser,
}) => {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  await page.goto('/home');
  await page.locator('#site-header[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('[data-drawer]');
  await expect(drawer).toHaveAttribute('aria-hidden', 'false');
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  const toaster = page.locator('[data-toaster]');
  // The first visit's welcome and the music hint (raised when the page is idle).
  await expect(toaster.getByText('欢迎～')).toBeVisible();
  await expect(toaster.getByText('点击左边按钮听听歌吧～')).toBeVisible();

  const toasts = await boxes(toaster.locator('[role=status], [role=alert]'));
  expect(toasts.length).toBeGreaterThan(0);
  const covered = [
    ...(await boxes(drawer.locator('button[data-avatar], [data-drawer-close]'))),
    ...(await boxes(drawer.locator('nav a').locator('nth=0'))),
    ...(await boxes(drawer.locator('nav a').locator('nth=1'))),
    ...(await boxes(drawer.locator('nav a').locator('nth=2'))),
    ...(await boxes(page.locator('[data-chat-button], [data-music-player] > button'))),
  ];
  expect(covered.length).toBe(7);
  for (const t of toasts)
    for (const c of covered) expect(overlaps(t, c), JSON.stringify({ t, c })).toBe(false);
  await ctx.close();
});

test('on a 390 px phone a login leaves no repeated toast: one welcome, and a repeated error counted', async ({
  browser,
}) => {
  const user = await createUser({ nick_name: '手机登录' });
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  await page.goto('/home');
  await page.locator('#site-header[data-hydrated]').waitFor({ state: 'attached' });
  const toaster = page.locator('[data-toaster]');
  await expect(toaster.getByText('欢迎～')).toBeVisible();
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.locator('[data-drawer]').getByRole('button', { name: '登录' }).click();
  const dialog = page.locator('[data-login-dialog]');
  await dialog.getByLabel('用户账号').fill(user.username);
  await dialog.getByLabel('密码', { exact: true }).fill('not-the-password1');

  // The same failure twice is one toast that says ×2.
  const failure = toaster.locator('[role=alert]').filter({ hasText: '用户名或密码错误' });
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(failure).toHaveCount(1);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(failure.getByText('×2')).toBeVisible();
  await expect(failure).toHaveCount(1);

  await dialog.getByLabel('密码', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(toaster.getByText('登录成功', { exact: true })).toBeVisible();
  await expect(toaster.getByText(/手机登录/)).toBeVisible();
  // The login's welcome replaced the first visit's: no text (title or message) is on screen twice.
  const texts = await toaster
    .locator('[role=status] :is(strong, [data-message]), [role=alert] :is(strong, [data-message])')
    .allInnerTexts();
  const seen = texts.map((t) => t.trim()).filter((t) => t && t !== '错误提示');
  expect(seen.filter((t, i) => seen.indexOf(t) !== i)).toEqual([]);
  await expect(toaster.getByText('欢迎～')).toHaveCount(1);
  await ctx.close();
});
