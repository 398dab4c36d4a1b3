import { hash, randomBytes } from 'node:crypto';
import { onRedisState, redisKey, redisNow, runScript, script } from '../../redis/client.ts';

/**
 * View dedupe shared by the processes of one Redis (docs/decisions/0003-several-processes-with-redis.md).
 * The day's salt is one random value in Redis (created by whichever process needs it first, gone two days
 * later), so every process hashes a visitor alike; the day's set of visitor hashes is there too. Addresses
 * are never sent: only the salted hashes, and the salt goes with its day. Counting itself stays per
 * process: each flush adds its counts to the day's row (views/flush.ts), and a unique visitor is counted by
 * the one process whose SADD added the hash, so the sum is right.
 */

const DAY_TTL_S = 2 * 86_400;

const SALT = script(`
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2])
return redis.call('GET', KEYS[1])
`);

/** KEYS: the day's set. ARGV: hash, bound, ttl s. 1 when new (or the set is full, as in-process). */
const SEEN = script(`
local n = redis.call('SCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return 1 end
local added = redis.call('SADD', KEYS[1], ARGV[1])
if n == 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return added
`);

let salt: { day: string; value: Promise<string | null> } | undefined;

/** The day's shared salt; null when Redis is down (and asked again next time). */
function saltOf(day: string): Promise<string | null> {
  if (salt?.day === day) return salt.value;
  const r = redisNow();
  if (!r) return Promise.resolve(null);
  const value = runScript(
    r,
    SALT,
    [redisKey(`views:salt:${day}`)],
    [randomBytes(16).toString('base64'), DAY_TTL_S],
  )
    .then((v) => (typeof v === 'string' ? v : null))
    .catch(() => null);
  const mine = { day, value };
  salt = mine;
  // A failure is not kept: the next visitor asks again.
  void value.then((v) => {
    if (v === null && salt === mine) salt = undefined;
  });
  return value;
}

/**
 * The day's sets of visitors: `seen`, the page views' unique visitors (views/tally.ts), and `site`,
 * the visitors the site's visit counter has counted (views/site-visits.ts). Apart, so a page view does
 * not use up the visit its page's beacon then reports.
 */
export type VisitorSet = 'seen' | 'site';

/** The hashes this process already knows to be in each day's set (no round trip for them). */
let known = new Map<VisitorSet, { day: string; hashes: Set<string> }>();

// Back after an outage: a restarted Redis may have lost the salt and the sets, so ask again.
onRedisState((up) => {
  if (!up) return;
  salt = undefined;
  known = new Map();
});

/**
 * Whether this visitor is new today to the day's `set` across every process: true/false, or null
 * when Redis could not tell (the caller decides in-process then).
 */
export async function firstVisitToday(
  day: string,
  address: string,
  userAgent: string,
  bound: number,
  set: VisitorSet = 'seen',
): Promise<boolean | null> {
  const s = await saltOf(day);
  const r = redisNow();
  if (s === null || !r) return null;
  const visitor = hash('sha256', `${s}\n${address}\n${userAgent}`, 'base64');
  let mine = known.get(set);
  if (mine?.day !== day) {
    mine = { day, hashes: new Set() };
    known.set(set, mine);
  }
  if (mine.hashes.has(visitor)) return false;
  try {
    const added = Number(
      await runScript(r, SEEN, [redisKey(`views:${set}:${day}`)], [visitor, bound, DAY_TTL_S]),
    );
    if (mine.hashes.size < bound) mine.hashes.add(visitor);
    return added === 1;
  } catch {
    return null;
  }
}

/**
 * Whether `visitor` (an address) viewing article `id` starts a new window of `windowMs` across every
 * process; null when Redis could not tell. The key is a salted hash, gone with the window.
 */
export async function firstArticleView(
  day: string,
  visitor: string,
  id: number,
  windowMs: number,
): Promise<boolean | null> {
  const s = await saltOf(day);
  const r = redisNow();
  if (s === null || !r) return null;
  const key = hash('sha256', `${s}\n${visitor}\n${id}`, 'base64url');
  try {
    return (await r.set(redisKey(`views:article:${key}`), '1', 'PX', windowMs, 'NX')) === 'OK';
  } catch {
    return null;
  }
}
