/**
 * Part 7: the soak. The built server (demo content) takes SOAK_MINUTES (default 10) of mixed load:
 * pages over many routes (cache hits, query strings that miss, and content writes that empty the page
 * cache), API reads and writes (comments and replies, guestbook messages, likes, search, login), and a
 * chat room of a few hundred sockets with people joining, leaving and talking. Every answer is checked
 * (any failure is an error: the load stays inside every rate limit, so none is expected), and the
 * server's RSS and V8 heap (after GC, from --trace-gc) are sampled every few seconds.
 *
 * Memory growth = mean RSS over the last minute against the mean RSS of the minute after a warm-up
 * minute (shorter runs scale both windows to a third of the run).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { makeUsers } from './accounts.ts';
import { ensureBuilt, RESULTS, type Row, rssMb, save, sleep, startServer } from './lib.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_MS = 5000;
/** Chat sockets kept open; a few of them are replaced every second. */
const SOCKETS = 300;
const CHURN_PER_SECOND = 2;
/** Signed-in chat users who talk, each once every 5–6 s (the hub allows 5 in 5 s). */
const SPEAKERS = 12;
const USERS = 60;
/** Non-GET /api calls per rolling minute, under the server's 600 per address. */
const WRITE_BUDGET = 450;
const REQUEST_TIMEOUT_MS = 30_000;

type Json = { code: number; message?: string; result?: unknown };
type Listed = { list: { id: number }[] };

const SEARCHES = [
  '缓存',
  '设计模式',
  'TypeScript',
  '数据库',
  '索引',
  '的',
  'Go',
  '中间件',
  '闭包',
  '不存在的词语',
];

export async function run() {
  if (!(MINUTES > 0)) throw new Error('SOAK_MINUTES must be a positive number');
  await ensureBuilt();
  const server = await startServer({}, undefined, ['--trace-gc']);
  const base = server.url;
  const wsUrl = `${base.replace('http', 'ws')}/ws`;

  // ---- memory: RSS from /proc, heap used after each GC from --trace-gc's lines --------------------
  let heapAfterGc = Number.NaN;
  let heapAfterFullGc = Number.NaN;
  const gcLine =
    /(Scavenge|Mark-Compact|Mark-Sweep)[^\n]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g;
  const onGc = (d: Buffer) => {
    for (const m of d.toString().matchAll(gcLine)) {
      heapAfterGc = Number(m[4]);
      if (m[1] !== 'Scavenge') heapAfterFullGc = Number(m[4]);
    }
  };
  server.child.stdout?.on('data', onGc);
  server.child.stderr?.on('data', onGc);

  // ---- counters ---------------------------------------------------------------------------------
  const errors: string[] = [];
  let errorCount = 0;
  const fail = (what: string) => {
    errorCount++;
    if (errors.length < 20) errors.push(`${new Date().toISOString().slice(11, 19)} ${what}`);
  };
  const counts = {
    pages: 0,
    pageMisses: 0,
    apiReads: 0,
    apiWrites: 0,
    comments: 0,
    replies: 0,
    messages: 0,
    likes: 0,
    searches: 0,
    logins: 0,
    chatSent: 0,
    chatEchoed: 0,
    socketsOpened: 0,
    socketsClosed: 0,
  };

  // ---- HTTP -------------------------------------------------------------------------------------
  const writeTimes: number[] = [];
  /** Waits until one more non-GET /api call keeps the rolling minute under WRITE_BUDGET. */
  async function writeSlot() {
    for (;;) {
      const now = Date.now();
      while (writeTimes.length && writeTimes[0] <= now - 60_000) writeTimes.shift();
      if (writeTimes.length < WRITE_BUDGET) {
        writeTimes.push(now);
        return;
      }
      await sleep(writeTimes[0] + 60_000 - now + 5);
    }
  }

  async function page(path: string) {
    try {
      const res = await fetch(`${base}${path}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      counts.pages++;
      // Anything not answered from the cache was rendered: a miss, or an answer the cache passed by
      // (once the feeds, whose renders this used to count as hits).
      if (res.headers.get('x-page-cache') !== 'hit') counts.pageMisses++;
      if (res.status >= 400) fail(`GET ${path}: ${res.status}`);
    } catch (err) {
      fail(`GET ${path}: ${(err as Error).message}`);
    }
  }

  /** One /api call; anything but HTTP 200 with code 0 is an error. Returns the result or undefined. */
  async function api<T = unknown>(
    method: string,
    path: string,
    body?: object,
    token?: string,
  ): Promise<T | undefined> {
    if (method !== 'GET') await writeSlot();
    try {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (method === 'GET') counts.apiReads++;
      else counts.apiWrites++;
      let json: Json | undefined;
      try {
        json = JSON.parse(text) as Json;
      } catch {
        /* reported below */
      }
      if (res.status !== 200 || json?.code !== 0) {
        fail(`${method} /api${path}: ${res.status} ${text.slice(0, 120)}`);
        return undefined;
      }
      return json.result as T;
    } catch (err) {
      fail(`${method} /api${path}: ${(err as Error).message}`);
      return undefined;
    }
  }

  // ---- what there is to visit (demo content) ---------------------------------------------------
  const ids = (page: Listed | { id: number }[] | undefined) =>
    (Array.isArray(page) ? page : (page?.list ?? [])).map((x) => x.id);
  const articleIds = ids(await api<Listed>('GET', '/article/blogHomeGetArticleList/1/50'));
  const talkIds = ids(await api<Listed>('POST', '/talk/blogGetTalkList', { current: 1, size: 50 }));
  const guestbookIds = ids(await api<Listed>('POST', '/message/getMessageList', { current: 1, size: 50 }));
  const albumIds = ids(await api<{ id: number }[]>('GET', '/photoAlbum/getAllAlbumList'));
  if (!articleIds.length || !talkIds.length || !guestbookIds.length)
    throw new Error('the demo content is missing: articles, talks and guestbook messages are needed');
  const users = makeUsers(server.dataDir, USERS, 'soak');
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
  const rand = () => Math.random().toString(36).slice(2, 8);
  let userTurn = 0;
  const nextUser = () => users[userTurn++ % users.length];

  const pagePaths = (): string => {
    const r = Math.random();
    if (r < 0.3) return `/article?id=${pick(articleIds)}`;
    if (r < 0.4) return '/home';
    if (r < 0.45) return `/home?page=${1 + Math.floor(Math.random() * 3)}`;
    // Query strings nobody asked for before: cache misses that render.
    if (r < 0.55) return `/article?id=${pick(articleIds)}&from=${rand()}`;
    const fixed = [
      '/archives',
      '/talk',
      `/talk?id=${pick(talkIds)}`,
      '/message/list',
      `/message/detail?id=${pick(guestbookIds)}`,
      '/link/list',
      '/photoAlbum',
      ...(albumIds.length ? [`/photos?id=${pick(albumIds)}`] : []),
      '/category',
      '/tag',
      '/bangumi',
      '/resources/front',
      '/siteList',
      '/rss.xml',
      '/sitemap.xml',
    ];
    return pick(fixed);
  };

  // ---- the loops --------------------------------------------------------------------------------
  const endAt = Date.now() + MINUTES * 60_000;
  let running = true;
  /** A closed loop: the task, then a pause; it never piles up requests when the server is slow. */
  async function loop(pauseMs: () => number, task: () => Promise<void>) {
    while (running && Date.now() < endAt) {
      await task();
      await sleep(pauseMs());
    }
  }
  const between = (lo: number, hi: number) => () => lo + Math.random() * (hi - lo);

  /** Comments made by the soak: replies go under these, to their author. */
  const parents: { id: number; type: number; for_id: number; from_id: number }[] = [];
  /** Likes each user holds, so a like is always added or cancelled validly. */
  const liked = new Set<string>();

  const pageLoops = Array.from({ length: 4 }, () => loop(between(50, 150), () => page(pagePaths())));

  const readLoop = loop(between(200, 400), async () => {
    const r = Math.random();
    if (r < 0.2) await api('GET', '/config');
    else if (r < 0.35) await api('GET', `/article/getArticleById/${pick(articleIds)}`);
    else if (r < 0.45) await api('GET', '/article/getHotArticle');
    else if (r < 0.55) await api('GET', `/talk/getTalkById/${pick(talkIds)}`);
    else if (r < 0.65) await api('GET', '/message/getHotTagList');
    else if (r < 0.75) await api('GET', '/statistic');
    else {
      await api('GET', `/article/getArticleListByContent/${encodeURIComponent(pick(SEARCHES))}`);
      counts.searches++;
    }
  });

  // POST reads: each counts against the per-address write budget.
  const postReadLoop = loop(between(700, 900), async () => {
    const r = Math.random();
    if (r < 0.3)
      await api('POST', '/comment/frontGetParentComment', {
        type: 1,
        for_id: pick(articleIds),
        current: 1,
        size: 10,
        order: Math.random() < 0.5 ? 'new' : 'hot',
      });
    else if (r < 0.5) await api('POST', '/message/getMessageList', { current: 1, size: 20 });
    else if (r < 0.65) await api('POST', '/talk/blogGetTalkList', { current: 1, size: 10 });
    else if (r < 0.8) await api('POST', '/chat/getChatList', { size: 20 });
    else await api('POST', '/like/getLikeInfo', { type: 1, for_id: pick(articleIds) }, nextUser().token);
  });

  const commentLoop = loop(between(1800, 2200), async () => {
    const u = nextUser();
    const reply = parents.length > 5 && Math.random() < 0.4 ? pick(parents) : null;
    if (reply) {
      const res = await api<{ id: number }>(
        'POST',
        '/comment/apply',
        {
          type: reply.type,
          for_id: reply.for_id,
          parent_id: reply.id,
          to_id: reply.from_id,
          content: `压测回复 ${rand()}`,
        },
        u.token,
      );
      if (res) counts.replies++;
      return;
    }
    const type = pick([1, 1, 2, 3]);
    const forId = pick(type === 1 ? articleIds : type === 2 ? talkIds : guestbookIds);
    const res = await api<{ id: number }>(
      'POST',
      '/comment/add',
      { type, for_id: forId, content: `压测评论 ${rand()}` },
      u.token,
    );
    if (res) {
      counts.comments++;
      parents.push({ id: res.id, type, for_id: forId, from_id: u.id });
      if (parents.length > 200) parents.shift();
    }
  });

  const messageLoop = loop(between(3500, 4500), async () => {
    const res = await api<{ id: number }>(
      'POST',
      '/message/add',
      { message: `压测留言 ${rand()}`, tag: pick(['', '压测', '你好']) },
      nextUser().token,
    );
    if (res) {
      counts.messages++;
      guestbookIds.push(res.id);
    }
  });

  const likeLoop = loop(between(900, 1100), async () => {
    const u = nextUser();
    const type = pick([1, 2, 3, 4]);
    const ids =
      type === 1 ? articleIds : type === 2 ? talkIds : type === 3 ? guestbookIds : parents.map((p) => p.id);
    if (!ids.length) return;
    const forId = pick(ids);
    const key = `${u.id}:${type}:${forId}`;
    const had = liked.has(key);
    const res = await api(
      'POST',
      had ? '/like/cancelLike' : '/like/addLike',
      { type, for_id: forId },
      u.token,
    );
    if (res) {
      counts.likes++;
      if (had) liked.delete(key);
      else liked.add(key);
    }
  });

  const loginLoop = loop(between(9000, 11000), async () => {
    const res = await api<{ token: string }>('POST', '/user/login', {
      username: 'admin',
      password: 'Admin12345',
    });
    if (res?.token) {
      counts.logins++;
      await api('GET', '/user/getUserInfoById/1', undefined, res.token);
    }
  });

  // ---- chat -------------------------------------------------------------------------------------
  type Sock = { ws: WebSocket; ours: boolean; closing: boolean; userId: number | null };
  const sockets = new Set<Sock>();
  const awaitingEcho = new Map<string, number>(); // content → sent at

  function openSocket(token: string | null, userId: number | null): Promise<Sock> {
    return new Promise((resolve) => {
      const ws = new WebSocket(wsUrl, { headers: { origin: base } });
      const s: Sock = { ws, ours: false, closing: false, userId };
      ws.on('open', () => {
        counts.socketsOpened++;
        sockets.add(s);
        ws.send(JSON.stringify(token ? { type: 'init', token } : { type: 'init' }));
        resolve(s);
      });
      ws.on('message', (data) => {
        const f = JSON.parse(data.toString()) as { type: string; content?: string; user_id?: number };
        if (f.type === 'error') fail(`chat error frame: ${f.content}`);
        else if (f.type === 'message' && f.user_id === userId && f.content && awaitingEcho.has(f.content)) {
          awaitingEcho.delete(f.content);
          counts.chatEchoed++;
        }
      });
      ws.on('error', (err) => fail(`chat socket error: ${err.message}`));
      ws.on('close', (code) => {
        sockets.delete(s);
        counts.socketsClosed++;
        if (!s.closing && running) fail(`chat socket closed by the server (${code})`);
        resolve(s);
      });
    });
  }

  const speakers = users.slice(0, SPEAKERS);
  const talkers: Sock[] = [];
  for (const u of speakers) talkers.push(await openSocket(u.token, u.id));
  // The room: mostly visitors, some signed in (their arrivals and departures change the online list).
  async function openOne() {
    if (Math.random() < 0.3) {
      const u = users[SPEAKERS + Math.floor(Math.random() * (USERS - SPEAKERS))];
      await openSocket(u.token, u.id);
    } else await openSocket(null, null);
  }
  for (let i = talkers.length; i < SOCKETS; i += 20)
    await Promise.all(Array.from({ length: Math.min(20, SOCKETS - i) }, openOne));

  const churnLoop = loop(
    () => 1000 / CHURN_PER_SECOND,
    async () => {
      const candidates = [...sockets].filter((s) => !talkers.includes(s) && !s.closing);
      const leaving = pick(candidates);
      if (leaving) {
        leaving.closing = true;
        leaving.ws.close(1000, 'bye');
      }
      await openOne();
    },
  );

  const speakLoops = talkers.map((s, n) =>
    loop(between(5000, 6000), async () => {
      const content = `压测聊天 ${n} ${rand()}`;
      awaitingEcho.set(content, Date.now());
      counts.chatSent++;
      s.ws.send(JSON.stringify({ type: 'message', content, content_type: 'text' }));
    }),
  );

  // ---- sampling ---------------------------------------------------------------------------------
  const t0 = Date.now();
  const loadAtStart = os.loadavg()[0];
  const samples: { t: number; rss: number; heap: number; heapFull: number }[] = [];
  const sampler = setInterval(() => {
    try {
      samples.push({
        t: (Date.now() - t0) / 1000,
        rss: rssMb(server.pid),
        heap: heapAfterGc,
        heapFull: heapAfterFullGc,
      });
    } catch (err) {
      fail(`sampling the server: ${(err as Error).message}`);
    }
    for (const [content, at] of awaitingEcho)
      if (Date.now() - at > 15_000) {
        awaitingEcho.delete(content);
        fail(`chat message not echoed to its sender within 15 s: ${content}`);
      }
    if (server.child.exitCode !== null) fail(`the server exited (${server.child.exitCode})`);
  }, SAMPLE_MS);
  const progress = setInterval(() => {
    const last = samples.at(-1);
    console.log(
      `  ${Math.round((Date.now() - t0) / 1000)} s: ${counts.pages} pages, ${counts.apiReads + counts.apiWrites} API calls, ` +
        `${counts.chatSent} chat messages, ${sockets.size} sockets, RSS ${last?.rss} MB, heap ${last?.heap} MB, ${errorCount} errors`,
    );
  }, 60_000);

  try {
    await Promise.all([
      ...pageLoops,
      readLoop,
      postReadLoop,
      commentLoop,
      messageLoop,
      likeLoop,
      loginLoop,
      churnLoop,
      ...speakLoops,
    ]);
    await sleep(2000); // the last echoes
  } finally {
    running = false;
    clearInterval(sampler);
    clearInterval(progress);
    for (const s of sockets) {
      s.closing = true;
      s.ws.close(1000, 'done');
    }
    await sleep(500);
    await server.stop();
  }
  for (const [content] of awaitingEcho) fail(`chat message never echoed: ${content}`);

  // ---- figures ----------------------------------------------------------------------------------
  const seconds = MINUTES * 60;
  const windowS = MINUTES >= 3 ? 60 : seconds / 3;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const inWindow = (from: number, to: number) => samples.filter((s) => s.t >= from && s.t < to);
  const early = inWindow(windowS, 2 * windowS);
  const tEnd = samples.at(-1)?.t ?? 0;
  const late = samples.filter((s) => s.t > tEnd - windowS);
  const rssEarly = mean(early.map((s) => s.rss));
  const rssLate = mean(late.map((s) => s.rss));
  const rssPeak = Math.max(...samples.map((s) => s.rss));
  const growth = (rssLate / rssEarly - 1) * 100;
  const heaps = (xs: typeof samples, key: 'heap' | 'heapFull') =>
    xs.map((s) => s[key]).filter(Number.isFinite);
  const heapEarly = mean(heaps(early, 'heapFull'));
  const heapLate = mean(heaps(late, 'heapFull'));
  const heapPeak = Math.max(...heaps(samples, 'heap'));
  const heapGrowth = (heapLate / heapEarly - 1) * 100;
  const mb = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} MB` : 'n/a');
  const pct = (v: number) => (Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${v.toFixed(1)} %` : 'n/a');
  const window = windowS === 60 ? 'minute' : `${Math.round(windowS)} s`;
  const hitRatio = counts.pages ? (1 - counts.pageMisses / counts.pages) * 100 : 0;
  const rows: Row[] = [
    { metric: 'duration', value: `${MINUTES} min` },
    {
      metric: 'pages (of which rendered: cache misses)',
      value: `${counts.pages} (${counts.pageMisses})`,
    },
    // A write drops only the pages that showed what it changed.
    {
      metric: 'page cache hit ratio',
      value: `${hitRatio.toFixed(1)} %`,
      budget: '≥ 95 %',
      ok: hitRatio >= 95,
    },
    {
      metric: 'API calls: GET / POST, PUT',
      value: `${counts.apiReads} / ${counts.apiWrites}`,
    },
    {
      metric: 'writes: comments / replies / guestbook / likes / logins',
      value: `${counts.comments} / ${counts.replies} / ${counts.messages} / ${counts.likes} / ${counts.logins}`,
    },
    { metric: 'searches', value: String(counts.searches) },
    {
      metric: 'chat: sockets (opened / closed by clients), messages sent / echoed',
      value: `${SOCKETS} (${counts.socketsOpened} / ${counts.socketsClosed}), ${counts.chatSent} / ${counts.chatEchoed}`,
    },
    { metric: 'errors', value: String(errorCount), budget: '0', ok: errorCount === 0 },
    {
      metric: `RSS: ${window} after warm-up → last ${window} (peak)`,
      value: `${mb(rssEarly)} → ${mb(rssLate)} (${mb(rssPeak)})`,
    },
    { metric: 'RSS growth', value: pct(growth), budget: '< 10 %', ok: growth < 10 },
    {
      metric: `V8 heap after full GC: ${window} after warm-up → last ${window} (peak used after any GC)`,
      value: `${mb(heapEarly)} → ${mb(heapLate)} (${mb(heapPeak)})`,
    },
    { metric: 'V8 heap growth', value: pct(heapGrowth) },
  ];
  const notes = [
    `Load generator and server share the machine; pages from 4 closed loops, non-GET /api calls kept under ${WRITE_BUDGET} a minute (the server allows 600 per address), chat: ${SPEAKERS} speakers, ${CHURN_PER_SECOND} sockets replaced per second.`,
    `Machine load average (1 min) at the start / end of the run: ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} (2 cores).`,
    ...errors.map((e) => `error: ${e}`),
  ];
  // The memory timeline, for a closer look (bench/results is not committed).
  mkdirSync(RESULTS, { recursive: true });
  // (CSV, not .json: run.ts reads every .json there as a part's result.)
  writeFileSync(
    path.join(RESULTS, 'soak-samples.csv'),
    `seconds,rss_mb,heap_after_gc_mb,heap_after_full_gc_mb\n${samples.map((s) => `${s.t},${s.rss},${s.heap},${s.heapFull}`).join('\n')}\n`,
  );
  return save('soak', `Soak: ${MINUTES} minutes of mixed page, API and chat load`, rows, notes);
}

if (import.meta.main) await run();
