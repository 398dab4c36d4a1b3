/**
 * Part `render` (docs/decisions/0005-render-pool-and-budget.md): an article whose Markdown keeps the parser
 * busy for many seconds (192 KB of `[a](`) beside ordinary ones. Each round writes fresh copies of the
 * bench's article (`/article?id=3`: its code blocks and all) straight into the server's SQLite file, so
 * every view counted is a first view (neither the page cache nor the article HTML cache holds it): an
 * ordinary article viewed alone; then the pathological one and, 0.2 s later, another ordinary one.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ensureBuilt, type Row, save, sleep, startServer } from './lib.ts';

const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 3);
const STUCK = '[a]('.repeat(48_000);
const SOURCE_ID = 3;

type Copies = { cold: number; alone: number[]; beside: number[]; stuck: number[] };

/** Copies article SOURCE_ID per round: one ordinary viewed alone, one beside, one with STUCK as its body. */
function writeArticles(dataDir: string): Copies {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const source = db.prepare('SELECT * FROM article WHERE id = ?').get(SOURCE_ID) as Record<string, unknown>;
    const columns = Object.keys(source).filter((c) => c !== 'id' && c !== 'slug');
    const insert = db.prepare(
      `INSERT INTO article (${columns.map((c) => `"${c}"`).join(', ')}, slug) VALUES (${columns.map(() => '?').join(', ')}, ?)`,
    );
    const copy = (name: string, content?: string) =>
      Number(
        insert.run(
          ...columns.map((c) =>
            c === 'article_content' && content !== undefined
              ? content
              : c === 'article_title'
                ? `${source[c]} · ${name}`
                : (source[c] as string | number | null),
          ),
          `bench-render-${name}`,
        ).lastInsertRowid,
      );
    const copies: Copies = { cold: copy('cold'), alone: [], beside: [], stuck: [] };
    for (let r = 0; r < ROUNDS; r++) {
      copies.alone.push(copy(`alone-${r}`));
      copies.beside.push(copy(`beside-${r}`));
      copies.stuck.push(copy(`stuck-${r}`, STUCK));
    }
    return copies;
  } finally {
    db.close();
  }
}

/** Milliseconds from sending to the whole answer; throws unless a render (not the cache) answered 200. */
async function view(base: string, id: number): Promise<{ ms: number; html: string }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/article?id=${id}`);
  const html = await res.text();
  if (!res.ok) throw new Error(`/article?id=${id} answered ${res.status}`);
  if (res.headers.get('x-page-cache') !== 'miss') throw new Error(`/article?id=${id} was not rendered`);
  return { ms: performance.now() - t0, html };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const figure = (list: number[]) => `${secs(median(list))} (${list.map(secs).join(', ')})`;

export async function run() {
  await ensureBuilt();
  const server = await startServer();
  let cold = 0;
  const alone: number[] = [];
  const beside: number[] = [];
  const stuck: number[] = [];
  const shownAs = new Set<string>();
  try {
    const copies = writeArticles(server.dataDir);
    // The first render after the start: the thread starts, loads the pipeline and Shiki. It stays warm
    // for the rounds, as on a server that has been showing articles.
    cold = (await view(server.url, copies.cold)).ms;
    for (let r = 0; r < ROUNDS; r++) {
      alone.push((await view(server.url, copies.alone[r])).ms);
      const pending = view(server.url, copies.stuck[r]);
      await sleep(200);
      beside.push((await view(server.url, copies.beside[r])).ms);
      const first = await pending;
      stuck.push(first.ms);
      shownAs.add(first.html.includes('class="md-plain"') ? 'escaped plain text' : 'rendered HTML');
      // Let the threads settle (a terminated one gone, the next round's first view not behind it).
      await sleep(1000);
    }
  } finally {
    await server.stop();
  }
  const rows: Row[] = [
    { metric: 'ordinary article, first view, no render thread running (started for it)', value: secs(cold) },
    { metric: 'ordinary article, first view, a warm thread free', value: figure(alone) },
    {
      metric: 'ordinary article, first view sent 0.2 s after the pathological one’s',
      value: figure(beside),
      budget: 'answered before the pathological one, each round',
      ok: beside.every((ms, r) => ms + 200 < stuck[r]),
    },
    {
      metric: 'pathological article (192 KB of `[a](`), first view → answer',
      value: figure(stuck),
      budget: '≤ 6 s (the 5 s render budget and the page)',
      ok: stuck.every((ms) => ms <= 6000),
    },
    { metric: 'pathological article: its body shown as', value: [...shownAs].join(', ') },
  ];
  return save('render', 'Render budget: a pathological article beside ordinary ones', rows, [
    `Median of ${ROUNDS} rounds (each round's figure in brackets); every view counted is a first view of a copy of /article?id=${SOURCE_ID} written for it (neither cache holds it). The view 0.2 s after the pathological one's finds its thread stuck, so it starts another (the pool's second, or a fresh one after the stuck one was terminated): compare it with the first row.`,
  ]);
}

if (import.meta.main) await run();
