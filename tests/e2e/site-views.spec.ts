import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Counts the visit beacons a context's pages send. */
function countBeacons(context: BrowserContext): { n: number } {
  const seen = { n: 0 };
  context.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/config/addView') seen.n++;
  });
  return seen;
}

/**
 * A browser of its own: the counter counts a visitor (address and User-Agent) once a day,
 * and every context of the run shares the address, and by default the User-Agent.
 */
const newVisitor = () => `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36 visitor/${randomUUID()}`;

/** The 访问 figure of /home's profile card (exact: the text is abbreviated, e.g. 4.8k). */
async function visits(page: Page): Promise<number> {
  return Number(await page.locator('[data-site-views]').getAttribute('data-site-views'));
}

test('a visitor session counts one site view, whatever it opens; a new session counts another', async ({
  browser,
  baseURL,
  request,
}) => {
  // The count before this visitor came (the page itself may already show the visit counted).
  const before = (await (await request.get('/api/config')).json()).result.view_time as number;
  const first = await browser.newContext({ baseURL, userAgent: newVisitor() });
  const beacons = countBeacons(first);
  const page = await first.newPage();
  await page.goto('/home');
  await expect.poll(() => beacons.n).toBe(1);
  // The figure shown moves past the count this visitor first saw.
  await expect.poll(() => visits(page)).toBeGreaterThan(before);
  // A second page in the same session (a full load, then one through the client router): no more.
  await page.goto('/talk');
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForLoadState('networkidle');
  expect(beacons.n).toBe(1);
  // Still past it after a reload, though the page cache may hold the older HTML for a while.
  await page.reload();
  await expect.poll(() => visits(page)).toBeGreaterThan(before);
  await page.waitForLoadState('networkidle');
  expect(beacons.n).toBe(1);
  await first.close();

  const second = await browser.newContext({ baseURL, userAgent: newVisitor() });
  const again = countBeacons(second);
  const other = await second.newPage();
  await other.goto('/talk');
  await expect.poll(() => again.n).toBe(1);
  await second.close();
});
