import type { Page } from '@playwright/test';
import { createUser, signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { BUDGET, reactChunks, scriptBytes, scriptTotal } from './script-bytes.ts';

/**
 * docs/decisions/0010-islands-on-interaction.md on /link/list: the links are server HTML, the application
 * box's code and React arrive on the reader's first press inside it (client:interaction), and that first
 * press does what it did when the box hydrated on idle; a signed-in visitor's box hydrates at once, as it
 * did.
 */

const box = (page: Page) => page.locator('astro-island:has(button[aria-expanded])');
const apply = (page: Page) => page.getByRole('button', { name: '申请友链' });

async function read(page: Page) {
  await page.goto('/link/list');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

test('a reader who only reads the links downloads ≤ 20 KB of JavaScript', async ({ page }) => {
  const bytes = scriptBytes(page);
  await read(page);
  await expect(page.locator('[data-links] [data-link-id]').first()).toBeVisible();
  await expect(box(page)).toHaveAttribute('ssr');
  expect(reactChunks(bytes, 'LinkApply')).toEqual([]);
  expect(await scriptTotal(page, bytes), JSON.stringify([...bytes])).toBeLessThanOrEqual(BUDGET);
});

test("a guest's first click on 申请友链 asks them to log in", async ({ page }) => {
  await read(page);
  await expect(box(page)).toHaveAttribute('ssr');
  await apply(page).click();
  await expect(page.locator('[data-login-dialog]')).toBeVisible();
  await expect(apply(page)).toHaveAttribute('aria-expanded', 'false');
});

test('a signed-in member: the box hydrates at once, and a click opens the form', async ({ page }) => {
  await signIn(page, await createUser());
  await page.goto('/link/list');
  await expect(box(page)).not.toHaveAttribute('ssr');
  await apply(page).click();
  await expect(page.getByRole('form', { name: '申请友链' })).toBeVisible();
  await expect(apply(page)).toHaveAttribute('aria-expanded', 'true');
});
