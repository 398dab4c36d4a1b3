import { createUser, signIn } from './accounts.ts';
import { hydrated } from './community.ts';
import { expect, test } from './fixtures.ts';

test('a signed-in user likes a talk and takes the like back; it is remembered across reloads', async ({
  page,
}) => {
  const user = await createUser();
  await signIn(page, user);
  await page.goto('/talk');
  await hydrated(page, '[data-talk-id]');
  // The third talk: no other test touches it.
  const talk = page.locator('[data-talk-id]').nth(2);
  const like = talk.locator('[data-like^="2-"]');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = Number(await like.textContent());
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(before + 1));

  await page.reload();
  await hydrated(page, '[data-talk-id]');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(before + 1));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText(String(before));
});

test('talk pictures open in the lightbox; ?id= highlights that talk and opens its comments', async ({
  page,
}) => {
  await page.goto('/talk');
  await hydrated(page, '[data-talk-id]');
  const withPictures = page
    .locator('[data-talk-id]')
    .filter({ has: page.getByRole('button', { name: '查看图片 2' }) })
    .first();
  await withPictures.getByRole('button', { name: '查看图片 2' }).click();
  const box = page.getByRole('dialog', { name: '图片预览' });
  await expect(box).toBeVisible();
  await expect(box.locator('img')).toHaveAttribute('data-index', '1');
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);

  const id = await page.locator('[data-talk-id]').nth(1).getAttribute('data-talk-id');
  await page.goto(`/talk?id=${id}`);
  const target = page.locator(`#talk-${id}`);
  await expect(target).toHaveClass(/target/);
  await expect(target.locator(`[data-comments="2-${id}"]`)).toBeVisible();
  await expect.poll(async () => (await target.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  await expect(target).toBeInViewport();
});
