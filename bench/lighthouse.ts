/**
 * Part 3: Lighthouse (mobile) for /home and /article with Debian's Chromium. Lighthouse's simulated
 * throttling swings by several points between runs on a shared two-core machine, so each page runs
 * BENCH_LIGHTHOUSE_RUNS times (3) and the median run by performance score is the figure, as
 * Lighthouse's own guidance on variability advises.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  ensureBuilt,
  ensureCjkFont,
  type Row,
  save,
  startServer,
} from './lib.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 95,
  'best-practices': 100,
  seo: 100,
};

export async function run() {
  await ensureBuilt();
  ensureCjkFont();
  const server = await startServer();
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    for (const route of ['/home', '/article?id=3']) {
      const reports = Array.from({ length: RUNS }, () => lighthouse(`${server.url}${route}`));
      const perf = (r: Report) => r.categories.performance?.score ?? 0;
      reports.sort((a, b) => perf(a) - perf(b));
      const report = reports[Math.floor(RUNS / 2)];
      if (RUNS > 1)
        notes.push(
          `${route} performance of each run: ${reports.map((r) => Math.round(perf(r) * 100)).join(', ')}`,
        );
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

export type Report = {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<string, { title: string; score: number | null; displayValue?: string } | undefined>;
};

/** One Lighthouse run (fetched with npx on first use, kept out of npm install) on the tests' Chromium. */
export function lighthouse(url: string): Report {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'blog-lh-')), 'report.json');
  const r = spawnSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
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
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

if (import.meta.main) await run();
