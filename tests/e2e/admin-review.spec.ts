import { admin, createUser, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { hydrated, postAs, query, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * The moderation queue end to end (docs/owner-guide.md#评论审核): a comment held by a blocked word, its
 * author sees it marked 审核中 and another visitor does not; the owner finds it under 待审核 (the menu
 * shows the count) with the word that held it, approves it in bulk and answers it as the blogger; then everyone sees both.
 * The specs share one server and run side by side: the word is unique to this test (so no other spec's
 * comment is held), and the list goes back to empty at the end.
 */
const auth = () => ({ Authorization: `Bearer ${admin().token}` });

test('a held comment: 审核中 for its author, approved and answered from the console', async ({
  page,
  browser,
  request,
}) => {
  // Four pages on a loaded machine.
  test.setTimeout(120_000);
  const word = unique('审核词');
  const setWords = async (blocked_words: string) => {
    const res = await request.post('/api/config/update', {
      data: { blocked_words, blocked_words_action: 'pending' },
      headers: auth(),
    });
    expect((await res.json()).code).toBe(0);
  };
  const author = await createUser({ nick_name: unique('待审者') });
  const text = `${unique('等待审核的评论')}${word}`;
  const answer = unique('博主的回复');
  let id = 0;
  try {
    await setWords(word);
    const made = await postAs(request, author, '/api/comment/add', { type: 1, for_id: 2, content: text });
    id = made.id;
    expect(made.review_status).toBe('pending');

    // Another visitor: not there.
    const visitor = await browser.newPage();
    await visitor.goto('/article?id=2');
    await hydrated(visitor, '[data-comments="1-2"]');
    await visitor.waitForLoadState('networkidle');
    await expect(visitor.getByText(text)).toHaveCount(0);
    await visitor.close();

    // Its author: there, marked.
    await signIn(page, author);
    await page.goto('/article?id=2');
    const box = page.locator('[data-comments="1-2"]');
    await box.scrollIntoViewIfNeeded();
    await hydrated(page, '[data-comments="1-2"]');
    const mine = box.locator(`[data-comment="${id}"]`);
    await expect(mine).toContainText(text);
    await expect(mine.getByText('审核中', { exact: true })).toBeVisible();

    // The owner: the badge, the 待审核 tab, 通过所选, 回复.
    const owner = await browser.newPage();
    await signIn(owner, admin());
    // As the review mail's 去审核 and the dashboard's 待审核 lead: straight to the tab.
    await owner.goto('/admin/comments?tab=pending');
    await consoleReady(owner, '评论与留言');
    await expect(owner.getByRole('link', { name: /评论与留言.*条待审核/ })).toBeVisible();
    await expect(owner.getByRole('tab', { name: /待审核/ })).toHaveAttribute('aria-selected', 'true');
    const row = owner.getByRole('row').filter({ hasText: text });
    await expect(row).toContainText('待审核');
    // Why it waits, as stored when it was held.
    await expect(row.locator('[data-review-reason]')).toHaveText(`含敏感词「${word}」`);
    await row.getByRole('checkbox').check();
    await owner.getByRole('button', { name: '通过所选' }).click();
    await expect(row).toHaveCount(0);
    await expect
      .poll(() => query<{ review_status: string }>('SELECT review_status FROM comment WHERE id = ?', id))
      .toEqual([{ review_status: 'published' }]);

    await owner.getByRole('tab', { name: /全部/ }).click();
    const live = owner.getByRole('row').filter({ hasText: text });
    await expect(live).toContainText('已发布');
    await live.getByRole('button', { name: /^回复/ }).click();
    const dialog = owner.getByRole('dialog', { name: /^回复/ });
    await dialog.getByRole('textbox', { name: '回复内容' }).fill(answer);
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await expect
      .poll(() => query('SELECT from_id, to_id FROM comment WHERE parent_id = ? AND content = ?', id, answer))
      .toEqual([{ from_id: admin().id, to_id: author.id }]);
    await owner.close();

    // Everyone now: the comment and the blogger's answer, no mark.
    const later = await browser.newPage();
    await later.goto('/article?id=2');
    const thread = later.locator(`[data-comment="${id}"]`);
    await thread.scrollIntoViewIfNeeded();
    await expect(later.locator('[data-comments="1-2"]')).toContainText(answer);
    await expect(thread).toContainText(text);
    await expect(thread.getByText('审核中', { exact: true })).toHaveCount(0);
    await later.close();
  } finally {
    await setWords('');
    if (id) await request.delete(`/api/comment/backDelete/${id}/0`, { headers: auth() });
  }
});
