/**
 * Diagnostic (not a bench part): the scripts and stylesheets a visitor's first load of a route pulls,
 * one line each with its gzip size, in the order they arrive, and the scripts inline in the HTML,
 * measured like bench/assets.ts.
 * `npx node bench/chunks.ts [/route …]` (default /home and /article?id=3).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { firstLoad } from './first-load.ts';
import { CHROMIUM_ARGS, chromiumPath, ensureBuilt, startServer } from './lib.ts';

await ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const routes = process.argv.slice(2);
try {
  for (const route of routes.length ? routes : ['/home', '/article?id=3']) {
    const { files: rows, inlineJs } = await firstLoad(browser, `${server.url}${route}`);
    console.log(`\n${route}`);
    let js = 0;
    for (const r of rows) {
      if (r.type === 'script') js += r.bytes;
      console.log(
        `  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.type === 'script' ? 'js ' : 'css'}  ${r.url}`,
      );
    }
    const inline = inlineJs ? gzipSync(inlineJs, { level: 9 }).length : 0;
    console.log(`  ${(js / 1024).toFixed(1).padStart(6)} KB  JavaScript files`);
    console.log(`  ${(inline / 1024).toFixed(1).padStart(6)} KB  js   inline in the HTML`);
    console.log(`  ${((js + inline) / 1024).toFixed(1).padStart(6)} KB  JavaScript in all (budget ≤ 20 KB)`);
  }
} finally {
  await browser.close();
  await server.stop();
}
