import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The API reference at /api/docs (api/docs.ts): Scalar's viewer, served from this site, renders the
 * document of /api/openapi.json under the site's Content-Security-Policy, asks nobody else for
 * anything (fonts, telemetry), and loads on that page only.
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

/** Content-Security-Policy violations, as the page reports them (a blocked font or script is one). */
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

test('/api/docs renders the reference from this site alone, under the policy', async ({ page }) => {
  const outside = outsideRequests(page);
  const violations = await watchPolicy(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/api/docs');
  // A route of the document, rendered: the heading of GET /api/config, the first feature's first
  // route (later features render as they are scrolled to).
  await expect(page.getByRole('heading', { name: '博客信息' }).first()).toBeVisible({ timeout: 20_000 });
  // The feature tags are the sidebar's sections.
  await expect(page.getByText('友链').first()).toBeVisible();
  expect(scripts.sort()).toEqual(['/api/docs/init.js', '/api/docs/scalar.js']);
  expect(await violations()).toEqual([]);
  expect(outside).toEqual([]);
});

test("the viewer's code loads on /api/docs only, never on a visitor's page", async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  for (const route of ['/home', '/article?id=3']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(fetched.filter((p) => p.startsWith('/api/docs') || p === '/api/openapi.json')).toEqual([]);
});
