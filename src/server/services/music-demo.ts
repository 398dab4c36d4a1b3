import { db } from '../db/connection.ts';

/**
 * The demo songs are written once per installation (services/music/service.ts): a meta row remembers that
 * it happened (its time) or was skipped (the music folder already had audio, or SEED_DEMO was off).
 */

const KEY = 'music_demo';

export async function demoLibraryMarked(): Promise<boolean> {
  return !!(await db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst());
}

export async function markDemoLibrary(written: boolean): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: KEY, value: written ? new Date().toISOString() : 'skipped' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
