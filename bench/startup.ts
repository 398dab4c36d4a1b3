/** Part 6: time from start (built) to the first answered request, and idle memory. */
import { ensureBuilt, type Row, rssMb, save, sleep, startServer } from './lib.ts';

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
  // Idle memory: after a few page views, then a quiet moment.
  for (const p of ['/home', '/article?id=1', '/talk', '/archives']) await fetch(`${again.url}${p}`);
  await sleep(5000);
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
    { metric: 'idle memory (RSS)', value: `${idle} MB`, budget: '≤ 200 MB', ok: idle <= 200 },
  );
  return save('startup', 'Start-up time and idle memory', rows);
}

if (import.meta.main) await run();
