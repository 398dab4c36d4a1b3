import { createHash } from 'node:crypto';
import { logger } from '../core/log.ts';
import { type Recurring, startRecurring } from '../core/recurring.ts';
import { db } from '../db/connection.ts';
import type { JobParts } from './job-parts.ts';

/**
 * The stored answers of writes sent with an Idempotency-Key
 * (docs/decisions/0008-idempotency-keys.md; the middleware is
 * api/idempotency.ts). A key is claimed by inserting a pending row: the table's primary key decides
 * the race between two requests, in one process or in two, since every process shares the database.
 * The claim then becomes the recorded answer (done) or is released again.
 */

/** Who sent the key where: a key never answers for another user, route or method. */
export type KeyScope = { userId: number; method: string; path: string; key: string };

export type StoredAnswer = { status: number; headers: Record<string, string>; body: string };

export type Claim =
  /** The key is this request's: run it, then `recordAnswer` or `releaseKey` with `token`. */
  | { kind: 'owned'; token: string }
  /** The same request was answered before: send its answer again. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used with another body (or query string). */
  | { kind: 'mismatch' }
  /** The same request is running now (in this process or another). */
  | { kind: 'busy' };

/**
 * How long a pending row holds its key. A request never runs that long (the client gives up after
 * 10 s), so an older pending row belongs to a process that died between its claim and its record:
 * the next request with that key takes the claim over.
 */
export const LEASE_MS = 60_000;

/** How long a key is kept: a retry comes within seconds or minutes, never a day later. */
export const KEEP_MS = 86_400_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The row's primary key: fixed-size whatever the path's length. */
const scopeId = (s: KeyScope) => sha256(`${s.userId}\n${s.method}\n${s.path}\n${s.key}`);

/** What must match for a replay: the query string and the body, byte for byte. */
export const requestHash = (search: string, body: string) => sha256(`${search}\n${body}`);

/**
 * Claims the key for a request whose body hashes to `bodyHash`. A conflict is read back: a done row
 * is replayed (same body) or refused (another body); a pending one is busy, unless its lease is over,
 * when it is taken over by a compare-and-set on its claim time (only one taker wins). The row may go
 * between the insert and the read (released or purged): the insert is then tried again.
 */
export async function claimKey(scope: KeyScope, bodyHash: string): Promise<Claim> {
  const id = scopeId(scope);
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const createdAt = new Date(now).toISOString();
    const inserted = await db
      .insertInto('idempotency_key')
      .values({
        scope: id,
        user_id: scope.userId,
        method: scope.method,
        path: scope.path,
        idem_key: scope.key,
        body_hash: bodyHash,
        state: 'pending',
        status: null,
        headers: null,
        body: null,
        createdAt,
      })
      .onConflict((oc) => oc.column('scope').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'owned', token: createdAt };
    const row = await db
      .selectFrom('idempotency_key')
      .select(['body_hash', 'state', 'status', 'headers', 'body', 'createdAt'])
      .where('scope', '=', id)
      .executeTakeFirst();
    if (!row) continue;
    if (row.body_hash !== bodyHash) return { kind: 'mismatch' };
    if (row.state === 'done')
      return {
        kind: 'replay',
        answer: {
          status: row.status ?? 200,
          headers: JSON.parse(row.headers ?? '{}') as Record<string, string>,
          body: row.body ?? '',
        },
      };
    if (now - Date.parse(row.createdAt) < LEASE_MS) return { kind: 'busy' };
    const taken = await db
      .updateTable('idempotency_key')
      .set({ createdAt })
      .where('scope', '=', id)
      .where('state', '=', 'pending')
      .where('createdAt', '=', row.createdAt)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      logger.warn({ path: scope.path }, 'idempotency key taken over after its lease');
      return { kind: 'owned', token: createdAt };
    }
  }
  // Three turns lost to others taking, releasing or finishing it: it is being worked on.
  return { kind: 'busy' };
}

/** The claimed request succeeded: its answer is what the key answers from now on. */
export async function recordAnswer(scope: KeyScope, token: string, answer: StoredAnswer): Promise<void> {
  await db
    .updateTable('idempotency_key')
    .set({
      state: 'done',
      status: answer.status,
      headers: JSON.stringify(answer.headers),
      body: answer.body,
    })
    .where('scope', '=', scopeId(scope))
    .where('state', '=', 'pending')
    .where('createdAt', '=', token)
    .execute();
}

/** The claimed request was refused or failed: the key is free for a corrected retry. */
export async function releaseKey(scope: KeyScope, token: string): Promise<void> {
  await db
    .deleteFrom('idempotency_key')
    .where('scope', '=', scopeId(scope))
    .where('state', '=', 'pending')
    .where('createdAt', '=', token)
    .execute();
}

/** Removes the keys of `db` claimed more than KEEP_MS before the clock's now; returns how many went. */
export async function purgeIdempotency({ db, clock }: Pick<JobParts, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(clock().getTime() - KEEP_MS).toISOString();
  const r = await db.deleteFrom('idempotency_key').where('createdAt', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Purges now (after the current turn, never inside a request) and then hourly, so a key lives a day
 * and at most an hour more. Every process runs it; the deletes do not conflict.
 */
export function startIdempotencyPurge(parts: JobParts, everyMs = 3_600_000): Recurring<number> {
  return startRecurring(parts.life, 'idempotency purge', () => purgeIdempotency(parts), everyMs, 0);
}
