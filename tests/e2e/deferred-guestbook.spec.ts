import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, signIn, type TestUser } from './accounts.ts';
import { postAs, query, unique, write } from './community.ts';
import { expect, test } from './fixtures.ts';
import { BUDGET, reactChunks, scriptBytes, scriptTotal } from './script-bytes.ts';

/**
 * docs/decisions/0010-islands-on-interaction.md on the guestbook: the board's first page and a message's
 * like count and comments are server HTML; their code and React arrive on the reader's first press inside
 * them (client:interaction), and that first press (a like, "load more", a tag, reply, the comment box) does
 * what it did when they hydrated at once. The board hydrates at once for a visitor whose own state the HTML
 * cannot show.
 */

const board = (page: Page) => page.locator('astro-island:has([data-layout])');
const messages = (page: Page) => page.locator('[data-message-id]');
const detail = (page: Page, id: number) => page.locator(`astro-island:has([data-comments="3-${id}"])`);

/** A page as a guest reads it: scrolled to the end, every lazy thing settled. */
async function read(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

/** Guests like by address, and every test comes from 127.0.0.1: this message starts from no like. */
const noGuestLike = (id: number) =>
  write(`DELETE FROM "like" WHERE type = 3 AND for_id = ? AND user_id IS NULL`, id);

/**
 * A message by `user`, older than every other (the board's first page stays the same for other tests),
 * saved once through the API so the cached board pages that counted the messages are dropped.
 */
async function oldMessage(request: APIRequestContext, user: TestUser): Promise<number> {
  const content = unique('很久以前的留言 ');
  const at = '2000-01-01T00:00:00.000Z';
  write(
    `INSERT INTO message (message, tag, color, font_size, font_weight, bg_color, bg_url, like_times, nick_name, user_id, "createdAt", "updatedAt")
     VALUES (?, '', '', 16, 400, '', '', 0, ?, ?, ?, ?)`,
    content,
    user.nick_name,
    user.id,
    at,
    at,
  );
  const [{ id }] = query<{ id: number }>('SELECT id FROM message WHERE message = ?', content);
  await postAs(request, user, '/api/message/update', { id, message: content });
  return id;
}

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

test('a reader who only reads the board gets the messages and counts as HTML and ≤ 20 KB of JavaScript', async ({
  page,
}) => {
  const bytes = scriptBytes(page);
  await read(page, '/message/list');
  await expect(board(page)).toHaveAttribute('ssr');
  await expect(messages(page)).toHaveCount(12);
  await expect(messages(page).first().locator('[data-like^="3-"] [data-like-count]')).not.toBeEmpty();
  expect(reactChunks(bytes, 'MessageBoard')).toEqual([]);
  expect(await scriptTotal(page, bytes), JSON.stringify([...bytes])).toBeLessThanOrEqual(BUDGET);
});

test("a guest's first click on a message's like likes it", async ({ page }) => {
  await read(page, '/message/list');
  const message = messages(page).nth(10);
  const id = Number(await message.getAttribute('data-message-id'));
  noGuestLike(id);
  const like = message.locator(`[data-like="3-${id}"]`);
  const before = Number((await like.textContent())?.trim());
  await expect(board(page)).toHaveAttribute('ssr');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(before + 1));
});

test('the first click on "load more" loads the next page', async ({ page }) => {
  const id = await oldMessage(page.request, await createUser());
  await read(page, '/message/list');
  await expect(board(page)).toHaveAttribute('ssr');
  await page.getByRole('button', { name: '点击加载更多～' }).click();
  await expect.poll(() => messages(page).count()).toBeGreaterThan(12);
  await expect(page.locator(`[data-message-id="${id}"]`)).toHaveCount(1);
  const ids = await messages(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
  expect(new Set(ids).size).toBe(ids.length);
});

test('the first click on a hot tag filters the board', async ({ page }) => {
  await read(page, '/message/list');
  await expect(board(page)).toHaveAttribute('ssr');
  await page.getByRole('button', { name: /#技术/ }).click();
  await expect(page).toHaveURL(/tag=%E6%8A%80%E6%9C%AF/);
  await expect
    .poll(async () => (await messages(page).allInnerTexts()).every((t) => t.includes('#技术')))
    .toBe(true);
});

test('a visitor who chose cards gets the board hydrated at once, as cards, without touching it', async ({
  page,
}) => {
  await read(page, '/message/list');
  // The choice, as the layout switch stores it.
  await page.evaluate(() => {
    const key = btoa(encodeURIComponent('staticData'));
    const value = { previewTheme: 'default', codeTheme: 'atom', messageTypeIsCard: true };
    localStorage.setItem(key, btoa(encodeURIComponent(JSON.stringify(value))));
  });
  await page.reload();
  await expect(board(page)).not.toHaveAttribute('ssr');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'card');
});

test('a message page as HTML: its like count and comments, ≤ 20 KB of JavaScript; the first like likes it', async ({
  page,
}) => {
  const user = await createUser({ nick_name: unique('留言读者') });
  const id = query<{ id: number }>('SELECT id FROM message ORDER BY id LIMIT 1 OFFSET 3')[0].id;
  const text = unique('服务器渲染的留言评论 ');
  await postAs(page.request, user, '/api/comment/add', { type: 3, for_id: id, content: text });
  noGuestLike(id);
  const bytes = scriptBytes(page);
  await read(page, `/message/detail?id=${id}`);
  await expect(detail(page, id)).toHaveAttribute('ssr');
  await expect(page.locator(`[data-comments="3-${id}"] [data-comment]`, { hasText: text })).toContainText(
    user.nick_name,
  );
  const like = page.locator(`[data-like="3-${id}"]`).first();
  const before = Number((await like.textContent())?.trim());
  expect(reactChunks(bytes, 'MessageDetail|Comments')).toEqual([]);
  expect(await scriptTotal(page, bytes), JSON.stringify([...bytes])).toBeLessThanOrEqual(BUDGET);

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(before + 1));
});

test('a message page: the first click on reply opens the reply box, the first focus in the comment box asks a guest to log in', async ({
  page,
}) => {
  const author = await createUser({ nick_name: unique('留言楼主') });
  const id = query<{ id: number }>('SELECT id FROM message ORDER BY id LIMIT 1 OFFSET 4')[0].id;
  const text = unique('请回复这条 ');
  await postAs(page.request, author, '/api/comment/add', { type: 3, for_id: id, content: text });
  await read(page, `/message/detail?id=${id}`);
  await expect(detail(page, id)).toHaveAttribute('ssr');
  const section = page.locator(`[data-comments="3-${id}"]`);
  const thread = section.locator('li', { hasText: text });
  // The focus is the reply box's until the login dialog it opens (a modal) takes it: record it.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { focusedLabels: seen });
    document.addEventListener('focusin', (e) => seen.push((e.target as Element).ariaLabel ?? ''));
  });
  await thread.getByRole('button', { name: '回复' }).first().click();
  await expect(thread.getByRole('textbox', { name: `回复 @${author.nick_name}` })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { focusedLabels: string[] }).focusedLabels))
    .toContain(`回复 @${author.nick_name}`);
  await expect(page.locator('[data-login-dialog]')).toBeVisible();

  await read(page, `/message/detail?id=${id}`);
  await expect(detail(page, id)).toHaveAttribute('ssr');
  await section.getByRole('textbox', { name: '说点什么吧～' }).focus();
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
});

test("a message's author: the page hydrates in view with their edit and delete", async ({ page }) => {
  const user = await createUser({ nick_name: unique('留言作者') });
  const id = await oldMessage(page.request, user);
  await signIn(page, user);
  await page.goto(`/message/detail?id=${id}`);
  await expect(detail(page, id)).not.toHaveAttribute('ssr');
  await expect(page.getByRole('link', { name: '编辑', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '删除' })).toBeVisible();
  await page.request.put('/api/message/delete', {
    data: { idList: [id] },
    headers: { Authorization: `Bearer ${user.token}` },
  });
});
