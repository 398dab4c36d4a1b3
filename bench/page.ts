/**
 * Part 1: the article page from the page cache, side by side with nginx serving a static file of the
 * same bytes in the same run (the ratio is the figure): gzip to gzip at 32 connections (the budget),
 * and uncompressed at 32 and 128; then cache misses (bench/page-miss.ts). With BENCH_BASE
 * (bench/base.ts) it runs once against the previous main's server and once against this tree's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopService } from '../scripts/local-services/common.ts';
import { ensureBuilt, ensureDebian, ROOT, type Row, save, sleep, startServer } from './lib.ts';
import { cpuPerMiss, fillArticles, MISS_ARTICLES, missRuns } from './page-miss.ts';

export const measuresBase = true;

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

type WrkOptions = { script?: string; threads?: number; headers?: string[] };

function wrk(bin: string, url: string, connections: number, options: WrkOptions = {}): Wrk {
  const { script, threads = 2, headers = [] } = options;
  const args = [`-t${threads}`, `-c${connections}`, `-d${DURATION}s`, '--latency', '-H', BROWSER_UA];
  for (const h of headers) args.push('-H', h);
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

/**
 * nginx serving `file` (article.html) and `file`.gz, the latter as the gzip-encoded page (the same
 * bytes our server sends for `Accept-Encoding: gzip`, sent as they are: nginx compresses nothing).
 */
async function nginx(
  bin: string,
  file: string,
): Promise<{ url: string; gzipUrl: string; stop: () => Promise<void> }> {
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
    location = /article.html.gz { root ${path.dirname(file)}; default_type text/html; add_header Content-Encoding gzip; }
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
  return { url, gzipUrl: `${url}.gz`, stop: () => stopService(child, dir) };
}

/** The body as it came over the wire (fetch would decompress it), and its Content-Encoding. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? '') }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const ROUNDS = 3;
const median = (list: number[]) => [...list].sort((a, z) => a - z)[Math.floor(list.length / 2)];

/**
 * A hit, gzip to gzip: one wrk thread and 32 connections asking for gzip, against our page and
 * against nginx sending the same gzip bytes from a file, in ROUNDS interleaved rounds (the machine's
 * load drifts: each round's ratio is taken from two runs side by side). The median ratio is the figure.
 */
function gzipRows(bin: string, ours: string, theirs: string): Row[] {
  const opts = { threads: 1, headers: ['Accept-Encoding: gzip'] };
  wrk(bin, ours, 32, opts); // warm-up pass (JIT), not counted
  const runs = Array.from({ length: ROUNDS }, () => [wrk(bin, ours, 32, opts), wrk(bin, theirs, 32, opts)]);
  const ratios = runs.map(([a, b]) => a.rps / b.rps);
  const ratio = median(ratios);
  const list = (pick: (w: Wrk) => string, side: 0 | 1) => runs.map((r) => pick(r[side])).join(', ');
  return [
    { metric: 'gzip hit, 1 thread × 32 conn: article page req/s', value: list((w) => w.rps.toFixed(0), 0) },
    {
      metric: 'gzip hit, 1 thread × 32 conn: nginx, same gzip bytes, req/s',
      value: list((w) => w.rps.toFixed(0), 1),
    },
    {
      metric: 'gzip hit, 1 thread × 32 conn: ratio to nginx (median of rounds)',
      value: `${ratio.toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      budget: '≥ 0.5',
      ok: ratio >= 0.5,
    },
    {
      metric: 'gzip hit, 1 thread × 32 conn: article p50 / p99 (median round)',
      value: `${median(runs.map((r) => r[0].p50)).toFixed(2)} ms / ${median(runs.map((r) => r[0].p99)).toFixed(2)} ms`,
    },
    {
      metric: 'gzip hit: errors (ours / nginx)',
      value: `${runs.reduce((n, r) => n + r[0].errors, 0)} / ${runs.reduce((n, r) => n + r[1].errors, 0)}`,
    },
  ];
}

export async function run(root = ROOT) {
  const wrkBin = ensureDebian('wrk', 'wrk');
  const nginxBin = ensureDebian('nginx', 'nginx');
  await ensureBuilt(root);
  const server = await startServer({}, undefined, [], root);
  const rows: Row[] = [];
  try {
    const url = `${server.url}/article?id=3`;
    const html = Buffer.from(
      await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-static-'));
    const file = path.join(dir, 'article.html');
    writeFileSync(file, html);
    // The gzip body our cache keeps: the first ask gets a fast compression, the second starts the
    // kept one (src/server/page-compress.ts), answered once made: its bytes are what nginx serves.
    // A tree that compresses once (an earlier main) answers the same bytes all along.
    const fast = await rawGet(url, { 'accept-encoding': 'gzip' });
    let gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    for (let i = 0; i < 40 && gz.body.length >= fast.body.length; i++) {
      await sleep(50);
      gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    }
    if (gz.encoding !== 'gzip')
      throw new Error(`${url} did not answer gzip (Content-Encoding: ${gz.encoding})`);
    writeFileSync(`${file}.gz`, gz.body);
    // nginx workers run as an unprivileged user: let them read the files.
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
    chmodSync(`${file}.gz`, 0o644);
    rows.push({
      metric: 'article page size (uncompressed / gzip)',
      value: `${(html.length / 1024).toFixed(1)} KB / ${(gz.body.length / 1024).toFixed(1)} KB`,
    });
    const ng = await nginx(nginxBin, file);
    try {
      rows.push(...gzipRows(wrkBin, url, ng.gzipUrl));
      // Uncompressed, 2 wrk threads: the figures of the earlier rounds, kept to compare with them.
      for (const c of [32, 128]) {
        wrk(wrkBin, url, c); // warm-up pass (JIT, page cache), not counted
        const ours = wrk(wrkBin, url, c);
        const theirs = wrk(wrkBin, ng.url, c);
        const ratio = ours.rps / theirs.rps;
        rows.push(
          { metric: `${c} conn: article page req/s`, value: ours.rps.toFixed(0) },
          { metric: `${c} conn: nginx static req/s`, value: theirs.rps.toFixed(0) },
          { metric: `${c} conn: ratio to nginx`, value: ratio.toFixed(2) },
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
    rows.push(...missRuns((u, c, script) => wrk(wrkBin, u, c, { script }), server.url, ids));
    rows.push(...(await cpuPerMiss(server.pid, server.url, ids)));
  } finally {
    await server.stop();
  }
  return save('page', `Article page throughput vs nginx (wrk, ${DURATION} s per run)`, rows, [
    `Hits: the page as the cache answers it. gzip: wrk -t1 -c32 with Accept-Encoding: gzip against our /article?id=3 and against nginx sending the same gzip bytes from a file (Content-Encoding: gzip), ${ROUNDS} rounds interleaved, each figure in round order. Uncompressed: wrk -t2, one round after a warm-up.`,
    `Cache miss rows: wrk walks ${MISS_ARTICLES.toLocaleString('en')} copies of /article?id=3 (each its own id and title, and its stored rendering where the tree has one), so every request is a canonical article URL not yet answered: the page is rendered and compressed (the count in brackets is the answers that came from the cache). Sequential misses: one request at a time on a kept-alive connection, brotli accepted as browsers do; the wall time from the request to the last byte, and the server's CPU per miss from /proc over batches, the whole process (clock ticks) and its main thread alone (the scheduler's nanosecond count).`,
    'With 10,000 articles the article page reads the article table through the indexes of migration 0018 (previous/next, same category, same tags: tests/api/query-plans.test.ts); before them its previous/next and same-category queries read every article row (≈ 20 ms of main thread CPU per miss).',
  ]);
}

if (import.meta.main) await run();
