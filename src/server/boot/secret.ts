import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { logger } from '../core/log.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import type { JobParts } from '../services/job-parts.ts';

/** The signing key's row in the `secret` table (migration 0020: never in a backup). */
const KEY = 'jwt_secret';

const newKey = () => randomBytes(48).toString('base64url');

const storedKey = async (database: Kysely<DB> = db) =>
  (await database.selectFrom('secret').select('value').where('key', '=', KEY).executeTakeFirst())?.value;

/**
 * The key file of an install from before the `secret` table (one per data dir), taken into the database
 * once.
 */
function oldKeyFile(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, 'secrets', 'jwt.key'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signing key every process of the site shares (tokens, services/auth.ts; the music cookie's
 * key, services/music-sealed.ts), kept in the database's `secret` table: the first process stores one (the old
 * DATA_DIR/secrets/jwt.key when there is one, so its tokens stay valid; else a new random key) and
 * every process reads back the stored row, so processes starting at once agree on the first one
 * written. A backup holds no key (services/backup.ts), so a restored database gets a new one here.
 */
export async function sharedSecret(dataDir: string): Promise<string> {
  const stored = await storedKey();
  if (stored) return stored;
  const value = oldKeyFile(dataDir) ?? newKey();
  await db
    .insertInto('secret')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await storedKey();
  if (!row) throw new Error('the signing key could not be stored in the database');
  return row;
}

/**
 * `npm run blog -- rotate-secret`: a new random key takes the stored one's place. Every running
 * process reads it within KEY_POLL_MS (watchSigningKey) and from then on refuses every token signed
 * with the old key (a stolen backup that still held it, a leaked token); everyone signs in again.
 */
export async function rotateSecret(): Promise<void> {
  const value = newKey();
  await db
    .insertInto('secret')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** How often a server reads the stored key: a rotation reaches every process within this. */
export const KEY_POLL_MS = 5_000;

/**
 * Keeps `cfg.jwtSecret` (read at every signature and check) equal to the stored key, read every
 * `everyMs`: a rotation by the CLI reaches this process with or without Redis, like the CLI's page
 * mark (page-sync.ts). Only for a key kept in the database (JWT_SECRET is the environment's). A read
 * that fails keeps the key it has; a row gone (SQL by hand) too. Its stop is registered with `life`.
 */
export function watchSigningKey({ life, db, config: cfg }: JobParts, everyMs = KEY_POLL_MS): void {
  let reading = false;
  const timer = setInterval(async () => {
    if (reading) return;
    reading = true;
    try {
      const stored = await storedKey(db);
      if (stored && stored !== cfg.jwtSecret) {
        cfg.jwtSecret = stored;
        logger.info('the signing key was replaced (rotate-secret): tokens signed before are refused');
      }
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'signing key not read');
    } finally {
      reading = false;
    }
  }, everyMs);
  timer.unref();
  life.register('signing key watch', () => clearInterval(timer));
}
