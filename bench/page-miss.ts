/**
 * The page bench's miss figures: 10,000 copies of the bench's article (its own id and title each)
 * are written straight into the running server's SQLite file, and wrk walks their URLs, every
 * request a canonical `/article?id=N` the server has not answered before in this run (each run
 * starts where the last one stopped): the page cache (500 pages) and the article HTML cache never
 * hold it, so every request renders the Markdown and the page and compresses it. wrk counts the
 * answers that said `X-Page-Cache: hit` (the table shows none were). Then sequential misses, one
 * request at a time as a browser asks (brotli accepted): the wall time of each, and the server's CPU
 * per miss (every thread, and the main thread alone, from /proc) in batches.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Row } from './lib.ts';

export const MISS_ARTICLES = 10_000;

type Value = string | number | null;

/**
 * The source's stored rendering (table article_render, migration 0047), copied for each new id: a
 * copy reads as a rendered article, as every article is once written. The previous main measured
 * beside this tree (BENCH_BASE) may not have the table: nothing to copy there.
 */
function renderingCopier(db: DatabaseSync, sourceId: number): (id: number) => void {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'article_render'")
    .get();
  const row =
    table &&
    (db.prepare('SELECT * FROM article_render WHERE article_id = ?').get(sourceId) as
      | Record<string, Value>
      | undefined);
  if (!row) return () => {};
  const columns = Object.keys(row).filter((c) => c !== 'article_id');
  const insert = db.prepare(
    `INSERT INTO article_render (article_id, ${columns.map((c) => `"${c}"`).join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
  );
  const values = columns.map((c) => row[c]);
  return (id) => insert.run(id, ...values);
}

/** Copies article `sourceId` MISS_ARTICLES times (its stored rendering too, when there is one); returns the new ids. */
export function fillArticles(dataDir: string, sourceId: number): number[] {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const source = db.prepare('SELECT * FROM article WHERE id = ?').get(sourceId) as Record<string, unknown>;
    const columns = Object.keys(source).filter((c) => c !== 'id' && c !== 'slug');
    const insert = db.prepare(
      `INSERT INTO article (${columns.map((c) => `"${c}"`).join(', ')}, slug) VALUES (${columns.map(() => '?').join(', ')}, ?)`,
    );
    const copyRendering = renderingCopier(db, sourceId);
    const ids: number[] = [];
    db.exec('BEGIN');
    for (let i = 0; i < MISS_ARTICLES; i++) {
      const values = columns.map((c) =>
        c === 'article_title' ? `${source[c]} · ${i}` : (source[c] as Value),
      );
      const id = Number(insert.run(...values, `bench-miss-${i}`).lastInsertRowid);
      copyRendering(id);
      ids.push(id);
    }
    db.exec('COMMIT');
    return ids;
  } finally {
    db.close();
  }
}

/**
 * A wrk script walking the first 80 % of `ids`: thread k within its own 40 %, from `start` (wrapping
 * inside it), so neither thread ever reaches the last 20 %, which the sequential misses walk
 * (cpuPerMiss). Counts cache hits.
 */
function walkScript(ids: number[], start: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'blog-bench-miss-')), 'walk.lua');
  writeFileSync(
    file,
    `local ids = {${ids.join(',')}}
local range = math.floor(#ids * 0.4)
local threads = {}
function setup(thread)
  thread:set("first", #threads * range)
  table.insert(threads, thread)
end
function init(args) i = ${start}; hits = 0 end
function request()
  i = i + 1
  return wrk.format("GET", "/article?id=" .. ids[first + (i % range) + 1])
end
function response(status, headers, body)
  if headers["X-Page-Cache"] == "hit" then hits = hits + 1 end
end
function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("hits") end
  io.write("Cache hits: " .. total .. "\\n")
end
`,
  );
  return file;
}

type Wrk = { rps: number; p50: number; p99: number; errors: number };
type RunWrk = (url: string, connections: number, script?: string) => Wrk & { out: string };

/** Every request a different article, each run starting past the last one's requests (4,000 per thread in all). */
export function missRuns(run: RunWrk, base: string, ids: number[]): Row[] {
  const rows: Row[] = [];
  let start = 0;
  for (const c of [32, 128]) {
    const script = walkScript(ids, start);
    try {
      const r = run(`${base}/article?id=${ids[0]}`, c, script);
      const requests = Number(/(\d+) requests in/.exec(r.out)?.[1] ?? 0);
      const hits = Number(/Cache hits: (\d+)/.exec(r.out)?.[1] ?? Number.NaN);
      // Each thread past every request it sent: about half of the run's (timed-out ones were rendered
      // and stored all the same), taken as 60 % for threads that did not share it evenly.
      start += Math.ceil((requests + r.errors) * 0.6) + c;
      rows.push(
        { metric: `${c} conn, cache miss: article req/s`, value: r.rps.toFixed(0) },
        {
          metric: `${c} conn, cache miss: article p50 / p99`,
          value: `${r.p50.toFixed(2)} ms / ${r.p99.toFixed(2)} ms`,
        },
        {
          metric: `${c} conn, cache miss: requests (answered from the cache) / errors`,
          value: `${requests} (${hits}) / ${r.errors}`,
        },
      );
    } finally {
      rmSync(path.dirname(script), { recursive: true, force: true });
    }
  }
  return rows;
}

const HZ = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim() || 100);

/** utime + stime in ms of a process, all its threads (the Markdown worker and zlib's pool included). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / HZ;
}

/**
 * The main thread's CPU time, exact: the scheduler's own count in nanoseconds, where /proc's stat
 * counts clock ticks (10 ms each; 0.17 ms per miss in a batch of 60).
 */
function mainThreadMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** A browser's Accept-Encoding (Chrome's): the server answers brotli. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * One GET on a kept-alive socket, its body read as it came (not decompressed: the client's own work
 * stays out of the figure); resolves with the X-Page-Cache header and the wall time to the last byte.
 */
function timedGet(agent: Agent, url: string): Promise<{ cache: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    request(url, { agent, headers: { 'accept-encoding': BROWSER_ENCODINGS } }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        resolve({ cache: String(res.headers['x-page-cache']), ms: performance.now() - t0 }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Sequential misses over articles not yet read, one request at a time (as a browser asks: brotli
 * accepted): the median wall time of a miss, from the request to its last byte; and the server's CPU
 * per miss from /proc each batch, the whole process (the Markdown worker and zlib's threads included)
 * and its main thread alone (the event loop: routing, the page render, and whatever it compresses
 * itself). Median batch and the spread of batches.
 */
export async function cpuPerMiss(pid: number, base: string, ids: number[]): Promise<Row[]> {
  const BATCHES = 15;
  const PER_BATCH = 60;
  // From the last id down, in the 20 % wrk's threads never walk (walkScript).
  let i = ids.length - 1;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const walls: number[] = [];
  const get = async () => {
    const url = `${base}/article?id=${ids[i--]}`;
    // A kept-alive socket the server closed meanwhile: once again, on a new one.
    const res = await timedGet(agent, url).catch(() => timedGet(agent, url));
    if (res.cache !== 'miss') throw new Error(`${url} was answered from the cache`);
    return res.ms;
  };
  const summary = (list: number[]) => {
    list.sort((a, z) => a - z);
    const median = list[Math.floor(list.length / 2)];
    const spread = `${list[0].toFixed(2)} – ${list[list.length - 1].toFixed(2)}`;
    return { median, text: `${median.toFixed(2)} ms (batches ${spread}, ${BATCHES} × ${PER_BATCH})` };
  };
  const all: number[] = [];
  const main: number[] = [];
  try {
    for (let k = 0; k < 20; k++) await get(); // warm-up, not counted
    for (let b = 0; b < BATCHES; b++) {
      const before = [cpuMs(pid), mainThreadMs(pid)];
      for (let k = 0; k < PER_BATCH; k++) walls.push(await get());
      all.push((cpuMs(pid) - before[0]) / PER_BATCH);
      main.push((mainThreadMs(pid) - before[1]) / PER_BATCH);
    }
  } finally {
    agent.destroy();
  }
  walls.sort((a, z) => a - z);
  const wall = walls[Math.floor(walls.length / 2)];
  const p90 = walls[Math.floor(walls.length * 0.9)];
  const m = summary(main);
  return [
    {
      metric: 'sequential misses, one at a time: wall time median (p90)',
      value: `${wall.toFixed(2)} ms (${p90.toFixed(2)} ms, ${walls.length} misses)`,
      budget: '≤ 4 ms',
      ok: wall <= 4,
    },
    { metric: 'server CPU per miss, whole process: median batch', value: summary(all).text },
    {
      metric: 'server CPU per miss, main thread: median batch',
      value: m.text,
      budget: '≤ 3 ms',
      ok: m.median <= 3,
    },
  ];
}
