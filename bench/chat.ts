/**
 * Part 4: 1,000, 5,000 and 10,000 connected chat sockets on one server process: broadcast latency
 * p50/p99 (one signed-in sender, every socket a receiver) and the server's memory.
 */
import WebSocket from 'ws';
import { makeUsers } from './accounts.ts';
import { ensureBuilt, type Row, rssMb, save, sleep, startServer } from './lib.ts';

const LEVELS = (process.env.BENCH_CHAT_LEVELS ?? '1000,5000,10000').split(',').map(Number);
const ROUNDS = 20;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function openSockets(
  wsUrl: string,
  origin: string,
  n: number,
  onMessage: (at: number, data: string) => void,
) {
  const sockets: WebSocket[] = [];
  const batch = 200;
  for (let i = 0; i < n; i += batch) {
    const opened = [];
    for (let j = i; j < Math.min(n, i + batch); j++) {
      const ws = new WebSocket(wsUrl, { headers: { origin } });
      ws.on('message', (data) => onMessage(performance.now(), data.toString()));
      ws.on('error', () => {});
      sockets.push(ws);
      opened.push(
        new Promise<void>((resolve, reject) => {
          ws.once('open', () => {
            ws.send(JSON.stringify({ type: 'init' }));
            resolve();
          });
          ws.once('error', reject);
        }),
      );
    }
    await Promise.all(opened);
  }
  return sockets;
}

export async function run() {
  await ensureBuilt();
  const server = await startServer({ SEED_DEMO: 'false' });
  const rows: Row[] = [];
  const [sender] = makeUsers(server.dataDir, 1, 'chatbench');
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  const sockets: WebSocket[] = [];
  try {
    const baseline = rssMb(server.pid);
    rows.push({ metric: 'server memory before sockets', value: `${baseline} MB` });
    let latencies: number[] = [];
    let sentAt = 0;
    let expected = '';
    const receive = (at: number, data: string) => {
      if (expected && data.includes(expected)) latencies.push(at - sentAt);
    };
    const senderSocket = new WebSocket(wsUrl, { headers: { origin: server.url } });
    await new Promise((r) => senderSocket.once('open', r));
    senderSocket.send(JSON.stringify({ type: 'init', token: sender.token }));
    for (const level of LEVELS) {
      const more = await openSockets(wsUrl, server.url, level - sockets.length, receive);
      sockets.push(...more);
      await sleep(2000);
      const all: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        latencies = [];
        expected = `bench-${level}-${round}-${Date.now()}`;
        sentAt = performance.now();
        senderSocket.send(JSON.stringify({ type: 'message', content: expected, content_type: 'text' }));
        const deadline = Date.now() + 10_000;
        while (latencies.length < sockets.length && Date.now() < deadline) await sleep(5);
        all.push(...latencies);
        // Stay under the per-user send limit.
        await sleep(1100);
      }
      all.sort((a, b) => a - b);
      const delivered = all.length / (ROUNDS * sockets.length);
      const p99 = percentile(all, 99);
      const mem = rssMb(server.pid);
      rows.push(
        {
          metric: `${level} sockets: broadcast p50 / p99`,
          value: `${percentile(all, 50).toFixed(1)} ms / ${p99.toFixed(1)} ms`,
          budget: level === 10000 ? 'p99 ≤ 200 ms' : undefined,
          ok: level === 10000 ? p99 <= 200 : undefined,
        },
        { metric: `${level} sockets: delivered`, value: `${(delivered * 100).toFixed(2)} %` },
        {
          metric: `${level} sockets: server memory`,
          value: `${mem} MB`,
          budget: level === 10000 ? '≤ 600 MB' : undefined,
          ok: level === 10000 ? mem <= 600 : undefined,
        },
      );
    }
    senderSocket.close();
  } finally {
    for (const s of sockets) s.terminate();
    await server.stop();
  }
  return save('chat', `Chat hub: sockets, broadcast latency (${ROUNDS} messages per level), memory`, rows, [
    'Sockets and sender run in one client process on the same 2-core machine as the server.',
  ]);
}

if (import.meta.main) await run();
