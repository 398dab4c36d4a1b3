import { expect, test } from './fixtures.ts';

test('bangumi tabs switch between want, watching and watched', async ({ page }) => {
  await page.goto('/bangumi');
  const tabs = page.getByRole('navigation', { name: '追番状态' });
  await expect(tabs.getByRole('link', { name: '想看' })).toHaveAttribute('aria-current', 'page');
  const list = page.locator('[data-bangumi-status]');
  await expect(list).toContainText('药屋少女的呢喃');
  await expect(list).not.toContainText('葬送的芙莉莲');

  await tabs.getByRole('link', { name: '在看' }).click();
  await expect(page).toHaveURL(/\/bangumi\?status=2$/);
  await expect(list).toHaveAttribute('data-bangumi-status', '2');
  await expect(tabs.getByRole('link', { name: '在看' })).toHaveAttribute('aria-current', 'page');
  await expect(list).toContainText('葬送的芙莉莲');
  await expect(list).not.toContainText('药屋少女的呢喃');
  // Progress of episodes: 17 of 28.
  const frieren = page.locator('[data-bangumi-id]', { hasText: '葬送的芙莉莲' });
  await expect(frieren.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
  await expect(frieren).toContainText('17 / 28');

  await tabs.getByRole('link', { name: '看过' }).click();
  await expect(page).toHaveURL(/\/bangumi\?status=3$/);
  await expect(list).toContainText('星际牛仔');
  await expect(list).not.toContainText('葬送的芙莉莲');
});
