/**
 * The page bench's miss figures: 10,000 copies of the bench's article (its own id and title each)
 * are written straight into the running server's SQLite file, and wrk walks their URLs, every
 * request a canonical `/article?id=N` the server has not answered before in this run (each run
 * starts where the last one stopped): the page cache (500 pages) and the article HTML cache never
 * hold it, so every request renders the Markdown and the page and compresses it. wrk counts the
 * answers that said `X-Page-Cache: hit` (the table shows none were). Then the server's CPU per miss
 * (every thread: Markdown worker and zlib included, from /proc) over sequential misses, in batches.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Row } from './lib.ts';

export const MISS_ARTICLES = 10_000;

/** Copies article `sourceId` MISS_ARTICLES times; returns the new ids. */
export function fillArticles(dataDir: string, sourceId: number): number[] {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const source = db.prepare('SELECT * FROM article WHERE id = ?').get(sourceId) as Record<string, unknown>;
    const columns = Object.keys(source).filter((c) => c !== 'id' && c !== 'slug');
    const insert = db.prepare(
      `INSERT INTO article (${columns.map((c) => `"${c}"`).join(', ')}, slug) VALUES (${columns.map(() => '?').join(', ')}, ?)`,
    );
    const ids: number[] = [];
    db.exec('BEGIN');
    for (let i = 0; i < MISS_ARTICLES; i++) {
      const values = columns.map((c) =>
        c === 'article_title' ? `${source[c]} · ${i}` : (source[c] as string | number | null),
      );
      ids.push(Number(insert.run(...values, `bench-miss-${i}`).lastInsertRowid));
    }
    db.exec('COMMIT');
    return ids;
  } finally {
    db.close();
  }
}

/** A wrk script walking `ids` from `start` (thread k from start + k·third), counting cache hits. */
function walkScript(ids: number[], start: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'blog-bench-miss-')), 'walk.lua');
  writeFileSync(
    file,
    `local ids = {${ids.join(',')}}
local threads = {}
function setup(thread)
  thread:set("start", ${start} + #threads * math.floor(#ids / 3))
  table.insert(threads, thread)
end
function init(args) i = start; hits = 0 end
function request()
  i = i + 1
  return wrk.format("GET", "/article?id=" .. ids[(i % #ids) + 1])
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

/** Every request a different article, each run starting past the last one's requests (≤ 3,333 per thread in all). */
export function missRuns(run: RunWrk, base: string, ids: number[]): Row[] {
  const rows: Row[] = [];
  let start = 0;
  for (const c of [32, 128]) {
    const script = walkScript(ids, start);
    try {
      const r = run(`${base}/article?id=${ids[0]}`, c, script);
      const requests = Number(/(\d+) requests in/.exec(r.out)?.[1] ?? 0);
      const hits = Number(/Cache hits: (\d+)/.exec(r.out)?.[1] ?? Number.NaN);
      // Past every request this run sent (timed-out ones were rendered and stored all the same).
      start += requests + r.errors + c;
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

/**
 * Server CPU per miss, one request at a time (br accepted, as browsers do) over articles not yet
 * read, from /proc each batch: the whole process (the Markdown worker and zlib's threads included)
 * and its main thread alone (the event loop: routing, the page render, and whatever it compresses
 * itself). Median batch and the spread of batches.
 */
export async function cpuPerMiss(pid: number, base: string, ids: number[]): Promise<Row[]> {
  const BATCHES = 15;
  const PER_BATCH = 60;
  // The last third of the ids: wrk's two threads walk the first two.
  let i = Math.floor((ids.length * 2) / 3);
  const get = async () => {
    const url = `${base}/article?id=${ids[i++]}`;
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // A kept-alive socket from before the wrk runs has been closed by the server by now: once again.
    const res = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
    await res.arrayBuffer();
    if (res.headers.get('x-page-cache') !== 'miss') throw new Error(`${url} was answered from the cache`);
  };
  const summary = (list: number[]) => {
    list.sort((a, z) => a - z);
    const median = list[Math.floor(list.length / 2)];
    const spread = `${list[0].toFixed(2)} – ${list[list.length - 1].toFixed(2)}`;
    return { median, text: `${median.toFixed(2)} ms (batches ${spread}, ${BATCHES} × ${PER_BATCH})` };
  };
  const all: number[] = [];
  const main: number[] = [];
  for (let k = 0; k < 20; k++) await get(); // warm-up, not counted
  for (let b = 0; b < BATCHES; b++) {
    const before = [cpuMs(pid), mainThreadMs(pid)];
    for (let k = 0; k < PER_BATCH; k++) await get();
    all.push((cpuMs(pid) - before[0]) / PER_BATCH);
    main.push((mainThreadMs(pid) - before[1]) / PER_BATCH);
  }
  const m = summary(main);
  return [
    { metric: 'server CPU per miss, whole process: median batch', value: summary(all).text },
    {
      metric: 'server CPU per miss, main thread: median batch',
      value: m.text,
      budget: '≤ 4 ms',
      ok: m.median <= 4,
    },
  ];
}
