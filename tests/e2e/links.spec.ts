import { admin, createUser, signIn } from './accounts.ts';
import { hydrated, unique } from './community.ts';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';

test('a friend link without an avatar: applied through the form, reviewed and listed with the placeholder', async ({
  browser,
}) => {
  const name = unique('无头像小站');
  const url = `https://${Date.now().toString(36)}.example/`;

  // The applicant leaves the avatar empty (optional, as in the original's form).
  const user = await createUser();
  const applicant = await browser.newPage();
  await recordToasts(applicant.context());
  await signIn(applicant, user);
  await applicant.goto('/link/list');
  // A click before the island hydrates does nothing (under a loaded suite it came too early).
  await hydrated(applicant, '[aria-expanded]');
  await applicant.getByRole('button', { name: '申请友链' }).click();
  await applicant.getByLabel('网站名称').fill(name);
  await applicant.getByLabel('网站地址').fill(url);
  await applicant.getByRole('button', { name: '提交申请' }).click();
  await expectToast(applicant, '申请成功，等待博主审核');
  await applicant.close();

  // The admin's review list shows the site's first character where the avatar would be.
  const page = await browser.newPage();
  await signIn(page, admin());
  await page.goto('/link/list');
  const item = page.locator('[data-link-review] li').filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await expect(item.locator('img')).toHaveCount(0);
  await expect(item.getByText([...name][0], { exact: true })).toBeVisible();
  await item.getByRole('button', { name: '通过' }).click();

  // Approved: the public card has the same placeholder, no broken image.
  const card = page.locator('a[data-link-id]').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.locator('.ph')).toHaveText([...name][0]);
  await page.close();
});
