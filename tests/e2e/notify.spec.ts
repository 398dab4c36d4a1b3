import { createUser, signIn } from './accounts.ts';
import { postAs, query, unique } from './community.ts';
import { expect, expectToast, headerReady, test } from './fixtures.ts';

test('a reply lights the badge; opening the item marks it read and leads to the article', async ({
  page,
  request,
}) => {
  const alice = await createUser({ nick_name: unique('甲') });
  const bob = await createUser({ nick_name: unique('乙') });
  const top = await postAs(request, alice, '/api/comment/add', { type: 1, for_id: 2, content: '写得真好' });
  await postAs(request, bob, '/api/comment/apply', {
    type: 1,
    for_id: 2,
    parent_id: top.id,
    to_id: alice.id,
    content: '<i>同意</i>',
  });

  await signIn(page, alice);
  await page.goto('/home');
  await headerReady(page);
  const bell = page.locator('[data-notify-bell]');
  await expect(bell.locator('[data-unread-badge]')).toHaveText('1');

  await bell.click();
  const drawer = page.getByRole('dialog', { name: '我的消息' });
  await expect(drawer).toBeVisible();
  // docs/product.md#message-drawer: from the left, 40% wide on desktop.
  // (polled: it slides in)
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(Math.round(1440 * 0.4));
  const item = drawer.locator('[data-notify-item]');
  await expect(item).toHaveCount(1);
  // The name is shown bold (markup passed the check); the reply's own text is text, never a tag.
  await expect(item.locator('b')).toHaveText(bob.nick_name);
  await expect(item).toContainText('<i>同意</i>');
  await expect(item.locator('i')).toHaveCount(0);
  await expect(item).toContainText('未读');

  await item.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/article\?id=2$/);
  await expect(drawer).toHaveCount(0);
  await expect(bell.locator('[data-unread-badge]')).toHaveCount(0);
  expect(query<{ isView: number }>('SELECT isView FROM notify WHERE user_id = ?', alice.id)).toEqual([
    { isView: 2 },
  ]);
  // Still read after a reload (the count comes from the server).
  await page.reload();
  await headerReady(page);
  await expect(bell).toBeVisible();
  await expect(bell.locator('[data-unread-badge]')).toHaveCount(0);
});

test('deleting asks first; a failed delete shows the server message; 9+ and load more', async ({
  page,
  request,
}) => {
  const carol = await createUser({ nick_name: unique('丙') });
  const posters = await Promise.all([createUser(), createUser()]);
  // 12 guestbook comments on Carol's message: 12 unread notifications.
  const msg = await postAs(request, carol, '/api/message/add', { message: unique('留言') });
  const messageId =
    msg?.id ?? query<{ id: number }>('SELECT id FROM message WHERE user_id = ?', carol.id)[0].id;
  for (let i = 0; i < 12; i++)
    await postAs(request, posters[i % 2], '/api/comment/add', {
      type: 3,
      for_id: messageId,
      content: i === 11 ? '说说 window 对象' : `第${i}条`,
    });

  await signIn(page, carol);
  await page.goto('/home');
  await headerReady(page);
  await expect(page.locator('[data-notify-bell] [data-unread-badge]')).toHaveText('9+');

  // The avatar menu has the entry too.
  await page.locator('[data-user-menu] button').first().click();
  await page.getByRole('menuitem', { name: '我的消息' }).click();
  const drawer = page.getByRole('dialog', { name: '我的消息' });
  const items = drawer.locator('[data-notify-item]');
  await expect(items).toHaveCount(10);
  // docs/product.md#html-content-check: a message with one of the listed words shows as plain text (no bold
  // name), the others as markup.
  await expect(items.first()).toContainText('window 对象');
  await expect(items.first().locator('b')).toHaveCount(0);
  await expect(items.nth(1).locator('b')).toHaveCount(1);
  await drawer.getByRole('button', { name: '点击加载更多～' }).click();
  await expect(items).toHaveCount(12);
  await expect(drawer.getByText('已经到底了')).toBeVisible();

  // Declining the question keeps the item.
  const first = items.first();
  const firstId = await first.getAttribute('data-notify-item');
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await first.getByRole('button', { name: '删除消息' }).click();
  expect(asked).toBe('确定删除吗?');
  await expect(items).toHaveCount(12);

  // Accepting deletes it.
  page.once('dialog', (d) => void d.accept());
  await first.getByRole('button', { name: '删除消息' }).click();
  await expect(drawer.locator(`[data-notify-item="${firstId}"]`)).toHaveCount(0);
  await expect(items).toHaveCount(11);
  await expect(page.locator('[data-notify-bell] [data-unread-badge]')).toHaveText('9+');

  // Deleted elsewhere in the meantime: the server's refusal shows as 错误提示.
  const next = items.first();
  const nextId = Number(await next.getAttribute('data-notify-item'));
  const gone = await request.put(`/api/notify/delete/${nextId}`, {
    headers: { Authorization: `Bearer ${carol.token}` },
  });
  expect((await gone.json()).code).toBe(0);
  page.once('dialog', (d) => void d.accept());
  await next.getByRole('button', { name: '删除消息' }).click();
  await expectToast(page, '消息不存在或已删除', '错误提示');

  // Esc closes the drawer.
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('the drawer is 80% wide on a phone', async ({ browser }) => {
  const dave = await createUser();
  const context = await browser.newContext({
    baseURL: process.env.E2E_URL,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await signIn(page, dave);
  await page.goto('/home');
  await headerReady(page);
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.locator('[data-drawer]').getByRole('button', { name: '我的消息' }).click();
  const drawer = page.getByRole('dialog', { name: '我的消息' });
  await expect(drawer.getByText('空空如也')).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(300);
  await context.close();
});

test('a friend-link application notice leads to the site’s admin_url (the console), else to /link/list', async ({
  page,
  request,
}) => {
  // A second admin of its own, so the seeded and other tests' notices do not crowd the drawer.
  const owner = await createUser({ nick_name: unique('站长'), role: 1 });
  const applicant = await createUser({ nick_name: unique('申请人') });
  const apply = async () => {
    const name = unique('待审小站');
    await postAs(request, applicant, '/api/links/add', {
      site_name: name,
      site_desc: '一个等待审核的小站',
      site_avatar: '',
      url: `https://${unique('s')}.example/`,
    });
    return name;
  };
  const open = async (name: string) => {
    await page.goto('/home');
    await headerReady(page);
    await page.locator('[data-notify-bell]').click();
    const drawer = page.getByRole('dialog', { name: '我的消息' });
    const item = drawer.locator('[data-notify-item]').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await item.getByRole('button').first().click();
  };
  await signIn(page, owner);
  const pages = page.context().pages().length;

  // The demo site's admin_url is the owner console, /admin (which opens its first screen): same tab.
  await open(await apply());
  await expect(page).toHaveURL(/\/admin(\/[a-z]+)?$/);
  expect(page.context().pages()).toHaveLength(pages);

  // Without an admin_url: the review list of /link/list, with the application in it.
  await postAs(request, owner, '/api/config/update', { admin_url: '' });
  try {
    const name = await apply();
    await open(name);
    await expect(page).toHaveURL(/\/link\/list$/);
    expect(page.context().pages()).toHaveLength(pages);
    await expect(page.locator('[data-link-review] li').filter({ hasText: name })).toHaveCount(1);
  } finally {
    await postAs(request, owner, '/api/config/update', { admin_url: '/admin' });
  }
});
