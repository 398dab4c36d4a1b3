import type { Page } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { postAs, query, unique, write } from './community.ts';
import { expect, test } from './fixtures.ts';
import { BUDGET, reactChunks, scriptBytes, scriptTotal } from './script-bytes.ts';

/**
 * docs/decisions/0010-islands-on-interaction.md on /talk: the first page with its like and comment counts
 * is server HTML, the list's code and React arrive on the reader's first press inside it
 * (client:interaction), and that first press (a like, "load more", the comments) does what it did when the
 * list hydrated at once.
 */

const list = (page: Page) => page.locator('astro-island:has([data-talk-id])');
const talks = (page: Page) => page.locator('[data-talk-id]');

/** The list as a guest reads it: scrolled to the end, every lazy thing settled. */
async function read(page: Page, url = '/talk') {
  await page.goto(url);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

test('a reader who only reads gets the talks and their counts as HTML and ≤ 20 KB of JavaScript', async ({
  page,
}) => {
  const bytes = scriptBytes(page);
  await read(page);
  await expect(list(page)).toHaveAttribute('ssr');
  await expect(talks(page)).toHaveCount(10);
  const first = talks(page).first();
  await expect(first.locator('[data-like^="2-"] [data-like-count]')).not.toBeEmpty();
  await expect(first.getByRole('button', { name: /评论 \d+/ })).toBeVisible();
  expect(reactChunks(bytes, 'TalkList')).toEqual([]);
  expect(await scriptTotal(page, bytes), JSON.stringify([...bytes])).toBeLessThanOrEqual(BUDGET);
});

test('the server HTML dates each talk (a relative time would go stale in the cached page); once hydrated it says how long ago', async ({
  page,
}) => {
  await read(page);
  const time = talks(page).first().locator('time');
  await expect(list(page)).toHaveAttribute('ssr');
  await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  // A press inside the list hydrates it.
  await talks(page).first().locator('p').first().click();
  await expect(list(page)).not.toHaveAttribute('ssr');
  await expect(time).toHaveText(/(秒|分钟|小时|天)前$/);
});

test("a guest's first click on a talk's like likes it", async ({ page }) => {
  await read(page);
  const talk = talks(page).nth(9);
  const id = Number(await talk.getAttribute('data-talk-id'));
  // Guests like by address, and every test comes from 127.0.0.1: this one starts from no like.
  write(`DELETE FROM "like" WHERE type = 2 AND for_id = ? AND user_id IS NULL`, id);
  const like = talk.locator(`[data-like="2-${id}"]`);
  const before = Number((await like.textContent())?.trim());
  await expect(list(page)).toHaveAttribute('ssr');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(before + 1));
  expect(query('SELECT id FROM "like" WHERE type = 2 AND for_id = ? AND user_id IS NULL', id)).toHaveLength(
    1,
  );
});

test("the first click on a talk's comments opens them, and the box asks a guest to log in", async ({
  page,
}) => {
  await read(page);
  const talk = talks(page).first();
  const id = await talk.getAttribute('data-talk-id');
  await expect(list(page)).toHaveAttribute('ssr');
  await talk.getByRole('button', { name: /评论 \d+/ }).click();
  const section = talk.locator(`[data-comments="2-${id}"]`);
  await expect(section).toBeVisible();
  await section.getByRole('textbox', { name: '说点什么吧～' }).focus();
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
});

test('the first click on "load more" loads the next page', async ({ page, request }) => {
  // An eleventh talk, older than every other (the first page's ten stay the same for other tests),
  // written private and made public through the API, which drops the cached talk pages.
  const content = unique('最早的一条说说 ');
  const at = '2000-01-01T00:00:00.000Z';
  write(
    `INSERT INTO talk (user_id, content, status, is_top, like_times, "createdAt", "updatedAt") VALUES (1, ?, 2, 2, 0, ?, ?)`,
    content,
    at,
    at,
  );
  const [{ id }] = query<{ id: number }>('SELECT id FROM talk WHERE content = ?', content);
  const headers = { Authorization: `Bearer ${admin().token}` };
  try {
    expect((await (await request.put(`/api/talk/togglePublic/${id}/1`, { headers })).json()).code).toBe(0);
    await read(page);
    await expect(list(page)).toHaveAttribute('ssr');
    await expect(talks(page)).toHaveCount(10);
    await page.getByRole('button', { name: '点击加载更多～' }).click();
    await expect(talks(page).filter({ hasText: content })).toHaveCount(1);
    // Each talk once: the island's refresh of the first page did not repeat any.
    const ids = await talks(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-talk-id')));
    expect(new Set(ids).size).toBe(ids.length);
    await expect(page.getByText('已经到底了')).toBeVisible();
  } finally {
    await request.delete(`/api/talk/deleteTalkById/${id}/1`, { headers });
    await request.delete(`/api/talk/deleteTalkById/${id}/3`, { headers });
  }
});

test('a signed-in reader: the list hydrates in view and shows their own likes', async ({ page, request }) => {
  const user = await createUser();
  await signIn(page, user);
  const id = Number(
    query<{ id: number }>(
      'SELECT id FROM talk WHERE status = 1 ORDER BY is_top, "createdAt" DESC LIMIT 1 OFFSET 5',
    )[0].id,
  );
  await postAs(request, user, '/api/like/addLike', { type: 2, for_id: id });
  const bytes = scriptBytes(page);
  await page.goto('/talk');
  await expect(list(page)).not.toHaveAttribute('ssr');
  await expect(page.locator(`[data-like="2-${id}"]`)).toHaveAttribute('aria-pressed', 'true');
  expect(reactChunks(bytes, 'TalkList').length).toBeGreaterThan(0);
});
