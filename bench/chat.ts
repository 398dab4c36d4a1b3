/**
 * Part 4: 1,000, 5,000 and 10,000 connected chat sockets on one server process: broadcast latency
 * p50/p99 (one signed-in sender, every socket a receiver) and the server's memory.
 *
 * The receiving sockets live in worker threads (BENCH_CHAT_WORKERS, 1 by default: on two cores the
 * server and one receiving thread already keep both busy, and a second receiver only competes with
 * the server's own writes). A receiver does as little as it can: its sockets are bare RFC 6455
 * clients (raw-ws.ts), and it looks for the round's marker in the frame's bytes (no decoding, no
 * JSON) and notes the time. Send and receive
 * times come from the same clock (process.hrtime, shared by every thread of the process), so the
 * latency is exactly receive − send for every socket, and every socket must receive every message.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { makeUsers } from './accounts.ts';
import { ensureBuilt, type Row, rssMb, save, sleep, startServer } from './lib.ts';
import { openRawWs, type RawWs } from './raw-ws.ts';

const LEVELS = (process.env.BENCH_CHAT_LEVELS ?? '1000,5000,10000').split(',').map(Number);
const ROUNDS = 20;
const WORKERS = Math.max(1, Number(process.env.BENCH_CHAT_WORKERS ?? 1));
const ROUND_TIMEOUT_MS = 10_000;

/** Milliseconds on the monotonic clock every thread of the process shares. */
export const clock = () => Number(process.hrtime.bigint()) / 1e6;

type ToWorker = { kind: 'open'; count: number } | { kind: 'expect'; marker: string } | { kind: 'close' };
type FromWorker =
  | { kind: 'opened'; total: number }
  | { kind: 'armed' }
  | { kind: 'received'; times: Float64Array; count: number }
  | { kind: 'closed' };

/** A receiving thread: opens sockets on request and reports when each saw the round's marker. */
function receiver(): void {
  // Socket n goes to wsUrls[n % length]: the cluster part spreads them over its processes.
  const { wsUrls, origin } = workerData as { wsUrls: string[]; origin: string };
  const port = parentPort;
  if (!port) return;
  const sockets: RawWs[] = [];
  let marker: Buffer | null = null;
  let times = new Float64Array(0);
  let count = 0;
  let deadline: NodeJS.Timeout | undefined;
  const report = () => {
    clearTimeout(deadline);
    marker = null;
    port.postMessage({ kind: 'received', times: times.slice(0, count), count } satisfies FromWorker);
  };
  const onMessage = (data: Buffer) => {
    if (marker === null || data.indexOf(marker) === -1) return;
    times[count++] = clock();
    if (count === sockets.length) report();
  };
  port.on('message', async (msg: ToWorker) => {
    if (msg.kind === 'open') {
      const batch = 200;
      for (let i = 0; i < msg.count; i += batch) {
        const opened: Promise<RawWs>[] = [];
        for (let j = i; j < Math.min(msg.count, i + batch); j++)
          opened.push(openRawWs(wsUrls[j % wsUrls.length], origin, onMessage));
        for (const ws of await Promise.all(opened)) {
          ws.send('{"type":"init"}');
          sockets.push(ws);
        }
      }
      times = new Float64Array(sockets.length);
      port.postMessage({ kind: 'opened', total: sockets.length } satisfies FromWorker);
    } else if (msg.kind === 'expect') {
      count = 0;
      marker = Buffer.from(msg.marker);
      deadline = setTimeout(report, ROUND_TIMEOUT_MS);
      port.postMessage({ kind: 'armed' } satisfies FromWorker);
    } else if (msg.kind === 'close') {
      for (const s of sockets) s.terminate();
      port.postMessage({ kind: 'closed' } satisfies FromWorker);
    }
  });
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One receiving thread, driven by request/answer messages. */
export function startReceiver(wsUrls: string[], origin: string) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { wsUrls, origin } });
  worker.on('error', (err) => {
    throw err;
  });
  /** Posts `msg` (unless null) and resolves with the thread's next answer of the given kind. */
  const ask = <K extends FromWorker['kind']>(msg: ToWorker | null, answer: K) =>
    new Promise<Extract<FromWorker, { kind: K }>>((resolve) => {
      const on = (reply: FromWorker) => {
        if (reply.kind !== answer) return;
        worker.off('message', on);
        resolve(reply as Extract<FromWorker, { kind: K }>);
      };
      worker.on('message', on);
      if (msg) worker.postMessage(msg);
    });
  return { worker, ask, sockets: 0 };
}

export async function run() {
  await ensureBuilt();
  const server = await startServer({ SEED_DEMO: 'false' });
  const rows: Row[] = [];
  const [sender] = makeUsers(server.dataDir, 1, 'chatbench');
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  const receivers = Array.from({ length: WORKERS }, () => startReceiver([wsUrl], server.url));
  try {
    const baseline = rssMb(server.pid);
    rows.push({ metric: 'server memory before sockets', value: `${baseline} MB` });
    const senderSocket = new WebSocket(wsUrl, { headers: { origin: server.url }, perMessageDeflate: false });
    await new Promise((r) => senderSocket.once('open', r));
    senderSocket.send(JSON.stringify({ type: 'init', token: sender.token }));
    let open = 0;
    for (const level of LEVELS) {
      // New sockets are shared out evenly over the receiving threads.
      const more = level - open;
      await Promise.all(
        receivers.map(async (r, i) => {
          const share = Math.floor(more / WORKERS) + (i < more % WORKERS ? 1 : 0);
          r.sockets = (await r.ask({ kind: 'open', count: share }, 'opened')).total;
        }),
      );
      open = receivers.reduce((n, r) => n + r.sockets, 0);
      await sleep(2000);
      const all: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const marker = `bench-${level}-${round}-${Date.now()}`;
        await Promise.all(receivers.map((r) => r.ask({ kind: 'expect', marker }, 'armed')));
        const results = receivers.map((r) => r.ask(null, 'received'));
        const sentAt = clock();
        senderSocket.send(JSON.stringify({ type: 'message', content: marker, content_type: 'text' }));
        for (const { times, count } of await Promise.all(results))
          for (let i = 0; i < count; i++) all.push(times[i] - sentAt);
        // Stay under the per-user send limit (5 messages per 5 s).
        await sleep(1100);
      }
      all.sort((a, b) => a - b);
      const delivered = all.length / (ROUNDS * open);
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
    await Promise.all(receivers.map((r) => r.ask({ kind: 'close' }, 'closed')));
    await Promise.all(receivers.map((r) => r.worker.terminate()));
    await server.stop();
  }
  return save('chat', `Chat hub: sockets, broadcast latency (${ROUNDS} messages per level), memory`, rows, [
    `The receiving sockets run in ${WORKERS} worker thread${WORKERS > 1 ? 's' : ''} of one client process, with the sender, on the same 2-core machine as the server.`,
  ]);
}

if (!isMainThread) receiver();
else if (import.meta.main) await run();
