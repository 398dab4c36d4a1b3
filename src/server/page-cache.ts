import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { config } from './config.ts';
import { fallbacksOf, isCountTag, type PageChange, showing } from './core/page-tags.ts';
import { answeredUnavailable, bypassedHead, sendBypassed } from './page-bypass.ts';
import { type Entry, keptType, prepareEntry, sendEntry } from './page-entry.ts';
import { wantsHsts } from './security.ts';
import { countPageView } from './services/views/tally.ts';

/**
 * The public page cache. Content pages are the same for every visitor (personal parts live in
 * islands), and so are the feeds (page-entry.ts keptType), so a rendered page is kept in memory by
 * URL, compressed once per encoding asked (page-compress.ts: off the event loop, on first ask), and
 * answered with an ETag (304 when the browser has it). Each page records what it showed
 * (core/page-tags.ts) and a content write drops the pages that showed what it changed, or all of them
 * when it cannot say (see invalidatePages; on every process with REDIS_URL, page-sync.ts); the CLI's
 * writes drop them all within seconds (page-sync.ts, watchOutsideWrites). Entries also expire after
 * 24–30 minutes: what no write names (view counts on cards, SQL typed by hand) is never older than
 * that.
 *
 * A hit is the server's hottest path: it is answered before any routing, from bodies compressed and
 * header lists (security headers included) prepared when the page was stored, so a hit costs one
 * lookup and one writeHead/end with nothing built per request. Every page it answers is also counted
 * for the dashboard (services/views/tally.ts: a few comparisons, a hash and an increment in memory;
 * not the feeds, lib/page-views.ts isPageViewPath).
 */

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * Half an hour (WP Super Cache's default): every write a server or the CLI makes drops what it
 * changed at once, so the lifetime only bounds how old a view count on a card may get.
 */
const TTL_MS = 30 * 60_000;
/**
 * A page lives TTL_MS less up to a fifth, at random: pages stored together (after a start or a
 * write that dropped them all) would otherwise expire together every TTL_MS, each time a burst of
 * renders and of garbage (old bodies, compression buffers) that raises the process's memory for good.
 */
const lifetime = () => TTL_MS - Math.floor(Math.random() * (TTL_MS / 5));

const entries = new Map<string, Entry>();
let bytes = 0;
export const pageCacheStats = { hits: 0, directHits: 0, misses: 0, invalidations: 0 };

/**
 * What each kept page showed (its key → its tags), and the reverse: tag → keys. A page that recorded
 * nothing is in `untagged` and every write drops it.
 */
const shownBy = new Map<string, string[]>();
const byTag = new Map<string, Set<string>>();
const untagged = new Set<string>();
/**
 * Invalidations are numbered: a render remembers the number it started at, and its page is kept only
 * if nothing it showed was dropped since (a write that landed while it rendered may not be in it).
 */
let sequence = 0;
let allDroppedAt = 0;
const droppedAt = new Map<string, number>();
/** The same for counts (likes), which refresh a page instead of dropping it. */
const countedAt = new Map<string, number>();
const MAX_DROPPED_TAGS = 10_000;
/**
 * The renders under way, by the number each started at: a drop older than all of them can no
 * longer matter to any render, so the two maps above are emptied whenever none is under way.
 */
const rendering = new Map<number, number>();

/** How old a page may get after a count it shows changed (PAGE_COUNTS_MAX_AGE; 60 s without a config). */
const countsMaxAgeMs = () => (config?.pageCountsMaxAge ?? 60) * 1000;

/**
 * False while this process may miss another's invalidation (REDIS_URL set and Redis down, see
 * page-sync.ts): pages are rendered for every request then, never kept.
 */
let storing = true;

export function setPageStoring(on: boolean): void {
  storing = on;
  invalidatePages();
}

/**
 * Drops the cached pages that showed what a content write changed: those that showed one of its
 * tags and those that recorded nothing, or every page (the default).
 */
export function invalidatePages(change: PageChange = { all: true }): void {
  sequence++;
  pageCacheStats.invalidations++;
  forgetOldDrops();
  if ('all' in change || droppedAt.size + countedAt.size + change.tags.length > MAX_DROPPED_TAGS) {
    allDroppedAt = sequence;
    droppedAt.clear();
    countedAt.clear();
    entries.clear();
    shownBy.clear();
    byTag.clear();
    untagged.clear();
    bytes = 0;
    return;
  }
  const now = Date.now();
  for (const tag of change.tags) {
    const count = isCountTag(tag);
    (count ? countedAt : droppedAt).set(tag, sequence);
    for (const key of byTag.get(tag) ?? []) {
      const entry = entries.get(key);
      if (!entry) continue;
      // A count that changed: the page is kept until it is PAGE_COUNTS_MAX_AGE old.
      const due = count ? entry.storedAt + countsMaxAgeMs() : now;
      if (due <= now) forget(key, entry);
      else entry.expiresAt = Math.min(entry.expiresAt, due);
    }
  }
  for (const key of untagged) drop(key);
}

function forgetOldDrops() {
  if (rendering.size === 0) {
    droppedAt.clear();
    countedAt.clear();
    return;
  }
  const oldest = Math.min(...rendering.keys());
  for (const map of [droppedAt, countedAt]) for (const [tag, at] of map) if (at <= oldest) map.delete(tag);
}

/** A render from sequence number `at` on: counted until its answer is closed (sent or abandoned). */
function renderStarted(at: number, res: ServerResponse) {
  rendering.set(at, (rendering.get(at) ?? 0) + 1);
  res.once('close', () => {
    const left = (rendering.get(at) ?? 1) - 1;
    if (left) rendering.set(at, left);
    else rendering.delete(at);
  });
}

function drop(key: string) {
  const entry = entries.get(key);
  if (entry) forget(key, entry);
}

function forget(key: string, entry: Entry) {
  entries.delete(key);
  bytes -= entry.bytes;
  const tags = shownBy.get(key);
  shownBy.delete(key);
  untagged.delete(key);
  for (const tag of tags ?? []) {
    const keys = byTag.get(tag);
    keys?.delete(key);
    if (keys?.size === 0) byTag.delete(tag);
  }
}

/** Whether a page rendered from `startedAt` on, showing `tags`, is still current. */
function current(startedAt: number, tags: Set<string>): boolean {
  if (allDroppedAt > startedAt) return false;
  if (tags.size === 0) return sequence === startedAt;
  for (const tag of tags) if ((droppedAt.get(tag) ?? 0) > startedAt) return false;
  return true;
}

/** Whether a count the page shows changed while it rendered (it may show the old one). */
const countChanged = (startedAt: number, tags: Set<string>) =>
  [...tags].some((tag) => (countedAt.get(tag) ?? 0) > startedAt);

function remember(key: string, entry: Entry, tags: Set<string>) {
  const old = entries.get(key);
  if (old) forget(key, old);
  entries.set(key, entry);
  bytes += entry.bytes;
  if (tags.size === 0) untagged.add(key);
  else {
    shownBy.set(key, [...tags]);
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (keys) keys.add(key);
      else byTag.set(tag, new Set([key]));
    }
  }
  // Least recently used first: Map keeps insertion order and hits re-insert.
  for (const [k, e] of entries) {
    if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    forget(k, e);
  }
}

/** A compressed body made for the page stored under `key`: counted while it is still the one stored. */
const grew = (key: string) => (entry: Entry, size: number) => {
  if (entries.get(key) === entry) bytes += size;
};

function lookup(key: string, now: number): Entry | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (now >= entry.expiresAt) {
    forget(key, entry);
    return undefined;
  }
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

const cacheable = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;

/**
 * Answers a request from the cache when its page is there (true), before any routing: only pages
 * the renderer answered are ever stored, so /api, assets and uploads never match. `raw` is the
 * target as the client sent it: when it is the key itself, the entry is marked for serveDirectHit.
 */
export function serveCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  trustProxy: boolean,
  raw?: string,
): boolean {
  if (!cacheable(req)) return false;
  const key = req.url ?? '/';
  const entry = lookup(key, Date.now());
  if (!entry) return false;
  if (raw === key) entry.direct = true;
  answerHit(req, res, entry, trustProxy);
  return true;
}

/**
 * The hit of nearly every request, answered before its target is parsed (the front checks its Host
 * first): a target spelled as a key that such a request was already answered under. The front's
 * routing of a target depends on its spelling alone, so the same spelling reaches the same page; a
 * differently spelled one (`?id=3&utm_source=x`, `/article/`) takes the routed way (serveCachedPage).
 * Parsing and routing cost about a quarter of a hit (`npm run bench -- page`).
 */
export function serveDirectHit(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): boolean {
  if (!cacheable(req)) return false;
  const entry = lookup(req.url ?? '/', Date.now());
  if (!entry?.direct) return false;
  pageCacheStats.directHits++;
  answerHit(req, res, entry, trustProxy);
  return true;
}

function answerHit(req: IncomingMessage, res: ServerResponse, entry: Entry, trustProxy: boolean) {
  pageCacheStats.hits++;
  sendEntry(req, res, entry, true, wantsHsts(req, trustProxy));
  countPageView(req, trustProxy);
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * A chunk the renderer wrote, as bytes: Astro writes each chunk once, in an array made for it, so it
 * is kept as it is (a view, not a copy of 114 KB per article page); text is encoded.
 */
const bytesOf = (chunk: unknown): Buffer =>
  ArrayBuffer.isView(chunk)
    ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    : Buffer.from(String(chunk));

/**
 * A page the renderer marked personal is never kept: one that sets a cookie, or says `no-store`
 * (the owner console under /admin does, so its shell is rendered for every request).
 */
function storable(headers: OutgoingHttpHeaders): boolean {
  if (headers['set-cookie'] || headers['Set-Cookie']) return false;
  const control = String(headers['cache-control'] ?? headers['Cache-Control'] ?? '');
  return !/\bno-store\b/i.test(control);
}

/**
 * Wraps the page renderer: a miss renders, and a 200 page or feed is captured (not streamed), stored
 * and then sent like a hit. Anything else passes through untouched. Hits never get here (see
 * serveCachedPage), though one that does is answered from the cache all the same.
 */
export function withPageCache(render: Handler, trustProxy = false): Handler {
  return (req, res) => {
    if (!cacheable(req)) return render(req, res);
    if (serveCachedPage(req, res, trustProxy)) return;
    const key = req.url ?? '/';
    const now = Date.now();
    pageCacheStats.misses++;
    const startedAt = sequence;
    renderStarted(startedAt, res);
    const tags = new Set<string>();
    let capture: { headers: OutgoingHttpHeaders; type: string; chunks: Buffer[] } | undefined;
    const writeHead = res.writeHead.bind(res);
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const destroy = res.destroy.bind(res);
    const restore = () => Object.assign(res, { writeHead, write, end, destroy });
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as OutgoingHttpHeaders | undefined;
      const merged: OutgoingHttpHeaders = { ...res.getHeaders(), ...headers };
      const type = String(merged['content-type'] ?? merged['Content-Type'] ?? '');
      if (status === 200 && keptType(type) && storable(merged)) {
        capture = { headers: merged, type, chunks: [] };
        return res;
      }
      // A page built with a fallback (core/page-tags.ts degradedPage) is kept nowhere (page-bypass.ts).
      const fallbacks = fallbacksOf(tags);
      if (fallbacks.length) rest = bypassedHead(req, res, status, rest, fallbacks);
      return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!capture) return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      capture.chunks.push(bytesOf(chunk));
      // Nothing else would call a writer waiting for its write (Astro's error path: write, then destroy).
      const done = rest.find((r) => typeof r === 'function');
      if (done) process.nextTick(done as () => void);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!capture) return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
      if (chunk && typeof chunk !== 'function') capture.chunks.push(bytesOf(chunk));
      restore();
      const fallbacks = fallbacksOf(tags);
      if (fallbacks.length) {
        sendBypassed(req, res, Buffer.concat(capture.chunks), capture.headers, capture.type, fallbacks);
        countPageView(req, trustProxy);
        return res;
      }
      const life = { storedAt: now, expiresAt: now + lifetime() };
      const entry = prepareEntry(
        Buffer.concat(capture.chunks),
        capture.headers,
        capture.type,
        life,
        grew(key),
      );
      // A write that landed while this page rendered may not be in it: serve it, but don't keep it
      // (or, a count, keep it until it is as old as a count may get).
      if (countChanged(startedAt, tags)) entry.expiresAt = now + countsMaxAgeMs();
      if (storing && current(startedAt, tags) && entry.expiresAt > Date.now()) remember(key, entry, tags);
      sendEntry(req, res, entry, false, wantsHsts(req, trustProxy));
      countPageView(req, trustProxy);
      return res;
    }) as typeof res.end;
    // A render that failed once its page had begun: nothing was sent yet (page-bypass.ts).
    res.destroy = ((err?: Error) => {
      if (!capture) return destroy(err);
      capture = undefined;
      restore();
      return answeredUnavailable(req, res, err) ? res : destroy(err);
    }) as typeof res.destroy;
    return showing(tags, () => render(req, res));
  };
}
