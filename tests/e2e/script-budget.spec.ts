import { CONTENT_ROUTES } from '../../scripts/content-routes.ts';
import { admin, createUser, signIn } from './accounts.ts';
import { expect, headerReady, test } from './fixtures.ts';
import { BUDGET, inlineScriptBytes, scriptBytes, total } from './script-bytes.ts';

/**
 * docs/decisions/0010-islands-on-interaction.md on every content route: a guest who only reads (a first
 * load, scrolled to the bottom, no press, focus or key) downloads ≤ 20 KB gzip of JavaScript, the script
 * files and the scripts inline in the HTML (theme bootstrap, island loader, client directives) together.
 */
const CONTENT = CONTENT_ROUTES;

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

for (const route of CONTENT)
  test(`a reader who only reads ${route} downloads ≤ 20 KB of JavaScript, inline scripts counted`, async ({
    page,
  }) => {
    const bytes = scriptBytes(page);
    await page.goto(route);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    // Idle work (the chat connection, the welcome) has had its turn: nothing more is on its way.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 2000 })));
    await page.waitForLoadState('networkidle');
    const inline = await inlineScriptBytes(page);
    const files = total(bytes);
    expect(files + inline, JSON.stringify({ inline, files: [...bytes] })).toBeLessThanOrEqual(BUDGET);
  });

test("a reader's header loads none of the signed-in parts; a signed-in visitor's gets them and its menu works", async ({
  page,
}) => {
  const bytes = scriptBytes(page);
  await page.goto('/home');
  await headerReady(page);
  await page.waitForLoadState('networkidle');
  // What a reader never needs: the signed-in header, and the bundler's runtime (React, nprogress).
  expect([...bytes.keys()].filter((p) => /\/(header-user|rolldown-runtime|react)\./.test(p))).toEqual([]);
  await expect(page.locator('[data-login-entry]')).toBeVisible();

  await signIn(page, await createUser());
  await page.goto('/home');
  await headerReady(page);
  await expect.poll(() => [...bytes.keys()].some((p) => /\/header-user\./.test(p))).toBe(true);
  await expect(page.locator('[data-login-entry]')).toBeHidden();
  const menu = page.locator('[data-user-menu]');
  await menu.locator('button').first().click();
  await expect(menu.getByRole('menu')).toBeVisible();
});

/** The console's article editor, first load (docs/performance.md: ≤ 250 KB of gzip JavaScript). */
const EDITOR_BUDGET = 250 * 1024;

test('the article editor loads ≤ 250 KB of JavaScript at first; its search comes with the first search key', async ({
  page,
}) => {
  await signIn(page, admin());
  const bytes = scriptBytes(page);
  await page.goto('/admin/articles/edit');
  const content = page.locator('.cm-content');
  await expect(content).toBeVisible();
  await page.waitForLoadState('networkidle');
  const first = total(bytes) + (await inlineScriptBytes(page));
  expect(first, JSON.stringify([...bytes])).toBeLessThanOrEqual(EDITOR_BUDGET);
  // Search and replace, loaded by Ctrl+F: the panel opens on that same press.
  await content.click();
  await page.keyboard.press('ControlOrMeta+f');
  await expect(page.locator('.cm-search')).toBeVisible();
  await expect(page.locator('.cm-search input[name="search"]')).toBeFocused();
});
