/**
 * Diagnostic (not a bench part): the scripts and stylesheets a visitor's first load of a route pulls,
 * one line each with its gzip size, in the order they arrive, measured like bench/assets.ts.
 * `npx node bench/chunks.ts [/route …]` (default /home and /article?id=3).
 */
import { chromium } from '@playwright/test';
import { firstLoad } from './first-load.ts';
import { CHROMIUM_ARGS, chromiumPath, ensureBuilt, startServer } from './lib.ts';

await ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const routes = process.argv.slice(2);
try {
  for (const route of routes.length ? routes : ['/home', '/article?id=3']) {
    const { files: rows } = await firstLoad(browser, `${server.url}${route}`);
    console.log(`\n${route}`);
    let js = 0;
    for (const r of rows) {
      if (r.type === 'script') js += r.bytes;
      console.log(
        `  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.type === 'script' ? 'js ' : 'css'}  ${r.url}`,
      );
    }
    console.log(`  ${(js / 1024).toFixed(1).padStart(6)} KB  JavaScript in all`);
  }
} finally {
  await browser.close();
  await server.stop();
}
