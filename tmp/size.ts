import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, stopServer } from '../tests/e2e/server.ts';
const s = await startServer();
const html = await (await fetch(`${s.url}${process.argv[2] ?? '/article?id=1'}`)).text();
const client = path.resolve('dist/client');
const entries = new Set<string>();
for (const m of html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)) entries.add(m[1]);
for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)) entries.add(m[1]);
const seen = new Map<string, number>();
const walk = (url: string) => {
  if (seen.has(url)) return;
  const code = readFileSync(path.join(client, url));
  seen.set(url, gzipSync(code, { level: 9 }).length);
  const text = code.toString();
  for (const m of text.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    walk(path.posix.join(path.posix.dirname(url), m[1]));
  }
};
for (const e of entries) walk(e);
let total = 0;
for (const [u, n] of [...seen].sort((a, b) => b[1] - a[1])) { total += n; console.log((n / 1024).toFixed(1).padStart(7), 'KB', u); }
const inline = [...html.matchAll(/<script(?![^>]*src)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
console.log('inline', (gzipSync(inline).length / 1024).toFixed(1), 'KB');
console.log('TOTAL', (total / 1024).toFixed(1), 'KB gzip');
await stopServer(s);
