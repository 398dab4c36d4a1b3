import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until the island holding `inner` has hydrated (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page, inner: string): Promise<Locator> {
  const island = page.locator(`astro-island:has(${inner})`).first();
  await expect(island).not.toHaveAttribute('ssr');
  return island;
}

/** Reads rows from the test server's database (for checks the UI does not show, e.g. notifications). */
export function query<T>(sql: string, ...params: (string | number)[]): T[] {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new DatabaseSync(path.join(dir, 'blog.db'), { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
