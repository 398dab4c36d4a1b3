import type { Page } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { postAs, unique } from './community.ts';
import { expect, test } from './fixtures.ts';
import { BUDGET, scriptBytes, scriptTotal } from './script-bytes.ts';

/**
 * docs/decisions/0010-islands-on-interaction.md: a reader who only reads an article downloads ≤ 20 KB gzip
 * of JavaScript (the comments' first page and the like counts are server HTML, the comments island is
 * client:interaction), and the first press on the island (a like, "load more", reply, the comment box) does
 * exactly what it did when the island hydrated at once.
 */

const comments = (page: Page, id: number) => page.locator(`[data-comments="1-${id}"]`);
const island = (page: Page, id: number) => page.locator(`astro-island:has([data-comments="1-${id}"])`);

/** Reads the article to its end, comments included, and lets every lazy thing settle. */
async function read(page: Page, id: number) {
  await page.goto(`/article?id=${id}`);
  // The like under the body asks for the viewer's state when it comes into view.
  await page.locator('[data-article-like]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-article-like]')).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await comments(page, id).scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
}

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

test('a reader who only reads gets the comments and counts as HTML and ≤ 20 KB of JavaScript', async ({
  page,
}) => {
  const user = await createUser({ nick_name: unique('读者') });
  const text = unique('服务器渲染的评论 ');
  await postAs(page.request, user, '/api/comment/add', { type: 1, for_id: 3, content: text });
  const bytes = scriptBytes(page);
  await read(page, 3);
  // Still server HTML: the comment, its author and the counts are there without the island's code.
  await expect(island(page, 3)).toHaveAttribute('ssr');
  const mine = comments(page, 3).locator('[data-comment]', { hasText: text });
  await expect(mine).toContainText(user.nick_name);
  await expect(comments(page, 3).locator('[data-like="1-3"] [data-like-count]')).not.toBeEmpty();
  expect([...bytes.keys()].filter((p) => /\/(react|Comments)\./.test(p))).toEqual([]);
  expect(await scriptTotal(page, bytes), JSON.stringify([...bytes])).toBeLessThanOrEqual(BUDGET);
});

test('the first click on the like above the comments likes the article', async ({ page }) => {
  // An article of its own: another test likes and unlikes a seeded one, and a page served from the page
  // cache in between shows a count that is no longer the server's.
  const headers = { Authorization: `Bearer ${admin().token}` };
  const made = await page.request.post('/api/article/add', {
    data: { article_title: unique('点赞测试 '), article_content: '正文', status: 1 },
    headers,
  });
  const id = (await made.json()).result.id as number;
  try {
    const bytes = scriptBytes(page);
    await read(page, id);
    expect(await scriptTotal(page, bytes)).toBeLessThanOrEqual(BUDGET);
    await expect(island(page, id)).toHaveAttribute('ssr');
    const like = comments(page, id).locator(`[data-like="1-${id}"]`);
    await expect(like).toHaveText('0');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText('1');
    // The like under the body shows the same state (one store).
    await expect(page.locator('[data-article-like]')).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await page.request.delete(`/api/article/delete/${id}/1`, { headers });
    await page.request.delete(`/api/article/delete/${id}/3`, { headers });
  }
});

test('the first click on a comment like likes that comment', async ({ page }) => {
  const author = await createUser({ nick_name: unique('作者') });
  const text = unique('给我点个赞 ');
  const made = await postAs(page.request, author, '/api/comment/add', { type: 1, for_id: 2, content: text });
  await read(page, 2);
  await expect(island(page, 2)).toHaveAttribute('ssr');
  const like = comments(page, 2).locator(`[data-like="4-${made.id}"]`);
  await expect(like).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
});

test('the first click on "load more" loads the next page', async ({ page }) => {
  test.setTimeout(60_000);
  // More than one page (10) of top-level comments on article 4, from two writers (10 a minute each).
  const writers = [await createUser(), await createUser()];
  for (let i = 0; i < 12; i++)
    await postAs(page.request, writers[i % 2], '/api/comment/add', {
      type: 1,
      for_id: 4,
      content: unique('楼 '),
    });
  await read(page, 4);
  await expect(island(page, 4)).toHaveAttribute('ssr');
  const items = comments(page, 4).locator('li[data-comment-id]');
  await expect(items).toHaveCount(10);
  await comments(page, 4).getByRole('button', { name: '点击加载更多～' }).click();
  await expect.poll(() => items.count()).toBeGreaterThan(10);
  // Each thread once: the island's own refresh of the first page did not undo or repeat it.
  const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-comment-id')));
  expect(new Set(ids).size).toBe(ids.length);
});

test('the first click on reply opens the reply box, focused (a guest is asked to log in)', async ({
  page,
}) => {
  const author = await createUser({ nick_name: unique('楼主') });
  const text = unique('请回复我 ');
  await postAs(page.request, author, '/api/comment/add', { type: 1, for_id: 5, content: text });
  await read(page, 5);
  await expect(island(page, 5)).toHaveAttribute('ssr');
  const thread = comments(page, 5).locator('li', { hasText: text });
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
});

test("a guest's first focus into the comment box asks them to log in", async ({ page }) => {
  await read(page, 3);
  await expect(island(page, 3)).toHaveAttribute('ssr');
  await comments(page, 3).getByRole('textbox', { name: '说点什么吧～' }).focus();
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
});

test("a signed-in reader's island hydrates in view: their delete button, and a reply that posts", async ({
  page,
}) => {
  const user = await createUser({ nick_name: unique('写手') });
  const text = unique('我自己的评论 ');
  await postAs(page.request, user, '/api/comment/add', { type: 1, for_id: 3, content: text });
  await signIn(page, user);
  await read(page, 3);
  await expect(island(page, 3)).not.toHaveAttribute('ssr');
  const thread = comments(page, 3).locator('li', { hasText: text });
  await expect(thread.getByRole('button', { name: '删除评论' })).toBeVisible();
  await thread.getByRole('button', { name: '回复' }).first().click();
  const box = thread.getByRole('textbox', { name: `回复 @${user.nick_name}` });
  await expect(box).toBeFocused();
  const reply = unique('补充一句 ');
  await box.fill(reply);
  await thread.getByRole('button', { name: '回复', exact: true }).last().click();
  await expect(thread.locator('[data-comment]', { hasText: reply })).toContainText(user.nick_name);
});
