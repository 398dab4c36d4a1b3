import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createUser, signIn, type TestUser } from './accounts.ts';
import { islandsHydrated, query } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * axe-core on every content route of docs/product.md#route-table, in both themes: serious and critical
 * violations fail the test, printed one node per line so the failure says what to fix. One test per
 * route and theme, each with the suite's own time budget: a slow page fails its own test and names
 * its route, and no sweep has to fit every page into one budget on a loaded machine.
 */

const FAILING = new Set(['serious', 'critical']);
/** Moderate in axe, failing here: two landmarks of one role a screen reader cannot tell apart. */
const ALWAYS = new Set(['landmark-unique']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const firstId = (sql: string) => query<{ id: number }>(sql)[0]?.id;

/**
 * The routes, by the name their test shows; the two that need an id find it in the test server's
 * database when the test runs (the list itself is read before the server starts).
 */
const ROUTES: Record<string, () => string> = {
  '/home': () => '/home',
  '/article?id=<first published>': () =>
    `/article?id=${firstId('SELECT id FROM article WHERE status = 1 ORDER BY id LIMIT 1')}`,
  '/archives': () => '/archives',
  '/category': () => '/category',
  '/tag': () => '/tag',
  '/articleList': () => '/articleList',
  '/talk': () => '/talk',
  '/photoAlbum': () => '/photoAlbum',
  '/photos': () => '/photos',
  '/bangumi': () => '/bangumi',
  '/link/list': () => '/link/list',
  '/resources/front': () => '/resources/front',
  '/siteList': () => '/siteList',
  '/message/list': () => '/message/list',
  '/message/detail?id=<first>': () =>
    `/message/detail?id=${firstId('SELECT id FROM message ORDER BY id LIMIT 1')}`,
  '/message/publish': () => '/message/publish',
  '/message/chat': () => '/message/chat',
  '/userCenter': () => '/userCenter',
};

/** One signed-in reader per worker, made when its first test needs it. */
let reader: Promise<TestUser> | undefined;

/** Saves the theme the way the site does (staticData in local storage) before any page script runs. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => {
    const key = btoa(encodeURIComponent('staticData'));
    localStorage.setItem(key, btoa(encodeURIComponent(JSON.stringify({ theme: t }))));
  }, theme);
}

function describe(v: Violation): string {
  const nodes = v.nodes.map(
    (n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
  );
  return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes.join('\n')}`;
}

for (const theme of ['light', 'dark'] as const)
  for (const [name, route] of Object.entries(ROUTES))
    test(`axe: no serious or critical violations on ${name} (${theme})`, async ({ page }) => {
      reader ??= createUser();
      await signIn(page, await reader);
      await useTheme(page, theme);
      await page.goto(route());
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // The islands have hydrated, so axe sees what a visitor gets.
      await islandsHydrated(page);
      // Pictures and transitions settle; fonts are loaded before colours are measured.
      await page.evaluate(() => document.fonts.ready);
      // label-content-name-mismatch is among axe's experimental rules (off by default): asked for.
      const { violations } = await new AxeBuilder({ page })
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      const bad = violations.filter((v) => FAILING.has(v.impact ?? '') || ALWAYS.has(v.id));
      expect(bad.map(describe), `axe found on ${name} (${theme})`).toEqual([]);
    });
