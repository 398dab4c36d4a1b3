/**
 * Part 1: article page throughput and latency at 32 and 128 connections, side by side with nginx
 * serving a static file of the same bytes in the same run (the ratio is the figure); then cache
 * misses (bench/page-miss.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopService } from '../scripts/local-services/common.ts';
import { ensureBuilt, ensureDebian, type Row, save, sleep, startServer } from './lib.ts';
import { cpuPerMiss, fillArticles, MISS_ARTICLES, missRuns } from './page-miss.ts';

type Wrk = { rps: number; p50: number; p99: number; errors: number; out: string };

const DURATION = process.env.BENCH_SECONDS ?? '10';

function ms(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

/**
 * Every request says it is a browser, so ours takes the whole path of a counted page view (robots are
 * not counted: services/views/tally.ts); nginx gets the same header.
 */
const BROWSER_UA =
  'User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

function wrk(bin: string, url: string, connections: number, script?: string): Wrk {
  const args = ['-t2', `-c${connections}`, `-d${DURATION}s`, '--latency', '-H', BROWSER_UA];
  // Misses are slow: a request is an error only after 10 s (wrk's default is 2 s).
  args.push(...(script ? ['-s', script, '--timeout', '10s'] : []), url);
  const out = spawnSync(bin, args, { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sockErr = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (sockErr ? sockErr.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  return { rps, p50, p99, errors, out };
}

async function nginx(bin: string, file: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-nginx-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const conf = `
worker_processes auto;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    location = /article.html { root ${path.dirname(file)}; default_type text/html; }
  }
}`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/${path.basename(file)}`;
  // Ready when it answers (a fixed pause sometimes measured an nginx that was not up: 0 req/s).
  for (let tries = 0; ; tries++) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (tries > 100 || child.exitCode !== null) {
      child.kill('SIGQUIT');
      let log = '';
      try {
        log = readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {
        /* no log */
      }
      throw new Error(`nginx did not answer on ${url}\n${log}`);
    }
    await sleep(50);
  }
  // Stopped, and its folder (config, log, temp paths) removed.
  return { url, stop: () => stopService(child, dir) };
}

export async function run() {
  const wrkBin = ensureDebian('wrk', 'wrk');
  const nginxBin = ensureDebian('nginx', 'nginx');
  await ensureBuilt();
  const server = await startServer();
  const rows: Row[] = [];
  try {
    const url = `${server.url}/article?id=3`;
    const html = Buffer.from(
      await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-static-'));
    const file = path.join(dir, 'article.html');
    writeFileSync(file, html);
    // nginx workers run as an unprivileged user: let them read the file.
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
    rows.push({ metric: 'article page size (uncompressed)', value: `${(html.length / 1024).toFixed(1)} KB` });
    const ng = await nginx(nginxBin, file);
    try {
      for (const c of [32, 128]) {
        wrk(wrkBin, url, c); // warm-up pass (JIT, page cache), not counted
        const ours = wrk(wrkBin, url, c);
        const theirs = wrk(wrkBin, ng.url, c);
        const ratio = ours.rps / theirs.rps;
        rows.push(
          { metric: `${c} conn: article page req/s`, value: ours.rps.toFixed(0) },
          { metric: `${c} conn: nginx static req/s`, value: theirs.rps.toFixed(0) },
          { metric: `${c} conn: ratio to nginx`, value: ratio.toFixed(2), budget: '≥ 0.5', ok: ratio >= 0.5 },
          {
            metric: `${c} conn: article p50 / p99`,
            value: `${ours.p50.toFixed(2)} ms / ${ours.p99.toFixed(2)} ms`,
            budget: c === 32 ? 'p99 < 50 ms' : undefined,
            ok: c === 32 ? ours.p99 < 50 : undefined,
          },
          {
            metric: `${c} conn: nginx p50 / p99`,
            value: `${theirs.p50.toFixed(2)} ms / ${theirs.p99.toFixed(2)} ms`,
          },
          { metric: `${c} conn: errors (ours / nginx)`, value: `${ours.errors} / ${theirs.errors}` },
        );
      }
    } finally {
      await ng.stop();
    }
    const ids = fillArticles(server.dataDir, 3);
    rows.push(...missRuns((u, c, s) => wrk(wrkBin, u, c, s), server.url, ids));
    rows.push(...(await cpuPerMiss(server.pid, server.url, ids)));
  } finally {
    await server.stop();
  }
  return save('page', `Article page throughput vs nginx (wrk, 2 threads, ${DURATION} s per run)`, rows, [
    `Cache miss rows: wrk walks ${MISS_ARTICLES.toLocaleString('en')} copies of /article?id=3 (each its own id and title), so every request is a canonical article URL not yet answered: it renders the Markdown and the page and compresses it (the count in brackets is the answers that came from the cache). CPU per miss: the server's CPU from /proc over batches of sequential misses, the whole process (clock ticks) and its main thread alone (the scheduler's nanosecond count).`,
    'With 10,000 articles the article page reads the article table through the indexes of migration 0018 (previous/next, same category, same tags: tests/api/query-plans.test.ts); before them its previous/next and same-category queries read every article row (≈ 20 ms of main thread CPU per miss).',
  ]);
}

if (import.meta.main) await run();
