import { createUser, signIn, tokenFor } from './accounts.ts';
import { hydrated, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

test('publish a message, leave /message/list and come back to the same data and scroll place', async ({
  page,
}) => {
  const user = await createUser({ nick_name: unique('留言者') });
  await signIn(page, user);
  await page.goto('/message/publish');
  await hydrated(page, '[data-preview]');
  const text = unique('你好，留言板！');
  await page.getByLabel('留言内容').fill(text);
  await expect(page.locator('[data-preview]')).toContainText(text);
  await page.getByLabel('标签').fill('留言');
  await page.getByText('加粗').click();
  await page.getByRole('button', { name: '发布留言' }).click();

  // Back on the list, the new message is first.
  await expect(page).toHaveURL(/\/message\/list$/);
  await hydrated(page, '[data-layout]');
  const first = page.locator('[data-message-id]').first();
  await expect(first).toContainText(text);
  await expect(first.locator('[data-message-text]')).toHaveCSS('font-weight', '700');

  // Load the second page so there is more than the server's first page, then scroll down.
  await page.getByRole('button', { name: '点击加载更多～' }).click();
  const messages = page.locator('[data-message-id]');
  await expect.poll(() => messages.count()).toBeGreaterThan(12);
  const loaded = await messages.count();
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);

  // Leave through a message link (client-router navigation) and come back with the back button…
  const target = messages.nth(loaded - 2);
  await target.scrollIntoViewIfNeeded();
  const y2 = await page.evaluate(() => window.scrollY);
  // A DOM click: Playwright's own click could scroll the page first (the header may cover the link).
  const leave = () =>
    target
      .locator('a[href^="/message/detail"]')
      .first()
      .evaluate((a) => (a as HTMLElement).click());
  await leave();
  await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect.poll(() => messages.count()).toBe(loaded);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y2 - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - y2)).toBeLessThanOrEqual(5);

  // …and through a link (a new navigation, not history): the same pages and the same place again.
  await leave();
  await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/);
  await page.getByRole('link', { name: '← 返回留言板' }).click();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect.poll(() => messages.count()).toBe(loaded);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y2 - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - y2)).toBeLessThanOrEqual(5);
  await expect(messages.first()).toContainText(text);
});

test('cards or list by messageTypeIsCard, and hot tags filter the board', async ({ page }) => {
  await page.goto('/message/list');
  await hydrated(page, '[data-layout]');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'list');
  await page.getByRole('button', { name: '卡片布局' }).click();
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'card');
  // The choice is kept (static data in local storage).
  await page.reload();
  await hydrated(page, '[data-layout]');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'card');
  await page.getByRole('button', { name: /#技术/ }).click();
  await expect(page).toHaveURL(/tag=%E6%8A%80%E6%9C%AF/);
  await expect(page.locator('[data-message-id]').first()).toContainText('#技术');
  const tags = await page.locator('[data-message-id]').allInnerTexts();
  expect(tags.every((t) => t.includes('#技术'))).toBe(true);
  await page.getByRole('button', { name: '列表布局' }).click();
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'list');
});

test('markup in a guestbook message and in a comment is shown as text, never run', async ({
  page,
  request,
}) => {
  const user = await createUser();
  const auth = { authorization: `Bearer ${tokenFor(user)}` };
  const markup = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>${unique('')}`;
  const made = await request.post('/api/message/add', {
    data: { message: markup, tag: '留言' },
    headers: auth,
  });
  const id = (await made.json()).result.id as number;
  const comment = await request.post('/api/comment/add', {
    data: { type: 3, for_id: id, content: `${markup}<b>粗</b>` },
    headers: auth,
  });
  expect((await comment.json()).code).toBe(0);

  // The server's HTML carries it escaped, as the text of the message.
  const html = await (await request.get(`/message/detail?id=${id}`)).text();
  expect(html).toContain(
    '<p>&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;&lt;script&gt;window.__pwned=2',
  );

  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(`/message/detail?id=${id}`);
  await expect(page.locator('[data-message-text]')).toHaveText(markup);
  const comments = page.locator(`[data-comments="3-${id}"]`);
  await hydrated(page, `[data-comments="3-${id}"]`);
  await expect(comments.locator('[data-comment]').first()).toContainText(`${markup}<b>粗</b>`);
  await page.goto('/message/list');
  await hydrated(page, '[data-layout]');
  await expect(page.locator(`[data-message-id="${id}"] [data-message-text]`)).toHaveText(markup);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});
