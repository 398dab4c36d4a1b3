import { createUser, signIn } from './accounts.ts';
import { unique, write } from './community.ts';
import { expect, headerReady, test } from './fixtures.ts';

/**
 * The API sends dates as `YYYY-MM-DD HH:mm:ss` China time, and the islands read them through
 * one parser (parseWireDate). In a browser 16 hours behind China (Los Angeles, UTC−8), a date read in
 * the browser's own zone would be 16 hours off: these show what the islands make of wire dates there.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

/**
 * Late evening in China (23:30); read as Los Angeles time it would be the next morning in China, so
 * the date shown would move on a day.
 */
const LATE_EVENING = '2026-11-20T15:30:05.123Z';

test('notification ages and the join date are China time in any browser zone', async ({ page }) => {
  const user = await createUser({ nick_name: unique('时区') });
  write(`UPDATE "user" SET "createdAt" = ? WHERE id = ?`, LATE_EVENING, user.id);
  // Three days and an hour ago: 3天前 (read in the browser's zone it would be 16 hours younger).
  const threeDays = new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString();
  write(
    `INSERT INTO notify (user_id, type, to_id, message, "isView", "createdAt") VALUES (?, 1, 2, '时区的通知', 1, ?)`,
    user.id,
    threeDays,
  );
  await signIn(page, user);

  await page.goto('/userCenter');
  await expect(page.locator('[data-user-center]')).toContainText('2026-11-20 加入');

  await headerReady(page);
  await page.locator('[data-notify-bell]').click();
  const item = page.getByRole('dialog', { name: '我的消息' }).locator('[data-notify-item]');
  await expect(item).toContainText('时区的通知');
  await expect(item).toContainText('3天前');
  await expect(item.locator('time')).toHaveAttribute(
    'datetime',
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/,
  );
});
