/** Part 3: Lighthouse (mobile) for /home and /article with Debian's Chromium. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath, ensureBuilt, type Row, save, startServer } from './lib.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 95,
  'best-practices': 100,
  seo: 100,
};

export async function run() {
  await ensureBuilt();
  const server = await startServer();
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    for (const route of ['/home', '/article?id=3']) {
      const out = path.join(mkdtempSync(path.join(tmpdir(), 'blog-lh-')), 'report.json');
      // Fetched on first use (kept out of npm install): Lighthouse drives the same Chromium as the tests.
      const r = spawnSync(
        'npx',
        [
          '-y',
          LIGHTHOUSE,
          `${server.url}${route}`,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          `--only-categories=${CATEGORIES.join(',')}`,
          '--form-factor=mobile',
          `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
        ],
        { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromiumPath() }, timeout: 300_000 },
      );
      if (r.status !== 0) throw new Error(`lighthouse failed: ${r.stderr.slice(-2000)}`);
      const report = JSON.parse(readFileSync(out, 'utf8'));
      for (const c of CATEGORIES) {
        const score = Math.round((report.categories[c]?.score ?? 0) * 100);
        rows.push({
          metric: `${route} ${c}`,
          value: String(score),
          budget: `≥ ${BUDGET[c]}`,
          ok: score >= BUDGET[c],
        });
        for (const audit of report.categories[c]?.auditRefs ?? []) {
          const a = report.audits[audit.id];
          if (audit.weight > 0 && a && a.score !== null && a.score < 1)
            notes.push(`${route} ${c}: ${a.title}`);
        }
      }
      const lcp = report.audits['largest-contentful-paint']?.displayValue;
      const tbt = report.audits['total-blocking-time']?.displayValue;
      rows.push({ metric: `${route} LCP / TBT`, value: `${lcp} / ${tbt}` });
    }
  } finally {
    await server.stop();
  }
  return save('lighthouse', `Lighthouse ${LIGHTHOUSE.split('@')[1]} (mobile emulation)`, rows, notes);
}

if (import.meta.main) await run();
