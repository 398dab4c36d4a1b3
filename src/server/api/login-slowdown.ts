import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../core/log.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiContext } from '../http/context.ts';

/**
 * Failed sign-ins per account, from every address (docs/decisions/0016-sign-in-protection.md). The
 * per-address limits stop one address after 5 failures, but 10 addresses × 5 tries were 50 checked guesses
 * at the admin's password. Past SLOW_AFTER failures in the window, every further attempt for that account
 * waits before its password is checked, longer with each failure, at most MAX_DELAY_MS. It is never
 * refused: a counter anyone can raise must not lock the owner out, so the right password still signs in,
 * only slower; a sign-in clears the count. Counted in Redis when REDIS_URL is set (shared by every process,
 * as the limits are), in-process otherwise; an endless window (never refusing) is a counter.
 */

const WINDOW_MS = 15 * 60_000;
export const SLOW_AFTER = 10;
const STEP_MS = 200;
const MAX_DELAY_MS = 3000;

/** The account's failures; `take` only counts (its limit is never reached). */
export const accountFailures = new SharedLimiter('login-account', Number.MAX_SAFE_INTEGER, WINDOW_MS);

/** The header that says an answer was held back, in milliseconds (the client and tests can see it). */
export const SLOWED_HEADER = 'X-Login-Delay';

/** The wait itself; tests swap it to see the delays without spending them. */
export const slowdown = { wait: (ms: number): Promise<unknown> => sleep(ms) };

/** How long an attempt waits after `failures` failures of its account in the window. */
export const delayFor = (failures: number): number =>
  failures < SLOW_AFTER ? 0 : Math.min(MAX_DELAY_MS, (failures - SLOW_AFTER + 1) * STEP_MS);

/**
 * Holds this attempt back when its account has failed too often, says so in the answer's header and
 * in the log (account and address: the owner sees who is guessing). Returns the failures counted.
 */
export async function slowIfGuessed(c: ApiContext, account: string, ip: string): Promise<number> {
  const failures = await accountFailures.count(account);
  const ms = delayFor(failures);
  if (!ms) return failures;
  c.header(SLOWED_HEADER, String(ms));
  logger.warn({ account, ip, failures, delayMs: ms }, 'login slowed: many failed attempts for this account');
  await slowdown.wait(ms);
  return failures;
}

export const noteFailure = (account: string) => accountFailures.take(account);

export const clearFailures = (account: string) => accountFailures.reset(account);
