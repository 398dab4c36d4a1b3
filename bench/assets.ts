/**
 * Part 2: gzip JavaScript and CSS a visitor's first load of /home and /article transfers (Chromium),
 * and the owner console's (/admin/profile: its shell and first screen, before any login; the article
 * editor /admin/articles/edit and the dashboard /admin with its uPlot charts, signed in as the admin).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { adminSession } from './accounts.ts';
import { firstLoad } from './first-load.ts';
import { CHROMIUM_ARGS, chromiumPath, ensureBuilt, type Row, save, startServer } from './lib.ts';

/** KB of gzip JavaScript; the console's 250 KB is the editor page's budget (issue 19), the shell must leave room. */
const BUDGET: Record<string, number> = {
  '/article?id=3': 100,
  '/admin/profile': 250,
  '/admin/articles/edit': 250,
  '/admin': 250,
};

export async function run() {
  await ensureBuilt();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    const editor = '/admin/articles/edit';
    const dashboard = '/admin';
    for (const route of ['/home', '/article?id=3', '/admin/profile', editor, dashboard]) {
      const signedIn = route === editor || route === dashboard;
      const session = signedIn ? adminSession(server.dataDir) : [];
      const { files, inlineCss: inline } = await firstLoad(browser, `${server.url}${route}`, session);
      const sum = (type: string) => files.reduce((n, f) => (f.type === type ? n + f.bytes : n), 0);
      const sizes = { js: sum('script'), css: sum('stylesheet') };
      // Stylesheets may also come inline in the HTML (astro.config.mjs build.inlineStylesheets):
      // counted at their gzip size, as they travel compressed inside the page.
      const inlineCss = inline ? gzipSync(inline, { level: 9 }).length : 0;
      const js = sizes.js / 1024;
      const css = (sizes.css + inlineCss) / 1024;
      rows.push(
        {
          metric: `${route} first load: JavaScript (gzip)`,
          value: `${js.toFixed(1)} KB`,
          budget: BUDGET[route] ? `≤ ${BUDGET[route]} KB` : undefined,
          ok: BUDGET[route] ? js <= BUDGET[route] : undefined,
        },
        {
          metric: `${route} first load: CSS (gzip, files + inline)`,
          value: `${css.toFixed(1)} KB (${(inlineCss / 1024).toFixed(1)} KB inline)`,
        },
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return save('assets', 'What a first visit transfers (gzip, measured in Chromium)', rows, [
    'The seed single-page client shipped 326 KB of gzip JavaScript and 120 KB of gzip CSS on /home.',
  ]);
}

if (import.meta.main) await run();
