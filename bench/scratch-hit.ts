import { spawnSync } from 'node:child_process';
import { startServer } from './lib.ts';

const args = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
const server = await startServer({}, undefined, args);
const url = `${server.url}/article?id=3`;
for (let i = 0; i < 5; i++) await fetch(url, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
await new Promise((r) => setTimeout(r, 1500));
spawnSync('wrk', ['-t1', '-c32', '-d3s', '-H', 'Accept-Encoding: gzip', url]);
for (let i = 0; i < Number(process.env.N ?? 3); i++) {
  const out = spawnSync('wrk', ['-t1', '-c32', '-d5s', '-H', 'Accept-Encoding: gzip', url]).stdout.toString();
  console.log(/Requests\/sec:\s+(\S+)/.exec(out)?.[1]);
}
await server.stop();
