import { startServer, stopServer } from '../tests/e2e/server.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
const dir = mkdtempSync(path.join(tmpdir(), 'blog-start-'));
for (const label of ['first start (demo written)', 'second start (index reused)']) {
  const t0 = performance.now();
  const s = await startServer({ LOG_LEVEL: 'info', ...(process.env.NOMUSIC ? { MUSIC_API_URL: 'http://127.0.0.1:9' } : {}) }, dir);
  const listening = performance.now() - t0;
  const t1 = performance.now();
  const home = await fetch(`${s.url}/home`); await home.text();
  const homeMs = performance.now() - t1;
  const t2 = performance.now();
  const top = await (await fetch(`${s.url}/wapi/toplist/detail`)).json();
  const wapiMs = performance.now() - t2;
  await new Promise((r) => setTimeout(r, 300));
  const demo = /"songs":6,"ms":(\d+),"msg":"demo music written"/.exec(s.output());
  console.log(label, { listening: Math.round(listening), firstHome: Math.round(homeMs), firstWapi: Math.round(wapiMs), lists: top.list?.length, demoWriteMs: demo?.[1] });
  await stopServer(s);
}
