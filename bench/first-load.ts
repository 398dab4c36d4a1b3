import type { Browser } from '@playwright/test';
import { sleep } from './lib.ts';

export type Transfer = { url: string; type: 'script' | 'stylesheet'; bytes: number };

/**
 * What a visitor's first load of `url` transfers: every script and stylesheet file (path, gzip body
 * size, in the order they finish), and the text of the stylesheets and scripts inlined in the page. A fresh
 * context is an empty cache; the page is scrolled to the bottom and given time so islands that
 * hydrate on idle or when visible ask for their code too.
 */
export async function firstLoad(
  browser: Browser,
  url: string,
  /** Local-storage entries set before any page script runs (a signed-in session). */
  storage: [string, string][] = [],
): Promise<{ files: Transfer[]; inlineCss: string; inlineJs: string }> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  if (storage.length)
    await context.addInitScript((pairs) => {
      for (const [k, v] of pairs) localStorage.setItem(k, v);
    }, storage);
  try {
    const page = await context.newPage();
    const files: Transfer[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (req) => {
      const type = req.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        req.sizes().then((s) => {
          files.push({ url: new URL(req.url()).pathname, type, bytes: s.responseBodySize });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await sleep(3000);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n'),
    );
    const inlineJs = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join('\n'),
    );
    return { files, inlineCss, inlineJs };
  } finally {
    await context.close();
  }
}
