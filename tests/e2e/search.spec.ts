import { encode } from '../../src/lib/storage.ts';
import { expect, headerReady, pageIdle, test } from './fixtures.ts';

test('search dialog: hot list, a search that opens the article and lands in the history', async ({
  page,
}) => {
  await page.goto('/home');
  await headerReady(page);

  // Ctrl+K opens it; with an empty query: no history yet, the hot list numbered 1 to 5.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: '搜索文章' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: '搜索文章标题或内容' });
  await expect(input).toBeFocused();
  const hot = dialog.locator('[data-search-hot]');
  await expect(hot.getByRole('option')).toHaveCount(5);
  await expect(hot.locator('[data-rank]')).toHaveText(['1', '2', '3', '4', '5']);
  await expect(dialog.locator('[data-search-history]')).toHaveCount(0);

  // Typing searches (after a pause); the hit is marked in the result, as text.
  await input.fill('窗口函数');
  const result = dialog.getByRole('option', { name: /SQL 窗口函数速查/ });
  await expect(result).toBeVisible();
  await expect(result.locator('mark').first()).toHaveText('窗口函数');
  await expect(result).toHaveAttribute('aria-selected', 'true');

  // Enter opens the chosen result through the client router.
  await input.press('Enter');
  await expect(page).toHaveURL(/\/article\?id=\d+$/);
  await expect(page.locator('h1')).toContainText('SQL 窗口函数速查');
  await expect(dialog).toHaveCount(0);

  // The query is now in the history (stored encoded under blog-search-history).
  const stored = await page.evaluate((key) => localStorage.getItem(key), encode('blog-search-history'));
  expect(stored).not.toBeNull();
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(dialog).toBeVisible();
  const history = dialog.locator('[data-search-history]');
  await expect(history.getByRole('button', { name: '窗口函数', exact: true })).toBeVisible();
  await expect(hot.getByRole('option')).toHaveCount(5);

  // A history entry searches again; arrow keys move through the results.
  await history.getByRole('button', { name: '窗口函数', exact: true }).click();
  await expect(input).toHaveValue('窗口函数');
  await expect(result).toBeVisible();
  await input.fill('');
  await expect(history).toBeVisible();

  // Esc closes; a removed history entry is gone after reopening too.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await dialog.getByRole('button', { name: '删除搜索记录 窗口函数' }).click();
  await expect(dialog.locator('[data-search-history]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await expect(hot.getByRole('option')).toHaveCount(5);
  await expect(dialog.locator('[data-search-history]')).toHaveCount(0);
});

test('search dialog: keyboard choice, nothing found, markup in a query stays text', async ({ page }) => {
  await page.goto('/home');
  await headerReady(page);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '搜索文章' });
  const input = dialog.getByRole('combobox');

  await input.fill('<img src=x onerror=alert(1)>');
  await expect(dialog.getByText('空空如也')).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);

  // A two-character query (plain scan) with several hits: ↓ moves the choice, Enter opens it.
  await input.fill('类型');
  const options = dialog.getByRole('option');
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  await input.press('ArrowDown');
  const chosen = count > 1 ? options.nth(1) : options.first();
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const title = (await chosen.locator('span').first().textContent())?.trim() ?? '';
  await input.press('Enter');
  await expect(page).toHaveURL(/\/article\?id=\d+$/);
  await expect(page.locator('h1')).toContainText(title);
});

test('Ctrl+K right after Esc opens the search again (the old opening’s close does not shut it)', async ({
  page,
}) => {
  await page.goto('/home');
  await headerReady(page);
  const dialog = page.getByRole('dialog', { name: '搜索文章' });
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  // Esc, then Ctrl+K as soon as the closed dialog has left the page: before the browser delivers
  // the `close` event of the dialog element that was just taken away.
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const gone = new MutationObserver(() => {
          if (document.querySelector('dialog[data-search-dialog]')) return;
          gone.disconnect();
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
          done();
        });
        gone.observe(document.body, { childList: true, subtree: true });
        const input = document.querySelector('dialog[data-search-dialog] input') as HTMLInputElement;
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      }),
  );
  await expect(dialog).toBeVisible();
  // The closed dialog's late `close` event (a queued task) has been delivered by now.
  await pageIdle(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: '搜索文章标题或内容' })).toBeFocused();
});
