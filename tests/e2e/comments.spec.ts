import { createUser, signIn } from './accounts.ts';
import { hydrated, query, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

test('two users comment on an article and reply; the first one is notified', async ({ browser }) => {
  // Two browser contexts and many round trips: near the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const alice = await createUser({ nick_name: unique('甲') });
  const bob = await createUser({ nick_name: unique('乙') });
  const baseURL = process.env.E2E_URL;

  // Alice writes a top-level comment under the seeded article 1.
  const ctxA = await browser.newContext({ baseURL });
  const pageA = await ctxA.newPage();
  await signIn(pageA, alice);
  await pageA.goto('/article?id=1');
  const commentsA = pageA.locator('[data-comments="1-1"]');
  await commentsA.scrollIntoViewIfNeeded();
  await hydrated(pageA, '[data-comments="1-1"]');
  const text = unique('这篇文章写得很清楚 ');
  await commentsA.getByPlaceholder('说点什么吧～').fill(text);
  await commentsA.getByRole('button', { name: '发表评论' }).click();
  const mine = commentsA.locator('[data-comment]', { hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(alice.nick_name);
  // The newest comment is first, and the author may delete it.
  await expect(commentsA.locator('[data-comment]').first()).toContainText(text);
  await expect(mine.getByRole('button', { name: '删除评论' })).toBeVisible();

  // Bob sees it, replies to Alice, and cannot delete her comment.
  const ctxB = await browser.newContext({ baseURL });
  const pageB = await ctxB.newPage();
  await signIn(pageB, bob);
  await pageB.goto('/article?id=1');
  const commentsB = pageB.locator('[data-comments="1-1"]');
  await commentsB.scrollIntoViewIfNeeded();
  await hydrated(pageB, '[data-comments="1-1"]');
  const thread = commentsB.locator('li', { hasText: text });
  await expect(thread).toBeVisible();
  await expect(
    thread.locator('[data-comment]').first().getByRole('button', { name: '删除评论' }),
  ).toHaveCount(0);
  await thread.getByRole('button', { name: '回复' }).first().click();
  const reply = unique('同意，尤其是第二段 ');
  await thread.getByPlaceholder(`回复 @${alice.nick_name}`).fill(reply);
  await thread.getByRole('button', { name: '回复', exact: true }).last().click();
  const shown = thread.locator('[data-comment]', { hasText: reply });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(`回复 @${alice.nick_name}：`);
  await expect(shown).toContainText(bob.nick_name);

  // After a reload Alice sees the reply under her comment, and she was notified (type 1, article 1).
  await pageA.reload();
  await commentsA.scrollIntoViewIfNeeded();
  await expect(
    commentsA.locator('li', { hasText: text }).locator('[data-comment]', { hasText: reply }),
  ).toBeVisible();
  const notes = query<{ type: number; to_id: number; message: string }>(
    'SELECT type, to_id, message FROM notify WHERE user_id = ?',
    alice.id,
  );
  expect(notes).toEqual([expect.objectContaining({ type: 1, to_id: 1 })]);
  expect(notes[0].message).toContain(bob.nick_name);

  // Bob likes Alice's comment: the count goes up by one and stays after a reload.
  const likeBtn = thread
    .locator('[data-comment]', { hasText: text })
    .first()
    .getByRole('button', { name: '点赞评论' });
  await likeBtn.click();
  await expect(
    thread.locator('[data-comment]').first().getByRole('button', { name: '取消点赞评论' }),
  ).toHaveText('1');

  // Alice deletes her comment; its reply goes with it.
  pageA.once('dialog', (d) => d.accept());
  await commentsA
    .locator('[data-comment]', { hasText: text })
    .getByRole('button', { name: '删除评论' })
    .click();
  await expect(commentsA.locator('[data-comment]', { hasText: text })).toHaveCount(0);
  await pageB.reload();
  await commentsB.scrollIntoViewIfNeeded();
  await hydrated(pageB, '[data-comments="1-1"]');
  await expect(commentsB.locator('[data-comment]', { hasText: reply })).toHaveCount(0);
  await ctxA.close();
  await ctxB.close();
});

test('a visitor who is not signed in is sent to the login instead of commenting', async ({ page }) => {
  await page.goto('/article?id=1');
  const comments = page.locator('[data-comments="1-1"]');
  await comments.scrollIntoViewIfNeeded();
  await hydrated(page, '[data-comments="1-1"]');
  await expect(comments.getByPlaceholder('登录后才能发表评论')).toBeVisible();
  await comments.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请先登录')).toBeVisible();
});
