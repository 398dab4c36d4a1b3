import { hash, randomBytes } from 'node:crypto';
import { chinaDay } from '../../../lib/page-views.ts';
import { redisConfigured } from '../../redis/client.ts';
import { firstVisitToday } from './shared.ts';

/**
 * The site's visit counter (PUT /api/config/addView, 访问 on /home) counts a visitor once a China-time
 * day, so a script calling it in a loop does not move it. A visitor is what the page views'
 * unique visitors are (views/tally.ts): a salted hash of the address and the User-Agent, the salt
 * replaced every day, never the address itself. With REDIS_URL the day's set is shared by every
 * process (views/shared.ts, a set of its own beside the page views'); without it, or while Redis
 * cannot tell, this process's set decides.
 */

/** A day's set stops growing here; visitors past it count as new (as the page views' uniques do). */
const MAX_SEEN = 100_000;

let today = { day: '', salt: '', seen: new Set<string>() };

function newLocally(day: string, address: string, userAgent: string): boolean {
  if (today.day !== day) today = { day, salt: randomBytes(16).toString('base64'), seen: new Set() };
  const visitor = hash('sha256', `${today.salt}\n${address}\n${userAgent}`, 'base64');
  if (today.seen.has(visitor)) return false;
  if (today.seen.size < MAX_SEEN) today.seen.add(visitor);
  return true;
}

/** Whether this visitor (address and User-Agent) is the first time today the counter hears of them. */
export async function firstSiteVisitToday(
  address: string,
  userAgent: string,
  now = Date.now(),
): Promise<boolean> {
  const day = chinaDay(now);
  const shared = redisConfigured() ? await firstVisitToday(day, address, userAgent, MAX_SEEN, 'site') : null;
  return shared ?? newLocally(day, address, userAgent);
}
