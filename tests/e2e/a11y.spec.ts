import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createUser, signIn } from './accounts.ts';
import { islandsHydrated, query } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * axe-core on every content route of docs/product.md#route-table, in both themes: serious and critical
 * violations fail the test, printed one node per line so the failure says what to fix.
 */

const FAILING = new Set(['serious', 'critical']);
/** Moderate in axe, failing here: two landmarks of one role a screen reader cannot tell apart. */
const ALWAYS = new Set(['landmark-unique']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const firstId = (sql: string) => query<{ id: number }>(sql)[0]?.id;

function routes(): string[] {
  const article = firstId('SELECT id FROM article WHERE status = 1 ORDER BY id LIMIT 1');
  const message = firstId('SELECT id FROM message ORDER BY id LIMIT 1');
  return [
    '/home',
    `/article?id=${article}`,
    '/archives',
    '/category',
    '/tag',
    '/articleList',
    '/talk',
    '/photoAlbum',
    '/photos',
    '/bangumi',
    '/link/list',
    '/resources/front',
    '/siteList',
    '/message/list',
    `/message/detail?id=${message}`,
    '/message/publish',
    '/message/chat',
    '/userCenter',
  ];
}

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

for (const theme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violations on any content route (${theme})`, async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createUser();
    await signIn(page, user);
    await useTheme(page, theme);
    const found: string[] = [];
    for (const route of routes()) {
      await page.goto(route);
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
      if (bad.length) found.push(`${route}:\n${bad.map(describe).join('\n')}`);
    }
    expect(found, `axe found on ${theme}:\n${found.join('\n')}`).toEqual([]);
  });
}
