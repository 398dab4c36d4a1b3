/**
 * Part `faults` (docs/decisions/0006-database-outage.md): an operator's bad day on two built processes on
 * PostgreSQL and Redis behind nginx, under a steady load, measured rather than asserted
 * (tests/cluster/faults.test.ts asserts the same behaviour):
 *
 * - a partitioned write: process 1's Redis link cut, an article made private on process 1 while
 *   process 2 holds its page: how long process 2 still shows it;
 * - a 15 s PostgreSQL outage (a fast shutdown, as `pg_ctl restart`): every answer during it by kind,
 *   the time from the database's return to the first successful write and to /readyz 200 on each
 *   process, the acknowledged writes missing afterwards, whether both processes are still there.
 *
 * Run alone with `npm run bench -- faults`; an older tree can be measured the same way.
 */
import pg from 'pg';
import { CLUSTER_ADMIN, startCluster } from '../scripts/local-services/cluster.ts';
import { tcpProxy } from '../scripts/local-services/tcp-proxy.ts';
import { ensureBuilt, type Row, save, sleep } from './lib.ts';

const OUTAGE_S = Number(process.env.BENCH_OUTAGE_SECONDS ?? 15);
/** How long the bench waits for a recovery or a drop before it reports "not within". */
const GIVE_UP_MS = 60_000;

const secs = (ms: number) =>
  Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : `not within ${GIVE_UP_MS / 1000} s`;

type Outcome = { at: number; kind: 'page' | 'read' | 'write'; status: number | 'refused' };
/** An answer: its status (or 'refused': no process behind the port) and, for the API, its envelope. */
type Reply = {
  status: number | 'refused';
  json?: { code?: number; status?: string; result?: { id: number; token: string } };
};

async function request(url: string, init: RequestInit = {}): Promise<Reply> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let json: Reply['json'];
    try {
      json = JSON.parse(text);
    } catch {
      /* a page */
    }
    return { status: res.status, json };
  } catch {
    return { status: 'refused' };
  }
}

export async function run() {
  await ensureBuilt();
  const link = await tcpProxy();
  const cluster = await startCluster({
    durable: true,
    env: { MAX_CONNECTIONS_PER_IP: '0', MAX_WEBSOCKETS_PER_IP: '0' },
    nodeEnv: (i, shared): Record<string, string> => {
      if (i !== 0) return {};
      link.target = Number(new URL(shared.redisUrl).port);
      return { REDIS_URL: `redis://127.0.0.1:${link.port}` };
    },
  });
  const rows: Row[] = [];
  try {
    const nodes = cluster.nodes.map((n) => n.url);
    const ip = (i: number) => `10.29.0.${i + 1}`;
    const tokens: string[] = [];
    for (const [i, base] of nodes.entries()) {
      const login = await request(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(i) },
        body: JSON.stringify(CLUSTER_ADMIN),
      });
      tokens.push(login.json?.result?.token ?? '');
    }
    const write = (i: number, path: string, body: unknown, method = 'POST') =>
      request(nodes[i] + path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[i]}`,
          'x-forwarded-for': ip(i),
        },
        body: JSON.stringify(body),
      });
    const addArticle = async (i: number, title: string) => {
      const added = await write(i, '/api/article/add', { article_title: title, article_content: '正文' });
      if (!added.json?.result) throw new Error(`article not added: ${JSON.stringify(added.json)}`);
      return added.json.result.id;
    };

    // --- the partitioned write ------------------------------------------------------------------
    {
      const id = await addArticle(0, `分区文章 ${Date.now()}`);
      const url = `${nodes[1]}/article?id=${id}`;
      for (let k = 0; k < 3; k++) await request(url);
      const before = cluster.nodes[0].output().length;
      link.cut();
      while (!cluster.nodes[0].output().slice(before).includes('redis: connection lost')) await sleep(50);
      await write(0, '/api/article/update', { id, status: 2 }, 'PUT');
      const hidden = performance.now();
      let stale = Number.POSITIVE_INFINITY;
      while (performance.now() - hidden < GIVE_UP_MS) {
        if ((await request(url)).status === 404) {
          stale = performance.now() - hidden;
          break;
        }
        await sleep(50);
      }
      link.heal();
      // Process 1 keeps pages again (it stores none while its link is down) before the outage below.
      const healing = performance.now();
      while (
        (await request(`${nodes[0]}/readyz`)).json?.status !== 'ok' &&
        performance.now() - healing < GIVE_UP_MS
      )
        await sleep(100);
      rows.push({
        metric: 'a private article still shown by the other process after a partitioned write',
        value: secs(stale),
        budget: '≤ 10 s',
        ok: stale <= 10_000,
      });
    }
    // --- the outage ---------------------------------------------------------------------------
    const article = `/article?id=${await addArticle(0, `故障文章 ${Date.now()}`)}`;
    for (const base of [...nodes, cluster.proxy]) for (let k = 0; k < 3; k++) await request(base + article);
    const outcomes: Outcome[] = [];
    const acknowledged: number[] = [];
    let running = true;
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const loop = async (kind: Outcome['kind'], once: () => Promise<Reply>) => {
      while (running) {
        const r = await once();
        outcomes.push({ at: now(), kind, status: r.status });
        if (kind === 'write' && r.json?.code === 0 && r.json.result) acknowledged.push(r.json.result.id);
        await sleep(kind === 'write' ? 100 : 20);
      }
    };
    let n = 0;
    const talk = (i: number) => () =>
      write(i, '/api/talk/publishTalk', { content: `负载 ${++n}`, talkImgList: [], status: 1, is_top: 2 });
    const load = Promise.all([
      loop('page', () => request(cluster.proxy + article)),
      loop('page', () => request(`${cluster.proxy}/home`)),
      loop('read', () => request(`${cluster.proxy}/api/article/getHotArticle`)),
      loop('write', talk(0)),
      loop('write', talk(1)),
    ]);
    await sleep(3000);
    const down = now();
    await cluster.postgres.halt();
    await sleep(OUTAGE_S * 1000);
    await cluster.postgres.resume();
    const back = now();
    // Recovery: the first successful write of each process, and each one's /readyz.
    const firstWrite = await Promise.all(
      nodes.map(async (_, i) => {
        for (;;) {
          const w = await talk(i)();
          if (w.json?.code === 0) return now() - back;
          if (now() - back > GIVE_UP_MS) return Number.POSITIVE_INFINITY;
          await sleep(50);
        }
      }),
    );
    const ready = await Promise.all(
      nodes.map(async (base) => {
        for (;;) {
          if ((await request(`${base}/readyz`)).status === 200) return now() - back;
          if (now() - back > GIVE_UP_MS) return Number.POSITIVE_INFINITY;
          await sleep(50);
        }
      }),
    );
    await sleep(3000);
    running = false;
    await load;
    const during = outcomes.filter((o) => o.at >= down && o.at < back);
    const count = (kind: Outcome['kind'], test: (s: Outcome['status']) => boolean) =>
      during.filter((o) => o.kind === kind && test(o.status)).length;
    const of = (kind: Outcome['kind']) => during.filter((o) => o.kind === kind).length;
    const is5xx = (s: Outcome['status']) => s === 'refused' || s >= 500;
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const stored = (
      await client.query('select count(*)::int as n from talk where id = any($1)', [acknowledged])
    ).rows[0].n as number;
    await client.end();
    const alive = cluster.nodes.filter(
      (x) => x.child.exitCode === null && x.child.signalCode === null,
    ).length;
    rows.push(
      {
        metric: 'processes still running after the outage',
        value: `${alive} of ${nodes.length}`,
        budget: 'all',
        ok: alive === nodes.length,
      },
      {
        metric: `page views during the ${OUTAGE_S} s outage: answered 200 (from the page cache)`,
        value: `${count('page', (s) => s === 200)} of ${of('page')}`,
      },
      {
        metric: 'page views during the outage: 5xx or refused',
        value: `${count('page', is5xx)} (502: ${count('page', (s) => s === 502)})`,
      },
      {
        metric: 'API reads during the outage: 503 / 502 or refused',
        value: `${count('read', (s) => s === 503)} / ${count('read', (s) => s === 'refused' || s === 502)} of ${of('read')}`,
      },
      {
        metric: 'writes during the outage: 503 / 502 or refused',
        value: `${count('write', (s) => s === 503)} / ${count('write', (s) => s === 'refused' || s === 502)} of ${of('write')}`,
      },
      {
        metric: 'database back → first successful write (slowest process)',
        value: secs(Math.max(...firstWrite)),
        budget: '≤ 10 s',
        ok: Math.max(...firstWrite) <= 10_000,
      },
      { metric: 'database back → /readyz 200 (slowest process)', value: secs(Math.max(...ready)) },
      {
        metric: 'acknowledged writes missing afterwards',
        value: `${acknowledged.length - stored} of ${acknowledged.length}`,
        budget: '0',
        ok: stored === acknowledged.length,
      },
    );
  } finally {
    await cluster.stop();
    await link.close();
  }
  return save('faults', 'Faults: a PostgreSQL outage under load, a partitioned write', rows, [
    `Two processes on PostgreSQL and Redis behind nginx; load: views of a cached article page and /home and an API read through nginx every 20 ms each, a talk written to each process every 100 ms; PostgreSQL stopped (fast shutdown) for ${OUTAGE_S} s.`,
  ]);
}
