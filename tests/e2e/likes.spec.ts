import { createUser, signIn } from './accounts.ts';
import { hydrated } from './community.ts';
import { expect, test } from './fixtures.ts';

test("the article's two like buttons show one state: a click on either moves both, and a reload keeps them equal (issue 17 item 2)", async ({
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
