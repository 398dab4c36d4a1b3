import { hash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  chinaDay,
  chinaDayStart,
  isPageViewPath,
  isRobot,
  nextChinaMidnight,
} from '../../../lib/page-views.ts';
import { proxiedAddress } from '../../net/forwarded.ts';
import { redisConfigured } from '../../redis/client.ts';
import { firstVisitToday } from './shared.ts';

/**
 * The view counters held in memory between two flushes (views/flush.ts writes them to view_day and
 * article_view_day). Counting a page view is on the hottest path (a page-cache hit), so it is a few
 * comparisons, one hash and two increments, and never touches the database.
 *
 * Unique visitors: a visitor is hash(salt, address, User-Agent), where the salt is random, held only
 * in memory and replaced when the China-time day changes (and at every start). Neither the address nor
 * the hash is ever written anywhere; the day's set of hashes only answers "seen today?". With
 * REDIS_URL the salt and the set are the ones every process shares (./shared.ts), and a visitor new
 * to this process is asked about there (after the view is counted; the unique follows the answer).
 */

export type Counts = { views: number; uniques: number };

/** A day's set of visitor hashes stops growing here (then every new visitor counts as new). */
const MAX_SEEN = 100_000;

type Today = {
  day: string;
  startsAt: number;
  endsAt: number;
  salt: string;
  seen: Set<string>;
  counts: Counts;
};

/** Counts not yet written, by day; and article views by `day \t id`. */
let pending = new Map<string, Counts>();
let articlePending = new Map<string, number>();
let today: Today | undefined;

function countsOf(day: string): Counts {
  let counts = pending.get(day);
  if (!counts) {
    counts = { views: 0, uniques: 0 };
    pending.set(day, counts);
  }
  return counts;
}

function dayOf(now: number): Today {
  if (today && now >= today.startsAt && now < today.endsAt) return today;
  const day = chinaDay(now);
  today = {
    day,
    startsAt: chinaDayStart(day),
    endsAt: nextChinaMidnight(now),
    salt: randomBytes(16).toString('base64'),
    seen: new Set(),
    counts: countsOf(day),
  };
  return today;
}

/** Counts one page view of a visitor (address and User-Agent) at `now`. */
export function countVisitor(address: string, userAgent: string, now = Date.now()): void {
  const t = dayOf(now);
  t.counts.views++;
  if (redisConfigured()) countShared(t, address, userAgent);
  else if (newLocally(t, address, userAgent)) t.counts.uniques++;
}

/** Whether the visitor is new to this process's set of the day (and now in it). */
function newLocally(t: Today, address: string, userAgent: string): boolean {
  const visitor = hash('sha256', `${t.salt}\n${address}\n${userAgent}`, 'base64');
  if (t.seen.has(visitor)) return false;
  if (t.seen.size < MAX_SEEN) t.seen.add(visitor);
  return true;
}

/**
 * Asked of the shared set; while Redis cannot tell, this process's own set decides. The answer comes
 * after a flush may have taken the day's counts: the unique goes to the day's counts of now.
 */
function countShared(t: Today, address: string, userAgent: string): void {
  void firstVisitToday(t.day, address, userAgent, MAX_SEEN).then((first) => {
    if (first ?? newLocally(t, address, userAgent)) countsOf(t.day).uniques++;
  });
}

// Browsers send a few distinct User-Agents: each is tested once (the regular expression costs about
// as much as the hash), in a map that starts over when it grows past its bound.
const robots = new Map<string, boolean>();
function robot(ua: string | undefined): boolean {
  if (!ua) return true;
  let known = robots.get(ua);
  if (known === undefined) {
    known = isRobot(ua);
    if (robots.size >= 256) robots.clear();
    robots.set(ua, known);
  }
  return known;
}

/**
 * The visitor a connection last carried, by socket: a browser sends its pages over one kept-alive
 * connection, so most views repeat the last one's address and User-Agent, already known to be no robot
 * and already counted as a visitor of the day: those views skip the robot test and the hash (about a
 * tenth of a cache hit's cost in `npm run bench -- page`). Behind a proxy the address is the forwarded
 * one, compared as well; nothing here outlives the socket.
 */
type LastVisitor = { ua: string; forwarded: string | undefined; day: string };
const lastOnSocket = new WeakMap<object, LastVisitor>();

/**
 * A page the page cache answered (a hit, or a miss it stored): a view unless it is a HEAD, a robot,
 * or not a visitor page. Cheap by design (see the file's comment).
 */
export function countPageView(req: IncomingMessage, trustProxy: boolean): void {
  if (req.method !== 'GET' || !isPageViewPath(req.url ?? '/')) return;
  const ua = req.headers['user-agent'];
  const forwarded = trustProxy ? (req.headers['x-forwarded-for'] as string | undefined) : undefined;
  const t = dayOf(Date.now());
  const last = lastOnSocket.get(req.socket);
  if (last && last.ua === ua && last.forwarded === forwarded && last.day === t.day) {
    t.counts.views++;
    return;
  }
  if (robot(ua)) return;
  const address = (forwarded !== undefined && proxiedAddress(forwarded)) || req.socket.remoteAddress || '';
  countVisitor(address, ua as string);
  lastOnSocket.set(req.socket, { ua: ua as string, forwarded, day: t.day });
}

/** A view of an article its page reported (services/articles/views.ts countView decided it counts). */
export function countArticleView(id: number, now = Date.now()): void {
  const key = `${chinaDay(now)}\t${id}`;
  articlePending.set(key, (articlePending.get(key) ?? 0) + 1);
}

export type Taken = { days: [string, Counts][]; articles: [string, number, number][] };

/** Everything counted since the last take, which starts over from zero. */
export function takeCounts(): Taken {
  const days = [...pending].filter(([, c]) => c.views > 0 || c.uniques > 0);
  const articles = [...articlePending].map(([key, views]): [string, number, number] => {
    const [day, id] = key.split('\t');
    return [day, Number(id), views];
  });
  pending = new Map();
  articlePending = new Map();
  if (today) today.counts = countsOf(today.day);
  return { days: days.map(([day, c]) => [day, { ...c }]), articles };
}

/** Puts counts back after a write failed, so the next flush writes them. */
export function restoreCounts(taken: Taken): void {
  for (const [day, c] of taken.days) {
    const counts = countsOf(day);
    counts.views += c.views;
    counts.uniques += c.uniques;
  }
  for (const [day, id, views] of taken.articles) {
    const key = `${day}\t${id}`;
    articlePending.set(key, (articlePending.get(key) ?? 0) + views);
  }
}
