import { type ChildProcess, execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall } from '../scripts/local-services/common.ts';
import { ensureCjkFont as ensureFont } from '../scripts/local-services/fonts.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS = path.join(ROOT, 'bench', 'results');

export type Server = {
  url: string;
  child: ChildProcess;
  dataDir: string;
  pid: number;
  stop: () => Promise<void>;
};

/**
 * The built server, started as `npm run serve` starts it (src/server/cli/serve.ts, which becomes
 * `node <flags> src/server/main.ts` in the same process), on a free port with its own data dir;
 * `nodeArgs` go to node before the script (e.g. `--trace-gc`, which NODE_OPTIONS does not allow).
 * `root` is the checkout it runs from: this one, or the previous main's (bench/base.ts, BENCH_BASE).
 * BENCH_NODE_ARGS adds flags to every server a part starts (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  nodeArgs: string[] = [],
  root = ROOT,
): Promise<Server & { startMs: number }> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'blog-bench-'));
  const t0 = performance.now();
  // BENCH_ENTRY=src/server/main.ts runs the server with Node's default settings instead, to compare.
  const entry = process.env.BENCH_ENTRY ?? 'src/server/cli/serve.ts';
  const extra = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...extra, path.join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Admin12345',
      // Every bench client (hundreds of connections and sockets) comes from 127.0.0.1: no per-address caps.
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_WEBSOCKETS_PER_IP: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /Blog listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  const startMs = performance.now() - t0;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, dataDir: dir, pid: child.pid as number, stop, startMs };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The path of a command the benchmark needs, installing its Debian package when missing. */
export function ensureDebian(binary: string, pkg: string): string {
  const which = () =>
    spawnSync('sh', ['-c', `command -v ${binary}`])
      .stdout.toString()
      .trim();
  const found = which() || (aptInstall([pkg]) && which());
  if (found) return found;
  throw new Error(`${binary} is needed for this benchmark: install the Debian package ${pkg}`);
}

/** A Chinese font for the browser parts (scripts/local-services/fonts.ts says why). */
export function ensureCjkFont(): void {
  if (ensureFont()) return;
  throw new Error('a Chinese font is needed for this benchmark: install the Debian package fonts-noto-cjk');
}

export function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(p)) return p;
  return ensureDebian('chromium', 'chromium');
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function machine(): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export type Result = {
  part: string;
  title: string;
  date: string;
  machine: string;
  rows: Row[];
  notes?: string[];
  /** Set when the part was also measured at BENCH_BASE: the title of that column (bench/base.ts). */
  base?: string;
};
/** `ok` is this tree's verdict; `base` the same metric's value at BENCH_BASE, when measured. */
export type Row = { metric: string; value: string; budget?: string; ok?: boolean; base?: string };

/** Saves a part's figures (bench/results/<part>.json); `npm run bench` turns them into docs/performance.md. */
export function save(part: string, title: string, rows: Row[], notes: string[] = []): Result {
  mkdirSync(RESULTS, { recursive: true });
  const result: Result = { part, title, date: new Date().toISOString(), machine: machine(), rows, notes };
  writeFileSync(path.join(RESULTS, `${part}.json`), `${JSON.stringify(result, null, 2)}\n`);
  for (const r of rows) {
    const mark = r.ok === undefined ? '' : r.ok ? '  ✓' : '  ✗ over budget';
    console.log(`  ${r.metric}: ${r.value}${r.budget ? ` (budget ${r.budget})` : ''}${mark}`);
  }
  return result;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const sh = (cmd: string) => execSync(cmd, { encoding: 'utf8' });

/** A built site at the checkout `root`: builds when missing or stale (same rule as npm start). */
export async function ensureBuilt(root = ROOT): Promise<void> {
  const { buildIfStale } = await import('../src/server/cli/build-if-stale.ts');
  buildIfStale(root);
}

/**
 * One part's figures at BENCH_BASE and in this tree, saved as one result: each metric with both values
 * (a metric only one of them has shows — for the other), the budget judged on this tree.
 */
export function saveBeside(label: string, before: Result, now: Result): Result {
  const then = new Map(before.rows.map((r) => [r.metric, r.value]));
  const rows: Row[] = now.rows.map((r) => ({ ...r, base: then.get(r.metric) ?? '—' }));
  const known = new Set(now.rows.map((r) => r.metric));
  for (const r of before.rows)
    if (!known.has(r.metric)) rows.push({ metric: r.metric, value: '—', base: r.value });
  const result: Result = { ...now, date: new Date().toISOString(), rows, base: label };
  writeFileSync(path.join(RESULTS, `${now.part}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n  ${now.part}: ${label} → this tree`);
  for (const r of rows) {
    const mark = r.ok === undefined ? '' : r.ok ? '  ✓' : '  ✗ over budget';
    console.log(`  ${r.metric}: ${r.base} → ${r.value}${r.budget ? ` (budget ${r.budget})` : ''}${mark}`);
  }
  return result;
}
