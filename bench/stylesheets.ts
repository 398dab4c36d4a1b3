/**
 * Inline stylesheets or files the browser caches across pages. The site is built
 * once per value of Astro's `build.inlineStylesheets` (a temporary config beside the real one that
 * changes only that), and each build is measured the same way in Chromium with Lighthouse's mobile
 * throttling applied by DevTools (slow 4G: 562.5 ms latency, 1.47 Mbps down, 675 kbps up; CPU 4×;
 * a Moto G Power screen): a first view of /home with an empty cache, then three more pages
 * (/article?id=3, /archives, /category) loaded in full with the cache the first one filled (as a reader
 * arriving again or opening a link in a new tab), and the same three through the client router
 * (clicking the links: what a reader staying on the site does; LCP is not reported for those, so
 * the time from the click to Astro's page-load event is). Bytes are what crossed the network (bodies
 * and headers, gzip/br as served). Then Lighthouse mobile on /home and /article per build (median of
 * BENCH_LIGHTHOUSE_RUNS by performance, as the lighthouse part). The page figures are the median of
 * BENCH_STYLESHEET_RUNS runs (3); the shipped build is rebuilt at the end.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  ensureCjkFont,
  RESULTS,
  ROOT,
  type Row,
  save,
  startServer,
} from './lib.ts';
import { lighthouse, type Report } from './lighthouse.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_STYLESHEET_RUNS ?? 3));
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const VARIANTS = ['always', 'never', 'auto'] as const;
type Variant = (typeof VARIANTS)[number];
const NEXT = ['/article?id=3', '/archives', '/category'];

/** Lighthouse's mobile device and its slow-4G throttling as DevTools applies it. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/** Builds the site with `inlineStylesheets` set to `variant` (everything else as astro.config.mjs says). */
function build(variant: Variant | undefined): void {
  const astro = path.join(ROOT, 'node_modules', '.bin', 'astro');
  if (!variant) {
    if (spawnSync(astro, ['build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('astro build failed');
    return;
  }
  // Astro reads --config relative to the project root: a file of its own under bench/results (not
  // committed), removed after.
  mkdirSync(RESULTS, { recursive: true });
  const config = path.join(RESULTS, `stylesheets-${process.pid}.config.mjs`);
  writeFileSync(
    config,
    `import base from '../../astro.config.mjs';
export default { ...base, root: ${JSON.stringify(ROOT)}, build: { ...base.build, inlineStylesheets: ${JSON.stringify(variant)} } };\n`,
  );
  try {
    const r = spawnSync(astro, ['build', '--config', path.relative(ROOT, config)], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`astro build (${variant}) failed`);
  } finally {
    rmSync(config, { force: true });
  }
}

type Step = { bytes: number; ms: number };

/** Counts the bytes that cross the network from now on (served from the cache: 0). */
async function meter(page: Page): Promise<() => number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  return () => {
    const b = bytes;
    bytes = 0;
    return b;
  };
}

const lcp = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const all = list.getEntries();
          resolve(all[all.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/** A first view and three full page loads in one context (its HTTP cache): bytes and LCP of each. */
async function fullLoads(browser: Browser, base: string): Promise<Step[]> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    const taken = await meter(page);
    const steps: Step[] = [];
    for (const route of ['/home', ...NEXT]) {
      await page.goto(base + route, { waitUntil: 'networkidle' });
      steps.push({ ms: await lcp(page), bytes: taken() });
    }
    return steps;
  } finally {
    await context.close();
  }
}

/** A first view, then three navigations through the client router: bytes and click → page-load. */
async function routerLoads(browser: Browser, base: string): Promise<Step[]> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    const taken = await meter(page);
    await page.goto(`${base}/home`, { waitUntil: 'networkidle' });
    const steps: Step[] = [{ ms: await lcp(page), bytes: taken() }];
    for (const route of NEXT) {
      const ms = await page.evaluate(
        (href) =>
          new Promise<number>((resolve, reject) => {
            const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
            if (!link) return reject(new Error(`no link to ${href} on ${location.pathname}`));
            const t0 = performance.now();
            document.addEventListener('astro:page-load', () => resolve(performance.now() - t0), {
              once: true,
            });
            link.click();
          }),
        route,
      );
      await page.waitForLoadState('networkidle');
      steps.push({ ms, bytes: taken() });
    }
    return steps;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of each step over the runs. */
function medians(runs: Step[][]): Step[] {
  return runs[0].map((_, i) => ({
    bytes: median(runs.map((r) => r[i].bytes)),
    ms: median(runs.map((r) => r[i].ms)),
  }));
}

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

async function measure(variant: Variant): Promise<Row[]> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    const html = await (await fetch(`${server.url}/article?id=3`)).text();
    rows.push({ metric: `${variant}: /article HTML (uncompressed)`, value: kb(Buffer.byteLength(html)) });
    const full: Step[][] = [];
    const soft: Step[][] = [];
    for (let r = 0; r < RUNS; r++) {
      full.push(await fullLoads(browser, server.url));
      soft.push(await routerLoads(browser, server.url));
    }
    const f = medians(full);
    const s = medians(soft);
    const label = ['first view /home', ...NEXT];
    f.forEach((step, i) => {
      rows.push({
        metric: `${variant}: ${i ? `then ${label[i]} (full load)` : label[0]}: bytes / LCP`,
        value: `${kb(step.bytes)} / ${(step.ms / 1000).toFixed(2)} s`,
      });
    });
    s.slice(1).forEach((step, i) => {
      rows.push({
        metric: `${variant}: then ${label[i + 1]} (client router): bytes / click → page-load`,
        value: `${kb(step.bytes)} / ${(step.ms / 1000).toFixed(2)} s`,
      });
    });
    const total = (steps: Step[]) => steps.reduce((a, x) => a + x.bytes, 0);
    rows.push({
      metric: `${variant}: first view + 3 pages: bytes (full loads / client router)`,
      value: `${kb(total(f))} / ${kb(total(s))}`,
    });
    for (const route of ['/home', '/article?id=3']) {
      // The median run by performance score, as the lighthouse part takes it.
      const perf = (r: Report) => r.categories.performance?.score ?? 0;
      const reports = Array.from({ length: LIGHTHOUSE_RUNS }, () => lighthouse(`${server.url}${route}`));
      reports.sort((a, b) => perf(a) - perf(b));
      const report = reports[Math.floor(LIGHTHOUSE_RUNS / 2)];
      const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((c) =>
        Math.round((report.categories[c]?.score ?? 0) * 100),
      );
      rows.push({
        metric: `${variant}: Lighthouse ${route} (perf / a11y / best practices / SEO), LCP`,
        value: `${scores.join(' / ')}, ${report.audits['largest-contentful-paint']?.displayValue} (perf of each run: ${reports.map((r) => Math.round(perf(r) * 100)).join(', ')})`,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}

export async function run() {
  ensureCjkFont();
  const asked = (process.env.BENCH_STYLESHEET_VARIANTS?.split(',') ?? VARIANTS) as Variant[];
  const rows: Row[] = [];
  try {
    for (const variant of asked) {
      build(variant);
      rows.push(...(await measure(variant)));
    }
  } finally {
    // The shipped build again, for the other parts.
    build(undefined);
  }
  return save(
    'stylesheets',
    'Stylesheets inline or as cached files (Chromium, Lighthouse mobile throttling)',
    rows,
    [
      `Each build differs only in Astro's build.inlineStylesheets: always (every page carries its CSS in <style>), never (every stylesheet a file under /_astro/, cached a year, immutable), auto (files under 4 KB inline, the rest as files). Median of ${RUNS} runs. Full loads: a fresh context (empty cache) loads /home, then ${NEXT.join(', ')} in the same context with page.goto (its cache kept). Client router: the same, but the three pages are reached by clicking their links, as a reader does (Astro's client router fetches the page and swaps it in; Chromium reports no LCP for that, so the time from the click to astro:page-load is shown). Bytes: every response's encoded size with headers (CDP Network.loadingFinished), 0 for cache hits.`,
    ],
  );
}

if (import.meta.main) await run();
