import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { config } from '../config.ts';
import { db } from '../db/connection.ts';

/**
 * The guestbook's proof of work for guests (ALTCHA, self-hosted: docs/api/public.md#guest-captcha).
 * The server issues a challenge signed with keys derived from the site's signing key, the guest's
 * browser solves it (altcha widget, a few seconds of PBKDF2), and the message carries the solution,
 * which is good once and until the challenge expires.
 */

/** How long a challenge may be solved and sent: long enough to write a message after it. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * The work asked: PBKDF2-SHA-256 of `COST` rounds per try, the answer somewhere in 1000–3000 tries
 * (about a second or two in a browser, about as long for altcha-lib's solver in node); one guest
 * message costs a script that much, a reader who writes one now and then does not notice.
 */
const COST = 1000;
const COUNTER = [1000, 3000] as const;

/** Two keys (the challenge's signature, the derived key's), from the signing key, read at each use: it may rotate. */
const keys = () => ({
  hmacSignatureSecret: createHmac('sha256', config.jwtSecret).update('altcha-challenge').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', config.jwtSecret).update('altcha-key').digest('hex'),
});

/** A new challenge, as GET /api/altcha/challenge answers it (the widget's format). */
export async function newChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    counter: randomInt(COUNTER[0], COUNTER[1]),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    ...keys(),
  });
}

type Payload = { challenge: Challenge; solution: Solution };

/** The widget's field: base64 of `{challenge, solution}` JSON; anything else is no payload. */
function parse(raw: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload;
    const ok =
      typeof p?.challenge?.parameters?.nonce === 'string' &&
      typeof p.challenge.parameters.expiresAt === 'number' &&
      typeof p.solution?.counter === 'number';
    return ok ? p : null;
  } catch {
    return null;
  }
}

/**
 * True once for a valid solution of an unexpired challenge of this site: the challenge's nonce is then
 * spent (the `altcha_used` table, so every process agrees) until it expires; a second use is false.
 */
export async function spendSolution(raw: string | undefined, now = Date.now()): Promise<boolean> {
  const payload = raw ? parse(raw) : null;
  if (!payload) return false;
  let verified = false;
  try {
    verified = (await verifySolution({ ...payload, deriveKey, ...keys() })).verified;
  } catch {
    // A forged payload (a wrong algorithm, a broken number) is no solution.
    return false;
  }
  if (!verified) return false;
  const at = new Date(now).toISOString();
  // Spent challenges past their expiry can go: their solutions are refused as expired anyway.
  await db.deleteFrom('altcha_used').where('expires_at', '<', at).execute();
  const expires = new Date((payload.challenge.parameters.expiresAt as number) * 1000).toISOString();
  const res = await db
    .insertInto('altcha_used')
    .values({ id: payload.challenge.parameters.nonce, expires_at: expires })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
