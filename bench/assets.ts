/**
 * Part 2: gzip JavaScript and CSS a guest's first load of every content route transfers (Chromium;
 * docs/decisions/0010-islands-on-interaction.md: ≤ 20 KB of JavaScript on each, files and inline scripts
 * together, for a reader who only reads), and the owner console's (/admin/profile: its shell and first
 * screen, before any login; the article editor /admin/articles/edit and the dashboard /admin with its uPlot
 * charts, signed in as the admin).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CONTENT_ROUTES } from '../scripts/content-routes.ts';
import { adminSession } from './accounts.ts';
import { firstLoad } from './first-load.ts';
import { CHROMIUM_ARGS, chromiumPath, ensureBuilt, type Row, save, startServer } from './lib.ts';

/**
 * The content routes a reader reads, each as a guest on a first load, scrolled to
 * the bottom: home, article, archives, category, tag, the article list of a category and of a tag,
 * talk, albums, photos, bangumi, links, resources, sites, the guestbook's list and a message.
 */
const CONTENT = CONTENT_ROUTES;

/** KB of gzip JavaScript; the console's 250 KB is the editor page's budget, the shell must leave room. */
const BUDGET: Record<string, number> = {
  ...Object.fromEntries(CONTENT.map((route) => [route, 20])),
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
    for (const route of [...CONTENT, '/admin/profile', editor, dashboard]) {
      const signedIn = route === editor || route === dashboard;
      const session = signedIn ? adminSession(server.dataDir) : [];
      const {
        files,
        inlineCss: inline,
        inlineJs,
      } = await firstLoad(browser, `${server.url}${route}`, session);
      const sum = (type: string) => files.reduce((n, f) => (f.type === type ? n + f.bytes : n), 0);
      const sizes = { js: sum('script'), css: sum('stylesheet') };
      // Stylesheets may also come inline in the HTML (astro.config.mjs build.inlineStylesheets):
      // counted at their gzip size, as they travel compressed inside the page.
      const inlineCss = inline ? gzipSync(inline, { level: 9 }).length : 0;
      const js = sizes.js / 1024;
      // Scripts inline in the HTML (the theme bootstrap, Astro's island loader and directives) travel
      // inside the compressed page: counted at their gzip size, added to the files for the budget.
      const jsInline = inlineJs ? gzipSync(inlineJs, { level: 9 }).length / 1024 : 0;
      const jsTotal = js + jsInline;
      const css = (sizes.css + inlineCss) / 1024;
      rows.push(
        {
          metric: `${route} first load: JavaScript (gzip; files + inline scripts)`,
          value: `${jsTotal.toFixed(1)} KB (${js.toFixed(1)} KB files + ${jsInline.toFixed(1)} KB inline)`,
          budget: BUDGET[route] ? `≤ ${BUDGET[route]} KB` : undefined,
          ok: BUDGET[route] ? jsTotal <= BUDGET[route] : undefined,
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
    'Content routes: a guest who only reads (no click, focus or key), scrolled to the bottom; client:interaction islands stay server HTML. The JavaScript figure is the files plus the gzip size of the scripts inline in the HTML (theme bootstrap, Astro island loader and directive scripts), which travel inside the compressed page; the split is shown beside it.',
  ]);
}

if (import.meta.main) await run();
