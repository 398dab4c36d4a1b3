import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from './accounts.ts';

/** Waits until the island holding `inner` has hydrated (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page, inner: string): Promise<Locator> {
  const island = page.locator(`astro-island:has(${inner})`).first();
  // A client:interaction island waits for the visitor: a press on the island itself (no control) wakes
  // it (tests/e2e/deferred-islands.spec.ts checks a first press on a control).
  if ((await island.getAttribute('client')) === 'interaction') await island.dispatchEvent('pointerdown');
  await expect(island).not.toHaveAttribute('ssr');
  return island;
}

/**
 * Waits until every island that hydrates without scrolling has (Astro drops the `ssr` attribute then):
 * all but client:visible ones, which wait for the viewport, and client:interaction ones, which wait for
 * the visitor.
 */
export async function islandsHydrated(page: Page) {
  await expect(
    page.locator('astro-island[ssr]:not([client="visible"]):not([client="interaction"])'),
  ).toHaveCount(0, { timeout: 15_000 });
}

/** Wakes every client:interaction island with a press on it (no control) and waits for each to hydrate. */
export async function wakeIslands(page: Page) {
  const waiting = page.locator('astro-island[client="interaction"]');
  for (const island of await waiting.all()) await island.dispatchEvent('pointerdown');
  await expect(page.locator('astro-island[client="interaction"][ssr]')).toHaveCount(0, { timeout: 15_000 });
}

/** A POST to the API as `user` that must succeed (code 0); its result. */
export async function postAs(request: APIRequestContext, user: TestUser, url: string, data: object) {
  const res = await request.post(url, { data, headers: { Authorization: `Bearer ${user.token}` } });
  const json = await res.json();
  expect(json.code, json.message).toBe(0);
  return json.result;
}

/** The test server's database for one use (busy_timeout: the server may be writing to it). */
function withDatabase<T>(readOnly: boolean, use: (db: DatabaseSync) => T): T {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new DatabaseSync(path.join(dir, 'blog.db'), { readOnly });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}

/** Reads rows from the test server's database (for checks the UI does not show, e.g. notifications). */
export function query<T>(sql: string, ...params: (string | number)[]): T[] {
  return withDatabase(true, (db) => db.prepare(sql).all(...params) as T[]);
}

/** Writes into the test server's database what no page can make (e.g. a chosen past instant). */
export function write(sql: string, ...params: (string | number)[]): void {
  withDatabase(false, (db) => db.prepare(sql).run(...params));
}

export const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
