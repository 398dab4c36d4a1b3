import { createUser, signIn } from './accounts.ts';
import { hydrated } from './community.ts';
import { expect, test } from './fixtures.ts';

test("the article's two like buttons show one state: a click on either moves both, and a reload keeps them equal", async ({
  page,
}) => {
  const user = await createUser({ nick_name: '双赞读者' });
  await signIn(page, user);
  await page.goto('/article?id=1');
  const body = page.locator('[data-article-like]');
  const below = page.locator('[data-comments="1-1"] [data-like="1-1"]');
  const same = async (pressed: 'true' | 'false') => {
    await expect(body).toHaveAttribute('aria-pressed', pressed);
    await expect(below).toHaveAttribute('aria-pressed', pressed);
    await expect
      .poll(async () => (await body.textContent())?.trim())
      .toBe((await below.textContent())?.trim());
  };
  const ready = async () => {
    await body.scrollIntoViewIfNeeded();
    await expect(body).toBeEnabled();
    await below.scrollIntoViewIfNeeded();
    await hydrated(page, '[data-comments="1-1"]');
    await expect(below).toBeEnabled();
  };

  await ready();
  await same('false');
  const before = Number((await below.textContent())?.trim());
  await below.click();
  await same('true');
  await expect(below).toHaveText(String(before + 1));
  await body.click();
  await same('false');
  await below.click();
  await same('true');

  await page.reload();
  await ready();
  await same('true');
  await body.click();
  await same('false');
});

test('a like kept in the store from an earlier page does not break hydration when the page comes back', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const user = await createUser({ nick_name: '回访读者' });
  await signIn(page, user);
  await page.goto('/talk');
  await hydrated(page, '[data-talk-id]');
  const like = page.locator('[data-talk-id]').nth(3).locator('[data-like^="2-"]');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  // Away and back through the client router: the HTML is the cached one (not liked), the store says liked.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/talk$/);
  await hydrated(page, '[data-talk-id]');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
});
