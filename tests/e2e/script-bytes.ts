import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * What a reader who only reads may download, gzip JavaScript
 * (docs/decisions/0010-islands-on-interaction.md).
 */
export const BUDGET = 20 * 1024;

/** The gzip body bytes of every script the page fetches from now on, by path. */
export function scriptBytes(page: Page): Map<string, number> {
  const bytes = new Map<string, number>();
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'script') return;
    const sizes = await req.sizes();
    bytes.set(new URL(req.url()).pathname, sizes.responseBodySize);
  });
  return bytes;
}

export const total = (bytes: Map<string, number>) => [...bytes.values()].reduce((a, b) => a + b, 0);

/** The chunks among them that carry React or an island's own code. */
export const reactChunks = (bytes: Map<string, number>, island: string) =>
  [...bytes.keys()].filter((p) => new RegExp(`/(react|${island})\\.`).test(p));

/**
 * The gzip size of the scripts inline in the page's HTML (the theme bootstrap, Astro's island loader,
 * the client directives): they travel inside the compressed page, so they count against the budget
 * beside the files (measured as bench/assets.ts does).
 */
export async function inlineScriptBytes(page: Page): Promise<number> {
  const text = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join('\n'),
  );
  return text ? gzipSync(text, { level: 9 }).length : 0;
}

/** Files and inline scripts together: what the budget counts. */
export const scriptTotal = async (page: Page, bytes: Map<string, number>) =>
  total(bytes) + (await inlineScriptBytes(page));
