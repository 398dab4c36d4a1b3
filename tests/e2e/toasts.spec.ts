import type { APIRequestContext } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { hydrated, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/** A pending friend-link application made by a new user through the API. */
async function apply(request: APIRequestContext, name: string): Promise<void> {
  const user = await createUser();
  const res = await request.post('/api/links/add', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      site_name: name,
      site_desc: '一句话介绍',
      site_avatar: '',
      url: `https://${unique('s')}.example/`,
    },
  });
  expect((await res.json()).code).toBe(0);
}

test('approving a friend link updates both lists in place: the 审核通过 toast stays on screen', async ({
  page,
  request,
}) => {
  const name = unique('审核小站');
  await apply(request, name);
  await signIn(page, admin());
  await page.goto('/link/list');
  await hydrated(page, '[data-link-review]');
  // A mark that a reload or a navigation would wipe.
  await page.evaluate(() => {
    (window as unknown as { __stay: number }).__stay = 1;
  });
  const pending = page.locator('[data-link-review] li').filter({ hasText: name });
  await pending.getByRole('button', { name: '通过' }).click();

  await expect(page.locator('[data-toaster]').getByText('审核通过')).toBeVisible();
  await expect(pending).toHaveCount(0);
  const card = page.locator('a[data-link-id]').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.locator('.ph')).toHaveText([...name][0]);
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);

  // The server agrees: after a reload the card is still there and the application is gone.
  await page.reload();
  await expect(page.locator('a[data-link-id]').filter({ hasText: name })).toHaveCount(1);
  await expect(page.locator('[data-link-review] li').filter({ hasText: name })).toHaveCount(0);
});
