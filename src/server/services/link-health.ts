import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Kysely, Transaction } from 'kysely';
import type { LinkHealth } from '../../lib/contract/links.ts';
import { notFound } from '../core/errors.ts';
import type { Lifecycle } from '../core/lifecycle.ts';
import { logger } from '../core/log.ts';
import { MSG } from '../core/messages.ts';
import { changes, changesNothingShown } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { pinnedLookup, siteAddresses } from '../net/public-address.ts';

/**
 * Whether a friend link's site answers (issue 20): checked from the server only, never from a page,
 * off the request path (a background run on start and then every few hours) or when the admin asks.
 */
export type CheckOptions = {
  /** How long one request may take before the site counts as not answering (default 8 s). */
  timeoutMs?: number;
  /** The time written as checked / answered / down since (tests pass their own). */
  clock?: () => Date;
  /** Stops a run in progress (the server's shutdown). */
  signal?: AbortSignal;
  /**
   * Also ask sites at loopback, private and other non-public addresses (false: they count as down
   * without a request). Only the tests set it, for their server on 127.0.0.1.
   */
  allowPrivate?: boolean;
  /**
   * Called once after a background run in which an approved link went down or came back: /link/list
   * marks the links that are down (issue 31), so the server drops its cached pages then.
   */
  onShownChange?: () => void;
};

const TIMEOUT_MS = 8_000;
const HEALTH = ['id', 'checkedAt', 'okAt', 'downAt'] as const;
const up = (status: number) => status >= 200 && status < 400;

/** One request to the checked addresses; its status (the body is not read). Redirects are not followed. */
function ask(url: URL, method: string, lookup: LookupFunction, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method,
        lookup,
        signal,
        agent: false,
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; blog-link-check)' },
      },
      (res) => {
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * HEAD, then GET when the site answered HEAD with something else than 2xx/3xx (some servers refuse
 * HEAD): any 2xx or 3xx is up. Redirects are not followed (a 3xx is an answer). No answer within
 * the timeout, a refused connection or an unknown host is down, without a second try.
 * The host is resolved first and the requests go to those addresses only: a site with an address
 * that is not public (loopback, private, link-local, metadata, CGNAT, …; src/server/net/public-address.ts)
 * is down without being asked.
 */
export async function siteAnswers(url: string, opts: CheckOptions = {}): Promise<boolean> {
  const signal = () =>
    AbortSignal.any([
      AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
      ...(opts.signal ? [opts.signal] : []),
    ]);
  const target = URL.parse(url);
  if (target?.protocol !== 'http:' && target?.protocol !== 'https:') return false;
  const addresses = await siteAddresses(target.hostname, {
    allowPrivate: opts.allowPrivate,
    signal: signal(),
  });
  if (!addresses) {
    logger.info({ host: target.hostname }, 'link health: host unknown or not public, not requested');
    return false;
  }
  const lookup = pinnedLookup(addresses);
  for (const method of ['HEAD', 'GET']) {
    try {
      if (up(await ask(target, method, lookup, signal()))) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Writes one check's outcome: "down since" keeps the first failure and clears on an answer. Whether
 * that changed what /link/list shows: an approved link that went down or came back.
 */
async function record(id: number, ok: boolean, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const before = await db
    .selectFrom('link')
    .select(['status', 'downAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  await db
    .updateTable('link')
    .set((eb) =>
      ok
        ? { checkedAt: at, okAt: at, downAt: null }
        : { checkedAt: at, downAt: eb.fn.coalesce('downAt', eb.val(at)) },
    )
    .where('id', '=', id)
    .execute();
  return before?.status === 2 && (before.downAt !== null) === ok;
}

/** Checks one link now (the console's 立即检测), any status; its health afterwards. */
export async function checkLink(id: number, opts: CheckOptions = {}): Promise<LinkHealth> {
  const row = await db.selectFrom('link').select('url').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.link);
  const shown = await record(id, await siteAnswers(row.url, opts), (opts.clock ?? (() => new Date()))());
  if (shown) changes('links');
  else changesNothingShown();
  return db.selectFrom('link').select(HEALTH).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Before a link's address changes: its health was the old site's, so it is cleared (the next check
 * starts afresh), and a demo link moved elsewhere is the blogger's own, checked from then on. The
 * same address keeps both.
 */
export async function forgetHealthIfMoved(
  id: number,
  url: string,
  trx: Kysely<DB> | Transaction<DB> = db,
): Promise<void> {
  await trx
    .updateTable('link')
    .set({ checkedAt: null, okAt: null, downAt: null, demo: 0 })
    .where('id', '=', id)
    .where('url', '!=', url)
    .execute();
}

/** Every link's health, by id (the console joins it to the lists). */
export function linkHealthList(): Promise<LinkHealth[]> {
  return db.selectFrom('link').select(HEALTH).orderBy('id').execute();
}

/** How many sites are asked at once in a run. */
const PARALLEL = 4;

/**
 * Checks every approved link, a few at a time; the number checked. The demo's links are left out:
 * they are someone else's real sites, which a demo start must not call on (issue 33).
 */
export async function checkApprovedLinks(opts: CheckOptions = {}): Promise<number> {
  const rows = await db
    .selectFrom('link')
    .select(['id', 'url'])
    .where('status', '=', 2)
    .where('demo', '=', 0)
    .execute();
  const clock = opts.clock ?? (() => new Date());
  let next = 0;
  let shown = false;
  const worker = async () => {
    while (next < rows.length && !opts.signal?.aborted) {
      const { id, url } = rows[next++];
      const ok = await siteAnswers(url, opts);
      if (opts.signal?.aborted) return;
      if (await record(id, ok, clock())) shown = true;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (shown) opts.onShownChange?.();
  return rows.length;
}

export type LinkHealthRuns = {
  /** The run on start: how many links it checked. */
  first: Promise<number>;
  /** Aborts the requests in flight and waits for the run to end. */
  stop: () => Promise<void>;
};

/**
 * The background check: a first run after start (after the current turn, never inside a request),
 * then every `everyMs`; a run still going when the next is due is not doubled. Its stop is registered
 * with `life`.
 */
export function startLinkHealth(
  life: Lifecycle,
  everyMs: number,
  opts: Omit<CheckOptions, 'signal'> = {},
): LinkHealthRuns {
  const abort = new AbortController();
  let running: Promise<number> | undefined;
  const run = (): Promise<number> => {
    running ??= checkApprovedLinks({ ...opts, signal: abort.signal })
      .catch((err) => {
        logger.warn({ err }, 'link health check failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = new Promise<number>((resolve) => setImmediate(() => resolve(run())));
  const timer = setInterval(run, everyMs);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    abort.abort();
    await first;
    await running;
  };
  life.register('link health', stop);
  return { first, stop };
}
