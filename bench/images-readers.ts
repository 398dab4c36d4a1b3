/**
 * Part: readers while photographs get their variants (docs/decisions/0017-image-variants.md). 12
 * camera-sized photos (4,000 × 3,000 JPEG, 5–6 MB, tests/fixtures/photos.ts) are uploaded through the
 * API one after another, as the owner's console sends them; meanwhile READERS readers fetch /home and
 * /article?id=3 in turn, each as fast as it is answered, and one request in BUST has a query of its own
 * (a cache miss: the page is rendered). The same readers with no upload, just before on the same server,
 * are the baseline; each page's p95 during the uploads must stay within 1.2× of it.
 *
 * BENCH_IMAGE_WORK (bench only: bench/images-work.ts) lists how the variants are made, one server each:
 * `child` (the product: the niced picture process), `child-unniced`, `inline` (the server's own
 * process, as before). Default: `inline,child`. A worker thread and yielding between steps were
 * measured too and dropped (docs/decisions/0017-image-variants.md).
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cameraJpeg } from '../tests/fixtures/photos.ts';
import { doneRows, owners, percentile, upload } from './images.ts';
import { ensureBuilt, ROOT, type Row, save, sleep, startServer } from './lib.ts';

/** Measured at BENCH_BASE too (bench/run.ts): there the variants are made as that checkout makes them. */
export const measuresBase = true;

const PHOTOS = 12;
const READERS = 4;
/** One request in BUST is a miss. */
const BUST = 4;
const IDLE_MS = 20_000;
const PAGES = ['/home', '/article?id=3'] as const;

const LABELS: Record<string, string> = {
  child: 'picture process, nice 19',
  'child-unniced': 'picture process, nice 0',
  inline: "server's own process",
};

type Sample = { page: (typeof PAGES)[number]; ms: number; miss: boolean };

/** READERS readers fetching the pages in turn until `until` resolves. */
async function readers(base: string, until: Promise<unknown>): Promise<Sample[]> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const samples: Sample[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: READERS }, async (_, r) => {
      for (let k = r; !done; k++) {
        const page = PAGES[k % PAGES.length];
        const i = n++;
        const miss = i % BUST === 0;
        const url = miss ? `${page}${page.includes('?') ? '&' : '?'}r=${i}` : page;
        const t = performance.now();
        const res = await fetch(`${base}${url}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        samples.push({ page, ms: performance.now() - t, miss });
      }
    }),
  );
  return samples;
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const of = (s: Sample[], page: string) => s.filter((x) => x.page === page).map((x) => x.ms);

async function measure(root: string, work: string, photos: Uint8Array[]) {
  const mine = root === ROOT;
  const server = await startServer(
    mine ? { BENCH_IMAGE_WORK: work } : {},
    undefined,
    mine ? ['--import', pathToFileURL(path.join(ROOT, 'bench', 'images-work.ts')).href] : [],
    root,
  );
  try {
    const [owner] = owners(server.dataDir, 1);
    for (const page of PAGES)
      for (let i = 0; i < 5; i++) await (await fetch(`${server.url}${page}`)).arrayBuffer();
    const idle = await readers(server.url, sleep(IDLE_MS));
    const t0 = performance.now();
    const answers: number[] = [];
    const work$ = (async () => {
      const urls: string[] = [];
      for (let i = 0; i < PHOTOS; i++) {
        const t = performance.now();
        urls.push(await upload(server.url, owner, photos[i], `IMG_${2000 + i}.JPG`));
        answers.push(performance.now() - t);
      }
      for (;;) {
        const rows = doneRows(server.dataDir);
        if (urls.every((u) => rows.has(u))) break;
        await sleep(100);
      }
      const failed = urls.filter((u) => doneRows(server.dataDir).get(u) !== 'done').length;
      if (failed) throw new Error(`${failed} photos got no variants`);
      return performance.now() - t0;
    })();
    const during = await readers(
      server.url,
      work$.catch(() => undefined),
    );
    const total = await work$;
    return { idle, during, answers, total };
  } finally {
    await server.stop();
  }
}

export async function run(root = ROOT) {
  await ensureBuilt(root);
  const ways = root === ROOT ? (process.env.BENCH_IMAGE_WORK ?? 'inline,child').split(',') : ['base'];
  console.log(`  generating ${PHOTOS} photographs of 4,000 × 3,000…`);
  const photos: Uint8Array[] = [];
  for (let i = 0; i < PHOTOS; i++)
    photos.push(await cameraJpeg({ seed: i + 1, orientation: i % 5 === 0 ? 6 : 1 }));
  const rows: Row[] = [];
  for (const work of ways) {
    console.log(`  variants made by: ${LABELS[work] ?? work}`);
    const { idle, during, answers, total } = await measure(root, work, photos);
    // At BENCH_BASE the rows are named as the product's, so the two columns line up.
    const label = LABELS[work === 'base' ? 'child' : work] ?? work;
    for (const page of PAGES) {
      const before = percentile(of(idle, page), 95);
      const after = percentile(of(during, page), 95);
      const ratio = after / before;
      rows.push(
        {
          metric: `${label}: ${page} p95, no uploads → during the variants`,
          value: `${ms(before)} → ${ms(after)} (×${ratio.toFixed(2)})`,
          budget: '≤ 1.2×',
          ok: ratio <= 1.2,
        },
        {
          metric: `${label}: ${page} max, no uploads → during the variants`,
          value: `${ms(Math.max(...of(idle, page)))} → ${ms(Math.max(...of(during, page)))}`,
        },
      );
    }
    rows.push(
      {
        metric: `${label}: requests (misses), no uploads / during`,
        value: `${idle.length} (${idle.filter((s) => s.miss).length}) / ${during.length} (${during.filter((s) => s.miss).length})`,
      },
      {
        metric: `${label}: ${PHOTOS} uploads answered (p50 / max) / all variants made`,
        value: `${ms(percentile(answers, 50))} / ${ms(Math.max(...answers))} / ${(total / 1000).toFixed(1)} s`,
      },
    );
  }
  return save('images-readers', 'Readers during image variants', rows, [
    `${READERS} readers at once, each fetching /home and /article?id=3 in turn as fast as they are answered; one request in ${BUST} carries a query of its own, a page cache miss (the page is rendered). Baseline: ${IDLE_MS / 1000} s of the same readers on the same server just before the uploads; "during": from the first upload until the variants of all ${PHOTOS} are made (the queue also drops the pages showing pictures after each one, more misses).`,
    `Photos: ${PHOTOS} of 4,000 × 3,000 JPEG at quality 90 with per-pixel noise, 5–6 MB, every fifth held turned; uploaded one after another by the owner through /api/upload/img. The readers and the uploads run on the same machine as the server.`,
    `Load average of the machine at the start of the part: ${os.loadavg()[0].toFixed(1)}.`,
  ]);
}

if (import.meta.main) await run();
