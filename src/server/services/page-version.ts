import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';

/**
 * A write made outside every server process (the CLI's import, create-admin, migrate, clear-cache)
 * reaches no page cache by itself: the CLI moves this `meta` row, and every server reads it every few
 * seconds and drops its cached pages when it moved (page-sync.ts, watchOutsideWrites). A database
 * row, not a Redis message: the CLI needs no REDIS_URL, and one process on SQLite has no Redis.
 */
const KEY = 'pages_changed';

/** How often a server reads the mark: the CLI's writes show on every page within this. */
export const OUTSIDE_WRITES_POLL_MS = 5_000;

/** Says that public content changed outside the servers (a new value each time). */
export async function markPagesChanged(): Promise<void> {
  const value = randomUUID();
  await db
    .insertInto('meta')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The mark as it is now in `database` (null until the CLI first wrote one). */
export async function pagesVersion(database: Kysely<DB>): Promise<string | null> {
  const row = await database.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? null;
}
