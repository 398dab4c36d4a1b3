import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * The API reference at /api/docs (api/docs.ts, api/docs-page.ts): the OpenAPI document of
 * /api/openapi.json as one page drawn on the server, read under the site's Content-Security-Policy
 * with nothing fetched but the page itself, in the reader's theme, on a phone as on a desktop.
 */

/** Every request the page makes that leaves the test server's own host. */
function outsideRequests(page: Page): string[] {
  const own = new URL(process.env.E2E_URL as string).host;
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== own) outside.push(r.url());
  });
  return outside;
}

/** Content-Security-Policy violations, as the page reports them (a blocked script or style is one). */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      w.__csp ??= [];
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => (await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp)) ?? [];
}

/** Saves the theme the way the site does (staticData in local storage) before the page's script runs. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => {
    const key = btoa(encodeURIComponent('staticData'));
    localStorage.setItem(key, btoa(encodeURIComponent(JSON.stringify({ theme: t }))));
  }, theme);
}

test('/api/docs shows every feature and route, from this site alone, under the policy', async ({ page }) => {
  const outside = outsideRequests(page);
  const violations = await watchPolicy(page);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(`${r.resourceType()} ${new URL(r.url()).pathname}`));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: '小站 API', level: 1 })).toBeVisible();
  // GET /api/config, the first feature's first route, with who may call it.
  const config = page.locator('#op-getApiConfig');
  await expect(config.getByRole('heading', { name: '博客信息' })).toBeVisible();
  await expect(config.getByText('/api/config', { exact: true })).toBeVisible();
  await expect(config.getByText('公开', { exact: true })).toBeVisible();
  // The features are the list's links; one leads to its section.
  const nav = page.getByRole('navigation', { name: '目录' });
  await nav.getByRole('link', { name: '友链' }).click();
  await expect(page.getByRole('heading', { name: '友链', level: 2 })).toBeInViewport();
  // The page is all there is: no script, stylesheet or font to fetch.
  expect(fetched).toEqual(['document /api/docs']);
  expect(await violations()).toEqual([]);
  expect(outside).toEqual([]);
});

test("/api/docs fits a phone and a desktop: a body's fields fold into blocks on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/api/docs');
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(375);
  // The register route's username row, with its limit.
  const username = page.locator('#op-postApiUserRegister td', { hasText: 'username' });
  await username.scrollIntoViewIfNeeded();
  await expect(username).toContainText('必填');
  await expect(username.locator('xpath=..')).toContainText('最多 100 字符');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The features stay in sight beside the routes.
  await expect(page.getByRole('navigation', { name: '目录' })).toBeInViewport();
  expect(await width()).toBeLessThanOrEqual(1440);
});

for (const theme of ['light', 'dark'] as const)
  test(`/api/docs in the ${theme} theme: no serious or critical axe violation`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/api/docs');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // The head of the page and its first features: the rest repeats their markup, and axe over all
    // 200 routes takes minutes.
    expect(await seriousViolations(page, '.top, nav, #auth, #tag-1, #tag-2')).toEqual([]);
  });
