import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { admin, createUser, signIn, type TestUser } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { postAs, query, unique } from './community.ts';
import { expect, expectToast, headerReady, test } from './fixtures.ts';

/** An application by `user` (through the API: the form is the visitor side's, tested in links.spec). */
async function apply(request: APIRequestContext, user: TestUser, name: string, url: string) {
  return (
    await postAs(request, user, '/api/links/add', {
      site_name: name,
      site_desc: '邻居',
      site_avatar: '',
      url,
    })
  ).id as number;
}

/** Removes the links a test made (whatever it reached). */
async function cleanUp(request: APIRequestContext, urls: string[]) {
  const ids = urls
    .flatMap((u) => query<{ id: number }>('SELECT id FROM link WHERE url = ?', u))
    .map((r) => r.id);
  if (ids.length)
    await request.put('/api/links/delete', {
      data: { idList: ids },
      headers: { Authorization: `Bearer ${admin().token}` },
    });
}

async function openLinks(page: Page) {
  await signIn(page, admin());
  await page.goto('/admin/links');
  await consoleReady(page, '友链');
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

/** The applicant's notifications drawer, opened on /home; the newest item. */
async function newestNotice(browser: Browser, user: TestUser) {
  const page = await browser.newPage();
  await signIn(page, user);
  await page.goto('/home');
  await headerReady(page);
  await page.locator('[data-notify-bell]').click();
  const drawer = page.getByRole('dialog', { name: '我的消息' });
  const item = drawer.locator('[data-notify-item]').first();
  await expect(item).toBeVisible();
  return { page, item };
}

test('an application approved is on /link/list and its applicant is told; one rejected with a reason tells why', async ({
  page,
  request,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const good = { name: unique('好邻居'), url: `https://good-${stamp}.example/` };
  const bad = { name: unique('坏邻居'), url: `https://bad-${stamp}.example/` };
  const reason = unique('网站内容与本站无关');
  try {
    const alice = await createUser();
    const bob = await createUser();
    await apply(request, alice, good.name, good.url);
    await apply(request, bob, bad.name, bad.url);

    await openLinks(page);
    await expect(page.getByRole('tab', { name: '待审核', selected: true })).toBeVisible();
    await page.getByRole('searchbox', { name: '按网站名称搜索友链' }).fill(good.name);
    await page.getByRole('button', { name: `通过${good.name}` }).click();
    await expectToast(page, `已通过「${good.name}」，申请人会收到通知`);
    await expect(page.getByText('没有相符的友链')).toBeVisible();

    await page.getByRole('searchbox', { name: '按网站名称搜索友链' }).fill(bad.name);
    await page.getByRole('button', { name: `拒绝${bad.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `拒绝「${bad.name}」的友链申请` });
    await dialog.getByRole('textbox', { name: '原因（可不填）' }).fill(reason);
    await dialog.getByRole('button', { name: '拒绝' }).click();
    await expectToast(page, '已拒绝，申请人会收到通知');
    await expect(page.getByText('没有相符的友链')).toBeVisible();
    expect(query('SELECT id FROM link WHERE url = ?', bad.url)).toEqual([]);

    // The visitor side: the approved site is listed.
    await page.goto('/link/list');
    await expect(page.locator('a[data-link-id]').filter({ hasText: good.name })).toHaveCount(1);

    // Alice hears of the approval; opening it leads her to /link/list (not the admin site).
    const a = await newestNotice(browser, alice);
    await expect(a.item).toContainText(`你的友链「${good.name}」已通过审核`);
    await a.item.getByRole('button').first().click();
    await expect(a.page).toHaveURL(/\/link\/list$/);
    await a.page.close();
    // Bob reads why his was refused.
    const b = await newestNotice(browser, bob);
    await expect(b.item).toContainText(`你的友链「${bad.name}」未通过审核，原因：${reason}`);
    await b.page.close();
  } finally {
    await cleanUp(request, [good.url, bad.url]);
  }
});

test('the list read after an approve keeps the search typed while the approve was on its way', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const first = { name: unique('先到'), url: `https://first-${stamp}.example/` };
  const second = { name: unique('后到'), url: `https://second-${stamp}.example/` };
  try {
    await apply(request, await createUser(), first.name, first.url);
    await apply(request, await createUser(), second.name, second.url);
    await openLinks(page);
    const search = page.getByRole('searchbox', { name: '按网站名称搜索友链' });
    await search.fill(first.name);
    await expect(page.getByRole('row').filter({ hasText: second.name })).toHaveCount(0);

    // The approve's answer waits until the admin has searched for the other application.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/links/approve', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: `通过${first.name}` }).click();
    await search.fill(second.name);
    await expect(page.getByRole('button', { name: `通过${second.name}` })).toBeVisible();

    const reread = page.waitForRequest((r) => r.url().endsWith('/api/links/getLinksList'));
    release();
    expect((await reread).postDataJSON()).toMatchObject({ status: 1, site_name: second.name });
    await expectToast(page, `已通过「${first.name}」，申请人会收到通知`);
    await expect(page.getByRole('button', { name: `通过${second.name}` })).toBeVisible();
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await cleanUp(request, [first.url, second.url]);
  }
});

test('a link whose site does not answer is marked unreachable after 立即检测; edit and delete ask first', async ({
  page,
  request,
}) => {
  // A port nothing listens on: a server was there and closed (the check goes to 127.0.0.1 only).
  const gone = http.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/`;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
  const name = unique('关站');
  const renamed = unique('改名');
  try {
    await postAs(request, admin(), '/api/links/backUpdate', {
      site_name: name,
      site_desc: '',
      site_avatar: '',
      url,
    });
    const [{ id }] = query<{ id: number }>('SELECT id FROM link WHERE url = ?', url);
    await request.put('/api/links/approve', {
      data: { idList: [id] },
      headers: { Authorization: `Bearer ${admin().token}` },
    });

    await openLinks(page);
    await page.getByRole('tab', { name: '已通过' }).click();
    await page.getByRole('searchbox', { name: '按网站名称搜索友链' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('尚未检测');
    await row.getByRole('button', { name: `立即检测${name}` }).click();
    await expect(row).toContainText(/无法访问，自 \d{4}-\d{2}-\d{2} 起/);

    await row.getByRole('button', { name: `编辑${name}` }).click();
    const edit = page.getByRole('dialog', { name: `编辑友链「${name}」` });
    await edit.getByRole('textbox', { name: '网站名称' }).fill('');
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit.getByRole('alert')).toHaveText('请输入网站名称');
    await edit.getByRole('textbox', { name: '网站名称' }).fill(renamed);
    // The group of /link/list: the server's length rule is said first.
    await edit.getByLabel('分组').fill('长'.repeat(21));
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit.getByRole('alert')).toHaveText('分组不能超过20个字');
    await edit.getByLabel('分组').fill(' 常去的站 ');
    await edit.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '修改成功');
    expect(query('SELECT category FROM link WHERE id = ?', id)).toEqual([{ category: '常去的站' }]);
    await page.getByRole('searchbox', { name: '按网站名称搜索友链' }).fill(renamed);
    const again = page.getByRole('row').filter({ hasText: renamed });
    await expect(again).toContainText(/无法访问/);

    await again.getByRole('button', { name: `删除${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: '删除友链' });
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(again).toHaveCount(1);
    await again.getByRole('button', { name: `删除${renamed}` }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    expect(query('SELECT id FROM link WHERE url = ?', url)).toEqual([]);
  } finally {
    await cleanUp(request, [url]);
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 友链 at ${width} px (${theme})`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    const user = await createUser();
    const url = `https://axe-${Date.now().toString(36)}.example/`;
    try {
      await apply(request, user, unique('待审'), url);
      await openLinks(page);
      const bad = async () => {
        const { violations } = await new AxeBuilder({ page }).analyze();
        return violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      expect(await bad()).toEqual([]);
      await page.getByRole('button', { name: /^拒绝/ }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await bad()).toEqual([]);
      await page.getByRole('button', { name: '取消' }).click();
      await page.getByRole('tab', { name: '已通过' }).click();
      await expect(page.getByText('加载中…')).toHaveCount(0);
      expect(await bad()).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await cleanUp(request, [url]);
    }
  });
}
