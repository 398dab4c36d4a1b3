/**
 * Part `cluster` (docs/decisions/0003-several-processes-with-redis.md): the site as several processes
 * behind nginx on one PostgreSQL and one Redis (scripts/local-services/cluster.ts, as the cluster test and
 * compose.yaml run it).
 *
 * - Article page throughput through nginx with 1 and with 2 processes behind it (the same cluster:
 *   a second nginx sends everything to process 1), and process 1 without nginx for scale, for a page
 *   cache hit (one article) and for misses: a wrk script walks over more articles than the page
 *   cache holds (500 pages) and than the article HTML cache holds (2,000 bodies), so every request
 *   renders the page and its Markdown (a crawler walking the archive).
 * - Chat broadcast latency with 10,000 sockets split evenly between the two processes (connected
 *   to each directly), the sender on process 1: every message crosses Redis to reach half of them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CLUSTER_ADMIN, startCluster } from '../scripts/local-services/cluster.ts';
import { ensureNginx, startNginx } from '../scripts/local-services/nginx.ts';
import { clock, percentile, startReceiver } from './chat.ts';
import { ensureBuilt, ensureDebian, type Row, save, sleep } from './lib.ts';

const SECONDS = process.env.BENCH_SECONDS ?? '10';
const CONNECTIONS = 64;
/** More pages than the cache's 500, in an order that never comes back to a page while it is cached. */
const MISS_ARTICLES = Number(process.env.BENCH_CLUSTER_ARTICLES ?? 3000);
const SOCKETS = Number(process.env.BENCH_CLUSTER_SOCKETS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 20);

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

type Wrk = { rps: number; p99: number; errors: number };

/** `host`: the site's host (SITE_URL, the cluster's proxy), whichever nginx the request goes to. */
function wrk(bin: string, url: string, host: string, script?: string): Wrk {
  const args = [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '--latency',
    '-H',
    `User-Agent: ${UA}`,
    '-H',
    `Host: ${host}`,
    // As a browser asks: the cached page's brotli body, not its 100 KB of plain HTML, crosses nginx.
    '-H',
    'Accept-Encoding: gzip, deflate, br',
  ];
  if (script) args.push('-s', script);
  const out = spawnSync(bin, [...args, url], { encoding: 'utf8' }).stdout;
  const unit = (t = '') => {
    const m = /([\d.]+)(us|ms|s)/.exec(t);
    if (!m) return Number.NaN;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p99: unit(/\s99%\s+(\S+)/.exec(out)?.[1]),
    errors: non2xx + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

/** A wrk script walking over the article ids; its two threads start half a round apart. */
function walkScript(ids: number[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'blog-bench-wrk-')), 'walk.lua');
  writeFileSync(
    file,
    `local ids = {${ids.join(',')}}
local threads = 0
function setup(thread) thread:set("start", threads * math.floor(#ids / 2)); threads = threads + 1 end
function init(args) i = start or 0 end
function request()
  i = i + 1
  return wrk.format("GET", "/article?id=" .. ids[(i % #ids) + 1])
end
`,
  );
  return file;
}

/** `ip`: the writer's address as the proxy forwards it (writes are limited to 600 a minute per address). */
async function post<T>(
  base: string,
  url: string,
  body: unknown,
  token?: string,
  ip = '10.99.0.1',
): Promise<T> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const res = await fetch(base + url, {
    method: 'POST',
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; result: T };
  if (json.code !== 0) throw new Error(`${url}: ${json.message}`);
  return json.result;
}

/** Articles for the miss runs, written through the API a few at a time. */
async function makeArticles(base: string, token: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, k) =>
      post<{ id: number }>(
        base,
        '/api/article/add',
        {
          article_title: `压测文章 ${i + k}`,
          article_content: `## 第 ${i + k} 篇\n\n${'分布式系统里的缓存与一致性。'.repeat(40)}`,
        },
        token,
        `10.99.${Math.floor(i / 400)}.1`,
      ),
    );
    for (const r of await Promise.all(batch)) ids.push(r.id);
  }
  return ids;
}

async function throughput(
  wrkBin: string,
  host: string,
  proxies: { label: string; url: string }[],
  ids: number[],
) {
  const rows: Row[] = [];
  const script = walkScript(ids);
  try {
    for (const kind of ['hit', 'miss'] as const) {
      for (const { label, url } of proxies) {
        const target = `${url}/article?id=3`;
        wrk(wrkBin, target, host, kind === 'miss' ? script : undefined); // warm-up pass, not counted
        const r = wrk(wrkBin, target, host, kind === 'miss' ? script : undefined);
        rows.push({
          metric: `${label}, cache ${kind}: article req/s (p99)`,
          value: `${r.rps.toFixed(0)} (${r.p99.toFixed(1)} ms)${r.errors ? `, ${r.errors} errors` : ''}`,
        });
      }
    }
  } finally {
    rmSync(path.dirname(script), { recursive: true, force: true });
  }
  return rows;
}

async function broadcast(nodes: string[], origin: string, token: string): Promise<Row[]> {
  const receiver = startReceiver(
    nodes.map((n) => `${n.replace('http', 'ws')}/ws`),
    origin,
  );
  const sender = new WebSocket(`${nodes[0].replace('http', 'ws')}/ws`, { perMessageDeflate: false });
  const senderOpen = new Promise((r) => sender.once('open', r));
  try {
    const opened = (await receiver.ask({ kind: 'open', count: SOCKETS }, 'opened')).total;
    await senderOpen;
    sender.send(JSON.stringify({ type: 'init', token }));
    await sleep(2000);
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const marker = `cluster-${round}-${Date.now()}`;
      await receiver.ask({ kind: 'expect', marker }, 'armed');
      const result = receiver.ask(null, 'received');
      const sentAt = clock();
      sender.send(JSON.stringify({ type: 'message', content: marker, content_type: 'text' }));
      const { times, count } = await result;
      for (let i = 0; i < count; i++) all.push(times[i] - sentAt);
      await sleep(1100); // the per-user send limit: 5 messages per 5 s
    }
    all.sort((a, b) => a - b);
    return [
      {
        metric: `${opened} sockets on 2 processes: broadcast p50 / p99`,
        value: `${percentile(all, 50).toFixed(1)} ms / ${percentile(all, 99).toFixed(1)} ms`,
      },
      {
        metric: `${opened} sockets on 2 processes: delivered`,
        value: `${((all.length / (ROUNDS * opened)) * 100).toFixed(2)} %`,
      },
    ];
  } finally {
    sender.close();
    await receiver.ask({ kind: 'close' }, 'closed');
    await receiver.worker.terminate();
  }
}

export async function run() {
  const wrkBin = ensureDebian('wrk', 'wrk');
  if (!ensureNginx()) throw new Error('nginx is needed for this benchmark: install the Debian package nginx');
  await ensureBuilt();
  // Every bench client comes from 127.0.0.1 (through nginx: one forwarded address): no per-address caps.
  const caps = { MAX_CONNECTIONS_PER_IP: '0', MAX_WEBSOCKETS_PER_IP: '0' };
  const cluster = await startCluster({ processes: 2, nginxWorkers: 'auto', durable: true, env: caps });
  const nodes = cluster.nodes.map((n) => n.url);
  const single = await startNginx({ upstreams: [new URL(nodes[0]).host], workers: 'auto' });
  const rows: Row[] = [];
  const loadAtStart = os.loadavg()[0];
  try {
    const login = await post<{ token: string }>(cluster.proxy, '/api/user/login', CLUSTER_ADMIN);
    console.log(`  writing ${MISS_ARTICLES} articles for the miss runs`);
    // Straight to process 1: through nginx every write would come from one address (127.0.0.1).
    const ids = await makeArticles(nodes[0], login.token, MISS_ARTICLES);
    rows.push(
      ...(await throughput(
        wrkBin,
        new URL(cluster.proxy).host,
        [
          { label: '1 process, no nginx', url: nodes[0] },
          { label: '1 process behind nginx', url: single.url },
          { label: '2 processes behind nginx', url: cluster.proxy },
        ],
        ids,
      )),
    );
    console.log(`  chat: ${SOCKETS} sockets`);
    rows.push(...(await broadcast(nodes, cluster.proxy, login.token)));
  } finally {
    await single.stop();
    await cluster.stop();
  }
  return save(
    'cluster',
    `Several processes behind nginx (wrk, ${CONNECTIONS} connections, ${SECONDS} s per run; chat: ${ROUNDS} messages)`,
    rows,
    [
      'One machine, 2 cores: wrk, nginx (2 workers), PostgreSQL, Redis and the server processes share them, so a second process cannot double the figures; it shows what the shared parts cost, not what a second machine adds.',
      `Misses: the wrk script walks over ${MISS_ARTICLES} generated articles; the page cache holds 500 pages and the article HTML cache at most 2,000 bodies per process, so every request renders the Markdown (in the process's worker thread) and the page, and compresses it: the cost of a crawler walking the archive.`,
      'Every request asks like a browser (a browser User-Agent, so views are counted; Accept-Encoding with br). nginx runs as tests/cluster runs it, access log on.',
      'Chat: the receiving sockets connect to the two processes directly, half each, in one worker thread; the sender is on process 1.',
      `Machine load average (1 min) at the start / end of the run: ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} (2 cores; other jobs shared the machine when it is above what this part alone makes).`,
    ],
  );
}

if (import.meta.main) await run();
