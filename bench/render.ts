/**
 * Part `render` (docs/decisions/0005-render-pool-and-budget.md): what a reader meets when an article was
 * just written, on a quiet machine and on a busy one. Each round saves a copy of the bench's article
 * (`/article?id=3`: its code blocks and all) through the console's API, as the blogger does, then views
 * it once: its first view, neither cache holding it. On a busy machine (CPU burners, a load of about
 * BENCH_RENDER_BURNERS) the article is viewed right after its save; the rows count the first views
 * that showed the body as escaped Markdown. Last, a pathological body (120 KB of unclosed `*a_`) is
 * saved: the answer of the save, and of its first view if it was saved.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { ensureBuilt, ROOT, type Row, save, sleep, startServer } from './lib.ts';

/** Measured at BENCH_BASE too (bench/run.ts): run(root) starts the server from that checkout. */
export const measuresBase = true;

const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 5);
const BUSY_ROUNDS = Number(process.env.BENCH_RENDER_BUSY_ROUNDS ?? 12);
const BURNERS = Number(process.env.BENCH_RENDER_BURNERS ?? 30);
/**
 * 40,000 unclosed emphasis markers: the parser's time grows faster than their square (about 17 s for
 * 36 KB here), past any budget and its slow lane. 192 KB of `[a](` renders in about 27 s, inside the
 * 30 s slow lane a busy machine's save gets.
 */
const STUCK = `第一段。\n\n${'*a_'.repeat(40_000)}`;
const SOURCE_ID = 3;
const ADMIN = { username: 'admin', password: 'Admin12345' };

/** The few fields of answers this part reads. */
type Answer = { id: number; token: string; article_content: string };

type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ code: number; message: string; result?: Answer }>;

function apiOf(base: string, token = ''): Api {
  return async (method, path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; result?: Answer };
  };
}

/** Milliseconds from sending to the whole answer; throws unless the page was rendered (not cached). */
async function view(base: string, id: number, ordinary = true): Promise<{ ms: number; plain: boolean }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/article?id=${id}`);
  const html = await res.text();
  if (!res.ok) throw new Error(`/article?id=${id} answered ${res.status}`);
  if (res.headers.get('x-page-cache') === 'hit') throw new Error(`/article?id=${id} came from the cache`);
  const plain = html.includes('class="md-plain"');
  if (ordinary && !plain && !html.includes('class="code-block'))
    throw new Error(`/article?id=${id} has no highlighted code`);
  return { ms: performance.now() - t0, plain };
}

/** Processes that spin, one each, until stopped: the machine's load rises to about their number. */
function burn(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
const figure = (list: number[]) =>
  `${ms(median(list))} median, ${ms(Math.max(...list))} max (${list.length})`;

export async function run(root = ROOT) {
  await ensureBuilt(root);
  const server = await startServer({}, undefined, [], root);
  const rows: Row[] = [];
  const burners: ChildProcess[] = [];
  try {
    const login = await apiOf(server.url)('POST', '/user/login', ADMIN);
    const api = apiOf(server.url, login.result?.token ?? '');
    const source = await api('GET', `/article/getArticleById/${SOURCE_ID}`);
    const content = source.result?.article_content ?? '';
    let n = 0;
    const saveCopy = async (body = content) => {
      const t0 = performance.now();
      const added = await api('POST', '/article/add', {
        article_title: `渲染测试 ${n++} ${Date.now()}`,
        article_content: body,
        status: 1,
      });
      return { ms: performance.now() - t0, id: added.code === 0 ? (added.result?.id ?? 0) : 0, added };
    };
    const rounds = async (count: number) => {
      const saves: number[] = [];
      const views: number[] = [];
      let plain = 0;
      for (let r = 0; r < count; r++) {
        const saved = await saveCopy();
        if (!saved.id) throw new Error(`save refused: ${saved.added.message}`);
        saves.push(saved.ms);
        const seen = await view(server.url, saved.id);
        views.push(seen.ms);
        if (seen.plain) plain++;
      }
      return { saves, views, plain };
    };
    await saveCopy(); // the render thread's first start, not counted
    const quiet = await rounds(ROUNDS);
    burners.push(...burn(BURNERS));
    // The load average follows over a minute: the busy rounds start once it has.
    await sleep(60_000);
    const busy = await rounds(BUSY_ROUNDS);
    const load = os.loadavg()[0];
    for (const b of burners.splice(0)) b.kill('SIGKILL');
    const stuck = await saveCopy(STUCK);
    const stuckView = stuck.id ? await view(server.url, stuck.id, false) : undefined;
    rows.push(
      { metric: 'quiet: save of the article (POST /api/article/add)', value: figure(quiet.saves) },
      { metric: 'quiet: its first view', value: figure(quiet.views) },
      { metric: `busy (${BURNERS} CPU burners): save of the article`, value: figure(busy.saves) },
      { metric: 'busy: load average (1 minute) after the busy rounds', value: load.toFixed(0) },
      { metric: 'busy: its first view', value: figure(busy.views) },
      {
        metric: 'busy: first views showing the body as escaped Markdown',
        value: `${busy.plain} of ${BUSY_ROUNDS}`,
        budget: '0',
        ok: busy.plain === 0,
      },
      {
        metric: 'pathological body (120 KB of unclosed `*a_`): the save answers',
        value: `${stuck.id ? 'saved' : stuck.added.message.slice(0, 40)} in ${ms(stuck.ms)}`,
      },
      {
        metric: 'pathological body: its first view',
        value: stuckView
          ? `${ms(stuckView.ms)}, ${stuckView.plain ? 'escaped plain text' : 'HTML'}`
          : 'none (not saved)',
      },
    );
  } finally {
    for (const b of burners) b.kill('SIGKILL');
    await server.stop();
  }
  return save('render', 'Render on write: an article just saved, its first view, quiet and busy', rows, [
    `Each round saves a copy of /article?id=${SOURCE_ID} through the API (the console's save) and views it once (a first view: neither cache holds it); ${ROUNDS} rounds quiet, then ${BUSY_ROUNDS} with ${BURNERS} processes spinning beside the server (the load average after them in its row). Render on write moves the Markdown's cost from the first view to the save, so a busy machine slows the blogger's save and never shows a reader raw Markdown; a body that cannot be rendered within the budget is refused at save with where it is slow.`,
  ]);
}

if (import.meta.main) await run();
