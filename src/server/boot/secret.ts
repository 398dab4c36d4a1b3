import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { db } from '../db/connection.ts';

/** The signing key's row in the `secret` table (migration 0019: never in a backup). */
const KEY = 'jwt_secret';

const newKey = () => randomBytes(48).toString('base64url');

const storedKey = async () =>
  (await db.selectFrom('secret').select('value').where('key', '=', KEY).executeTakeFirst())?.value;

/** The key file of an install from before issue 21 (one per data dir), taken into the database once. */
function oldKeyFile(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, 'secrets', 'jwt.key'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signing key every process of the site shares (tokens, services/auth.ts; the music cookie's
 * key, music/sealed.ts), kept in the database's `secret` table: the first process stores one (the old
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
