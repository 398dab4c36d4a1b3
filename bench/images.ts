/**
 * Part: uploaded photographs (docs/architecture.md#image-variants). 24 camera-sized photos (4,000 × 3,000
 * JPEG with sensor-like noise, 5–6 MB each, generated here) are uploaded through the API as the console
 * sends them; then:
 * - the image bytes a 390 px phone at DPR 3 downloads for the album's /photos scrolled to the end, before
 *   (the same photos stored as they were, plain <img>s of the originals) and after (their variants);
 * - the picture bytes and the LCP on 4G of /photoAlbum with such covers, and of /home with such covers and banner, before and after;
 * - upload-to-variants time per photo (from the upload's answer until its row is done);
 * - during a burst of 100 uploads (4 owners' consoles at once): the server's peak RSS, and the p50/p99 of
 *   pages fetched meanwhile, against the same pages with the server idle.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Browser, chromium } from '@playwright/test';
import { cameraJpeg } from '../tests/fixtures/photos.ts';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  ensureBuilt,
  ROOT,
  type Row,
  rssMb,
  save,
  sleep,
  startServer,
} from './lib.ts';

/** Measured at BENCH_BASE too (bench/run.ts): run(root) starts the server from that checkout. */
export const measuresBase = true;

const PHOTOS = 24;

/** A phone on a good 4G network, for the LCPs: 9 Mbit/s down, 1.5 up, 150 ms round trip. */
const FOUR_G = {
  offline: false,
  latency: 150,
  downloadThroughput: (9 * 1024 * 1024) / 8,
  uploadThroughput: (1.5 * 1024 * 1024) / 8,
};
const BURST = 100;
const OWNERS = 4;

/** Owner accounts (role 1) written into the bench server's database, with tokens signed by its key. */
export function owners(dataDir: string, count: number): string[] {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const key = (db.prepare("SELECT value FROM secret WHERE key = 'jwt_secret'").get() as { value: string })
    .value;
  const now = new Date().toISOString();
  const iat = Math.floor(Date.now() / 1000);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = db
      .prepare(
        `INSERT INTO "user" (username, password, nick_name, email, avatar, qq, role, token_version, ip, "createdAt", "updatedAt")
         VALUES (?, 'x', ?, '', '', '', 1, 0, '', ?, ?) RETURNING id`,
      )
      .get(`owner${i}_${iat % 10000}`, `博主${i}`, now, now) as { id: number };
    const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: id, role: 1, tv: 0, iat, exp: iat + 7200 })}`;
    tokens.push(`${data}.${createHmac('sha256', key).update(data).digest('base64url')}`);
  }
  db.close();
  return tokens;
}

async function api(url: string, token: string, method: string, body: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; result: { id: number } };
  if (json.code !== 0) throw new Error(`${method} ${url}: ${json.message}`);
  return json.result;
}

export async function upload(base: string, token: string, bytes: Uint8Array, name: string): Promise<string> {
  for (;;) {
    const fd = new FormData();
    fd.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
    const res = await fetch(`${base}/api/upload/img`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: fd,
    });
    const json = (await res.json()) as { code: number; message: string; result: { url: string } };
    // The per-owner rate limit: the console waits it out too.
    if (res.status === 429) {
      await sleep(2000);
      continue;
    }
    if (json.code !== 0) throw new Error(`upload: ${json.message}`);
    return json.result.url;
  }
}

/** When each of these upload rows was done, polled from the database (ms since epoch, or undefined). */
export function doneRows(dataDir: string): Map<string, string> {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
  try {
    const rows = db.prepare("SELECT url, status FROM upload WHERE status IN ('done','failed')").all() as {
      url: string;
      status: string;
    }[];
    return new Map(rows.map((r) => [r.url, r.status]));
  } finally {
    db.close();
  }
}

/**
 * Image bytes a 390 px phone at DPR 3 downloads for a page scrolled to its end; `on4g`, those of its
 * first screen over a 4G network, and its LCP.
 */
async function phoneLoad(
  browser: Browser,
  url: string,
  { on4g = false } = {},
): Promise<{ bytes: number; count: number; lcp: number }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (on4g) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  }
  let bytes = 0;
  let count = 0;
  page.on('requestfinished', async (req) => {
    if (!new URL(req.url()).pathname.startsWith('/uploads/')) return;
    const sizes = await req.sizes().catch(() => null);
    if (!sizes) return;
    bytes += sizes.responseBodySize;
    count++;
  });
  await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
  // The largest picture may finish after the load event (a lazy one in the first screen does not
  // hold it): the LCP is read once the network is quiet, before any scroll.
  if (on4g) await page.waitForLoadState('networkidle', { timeout: 300_000 });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const all = list.getEntries();
          resolve(all[all.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 5000);
      }),
  );
  // On 4G only the first screen is measured: scrolling would fetch what a reader may never see.
  for (let i = 0; i < (on4g ? 0 : 200); i++) {
    const end = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await sleep(150);
    if (end) break;
  }
  await page.waitForLoadState('networkidle');
  await sleep(500);
  await context.close();
  return { bytes, count, lcp };
}

type Load = Awaited<ReturnType<typeof phoneLoad>>;

/** A page's rows: its picture bytes scrolled to the end, and its LCP on 4G (first screen), before → after. */
function lcpRows(page: string, [before, after]: Load[], [before4g, after4g]: Load[]): Row[] {
  const ms = (l: Load) => `${(l.lcp / 1000).toFixed(2)} s`;
  return [
    {
      metric: `${page}: picture bytes, scrolled to the end, before → after`,
      value: `${mb(before.bytes)} → ${mb(after.bytes)}`,
    },
    {
      metric: '… its LCP on 4G (first screen), before → after',
      value: `${ms(before4g)} (${mb(before4g.bytes)}) → ${ms(after4g)} (${mb(after4g.bytes)})`,
    },
  ];
}

/**
 * /home with camera-sized pictures: every article's cover and the home banner. Covers are written into
 * the database (no route sets only a cover); the banner's save then drops the cached pages, /home with
 * them (api/page-writes.ts).
 */
async function homeCovers(base: string, token: string, dataDir: string, covers: string[]) {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const ids = db.prepare('SELECT id FROM article ORDER BY id').all() as { id: number }[];
  const set = db.prepare('UPDATE article SET article_cover = ? WHERE id = ?');
  for (const [i, r] of ids.entries()) set.run(covers[(i + 1) % covers.length], r.id);
  db.close();
  await api(`${base}/api/pageHeader/addOrUpdate`, token, 'POST', { route_name: 'Home', bg_url: covers[0] });
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

/** Fetches pages one after another until `until` resolves; their latencies in ms. */
async function pageLatencies(urls: string[], until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const times: number[] = [];
  for (let i = 0; !done; i++) {
    const t = performance.now();
    const res = await fetch(urls[i % urls.length]);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  return times;
}

export async function run(root = ROOT) {
  await ensureBuilt(root);
  console.log(`  generating ${PHOTOS} photographs of 4,000 × 3,000…`);
  const photos: Uint8Array[] = [];
  for (let i = 0; i < PHOTOS; i++)
    photos.push(await cameraJpeg({ seed: i + 1, orientation: i % 5 === 0 ? 6 : 1 }));
  const server = await startServer({}, undefined, [], root);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const tokens = owners(server.dataDir, OWNERS);
    const [owner] = tokens;
    const base = server.url;

    // Before: the same photographs as the server stored them until now, whole, without rows.
    const old = path.join(server.dataDir, 'uploads', 'before');
    mkdirSync(old, { recursive: true });
    const oldUrls = photos.map((bytes, i) => {
      writeFileSync(path.join(old, `photo${i}.jpg`), bytes);
      return `/uploads/before/photo${i}.jpg`;
    });
    const before = await api(`${base}/api/photoAlbum/add`, owner, 'POST', {
      album_name: '之前',
      album_cover: oldUrls[0],
    });
    await api(`${base}/api/photo/add`, owner, 'POST', {
      photoList: oldUrls.map((url) => ({ album_id: before.id, url })),
    });

    // After: uploaded one at a time as the console sends them, each timed until its variants exist.
    const times: number[] = [];
    const urls: string[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      const url = await upload(base, owner, photos[i], `IMG_${1000 + i}.JPG`);
      const t = performance.now();
      urls.push(url);
      while (!doneRows(server.dataDir).has(url)) await sleep(50);
      times.push(performance.now() - t);
    }
    const after = await api(`${base}/api/photoAlbum/add`, owner, 'POST', {
      album_name: '之后',
      album_cover: urls[0],
    });
    await api(`${base}/api/photo/add`, owner, 'POST', {
      photoList: urls.map((url) => ({ album_id: after.id, url })),
    });

    const phoneBefore = await phoneLoad(browser, `${base}/photos?id=${before.id}`);
    const phoneAfter = await phoneLoad(browser, `${base}/photos?id=${after.id}`);
    const ratio = phoneBefore.bytes / Math.max(1, phoneAfter.bytes);
    rows.push(
      {
        metric: `/photos of ${PHOTOS} photos, 390 px phone at DPR 3, scrolled to the end: image bytes before`,
        value: `${mb(phoneBefore.bytes)} (${phoneBefore.count} files)`,
      },
      {
        metric: '… and after (AVIF variants)',
        value: `${mb(phoneAfter.bytes)} (${phoneAfter.count} files): ${ratio.toFixed(1)}× less`,
        budget: '≥ 8× less',
        ok: ratio >= 8,
      },
    );
    // LCP of the albums page on the phone: its largest picture is the first album's cover.
    await api(`${base}/api/photoAlbum/update`, owner, 'PUT', { id: after.id, album_cover: oldUrls[1] });
    const albumsBefore = await phoneLoad(browser, `${base}/photoAlbum`);
    const albumsBefore4g = await phoneLoad(browser, `${base}/photoAlbum`, { on4g: true });
    await api(`${base}/api/photoAlbum/update`, owner, 'PUT', { id: after.id, album_cover: urls[0] });
    await api(`${base}/api/photoAlbum/update`, owner, 'PUT', { id: before.id, album_cover: urls[1] });
    const albumsAfter = await phoneLoad(browser, `${base}/photoAlbum`);
    const albumsAfter4g = await phoneLoad(browser, `${base}/photoAlbum`, { on4g: true });
    rows.push(
      ...lcpRows(
        '/photoAlbum on the phone, two camera-photo covers',
        [albumsBefore, albumsAfter],
        [albumsBefore4g, albumsAfter4g],
      ),
    );
    await homeCovers(base, owner, server.dataDir, oldUrls);
    const homeBefore = await phoneLoad(browser, `${base}/home`);
    const homeBefore4g = await phoneLoad(browser, `${base}/home`, { on4g: true });
    await homeCovers(base, owner, server.dataDir, urls);
    const homeAfter = await phoneLoad(browser, `${base}/home`);
    const homeAfter4g = await phoneLoad(browser, `${base}/home`, { on4g: true });
    rows.push(
      ...lcpRows(
        '/home on the phone, camera-photo banner and article covers',
        [homeBefore, homeAfter],
        [homeBefore4g, homeAfter4g],
      ),
    );
    rows.push({
      metric: 'upload answered → variants done, per photo (p50 / max)',
      value: `${(percentile(times, 50) / 1000).toFixed(1)} s / ${(Math.max(...times) / 1000).toFixed(1)} s`,
    });

    // The burst: 100 uploads by 4 owners at once, pages fetched meanwhile, RSS sampled.
    const pages = [
      `${base}/photos?id=${after.id}`,
      `${base}/photoAlbum`,
      `${base}/home`,
      `${base}/article?id=1`,
    ];
    const idle = await pageLatencies(pages, sleep(5000));
    let peak = rssMb(server.pid);
    const rssBefore = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 100);
    const t0 = performance.now();
    const burst = (async () => {
      const all = Array.from({ length: BURST }, (_, i) => i);
      const sent: string[] = [];
      await Promise.all(
        tokens.map(async (token, k) => {
          for (const i of all.filter((n) => n % OWNERS === k))
            sent.push(await upload(base, token, photos[i % PHOTOS], `BURST_${i}.JPG`));
        }),
      );
      const uploaded = performance.now() - t0;
      while ([...sent].some((u) => !doneRows(server.dataDir).has(u))) await sleep(200);
      return { uploaded, done: performance.now() - t0 };
    })();
    const during = await pageLatencies(pages, burst);
    const { uploaded, done } = await burst;
    clearInterval(sampler);
    rows.push(
      {
        metric: `burst of ${BURST} uploads (${OWNERS} consoles at once): all answered / all variants made`,
        value: `${(uploaded / 1000).toFixed(0)} s / ${(done / 1000).toFixed(0)} s`,
      },
      {
        metric: 'server RSS before → peak during the burst',
        value: `${rssBefore} MB → ${peak} MB`,
        budget: '≤ 600 MB',
        ok: peak <= 600,
      },
      {
        metric: 'pages (album, albums, home, article) p50 / p99 with the server idle',
        value: `${percentile(idle, 50).toFixed(1)} / ${percentile(idle, 99).toFixed(1)} ms (${idle.length} requests)`,
      },
      {
        metric: '… the same pages during the burst',
        value: `${percentile(during, 50).toFixed(1)} / ${percentile(during, 99).toFixed(1)} ms (${during.length} requests)`,
      },
    );
    notes.push(
      'Photos: 4,000 × 3,000 JPEG at quality 90 with per-pixel noise (compresses as badly as a sensor’s), every fifth held turned (EXIF orientation 6). Stored at most 2,560 px long; variants 480/960/1,600 px in AVIF and WebP; IMAGE_CONCURRENCY=1.',
      '"Before" is the same page drawing the same photographs stored whole (as an API upload was stored until now), "after" the uploaded ones with their variants; the phone takes the AVIF of the width its `sizes` and DPR ask for.',
      'The pages are fetched one after another while the burst runs; the page cache drops them each time the queue finishes photos, so some are misses.',
      'LCP on 4G: a fresh phone context (390 px, DPR 3) whose network Chromium holds to 9 Mbit/s down, 1.5 Mbit/s up and 150 ms round trip; the page loaded, not scrolled, read once the network is quiet; the bytes beside it are the pictures that load took. On /photoAlbum a cover is not the largest element of a phone’s first screen (its 10 MB take over 9 s at 9 Mbit/s, the LCP came before), so there the bytes tell the difference.',
      `Load average of the machine at the start of the part: ${os.loadavg()[0].toFixed(1)}.`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  return save('images', 'Image variants', rows, notes);
}
