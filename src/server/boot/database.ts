import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../core/db-unavailable.ts';
import { logger } from '../core/log.ts';
import { closeDatabase, db, dialect, type OpenDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrations/index.ts';
import { ensureAdmin } from '../services/users.ts';
import { underBootLock } from './lock.ts';
import { sharedSecret } from './secret.ts';

export type Prepared = { adminId: number; generatedPassword?: string; seeded: boolean; migrated: string[] };

/**
 * Opens the database and makes it ready: migrations, the config row, the signing key (unless
 * JWT_SECRET is set), the first admin, and the demo content once (a `meta` row remembers it, so a
 * restart or an emptied blog is never seeded again). All of it under the boot lock (./lock.ts), so
 * processes starting at once make one admin and one seed. `given`: a database already open (its
 * caller's, createSite's `database`), used instead of opening one.
 */
export function prepareDatabase(cfg: Config, given?: OpenDatabase): Promise<Prepared> {
  return underBootLock(cfg, () => prepare(cfg), given);
}

async function prepare(cfg: Config): Promise<Prepared> {
  const migrated = await migrate(db as never, dialect);
  const stamp = new Date().toISOString();
  await db
    .insertInto('config')
    // admin_url: the owner console, where friend-link notices lead.
    .values({ id: 1, admin_url: '/admin', createdAt: stamp, updatedAt: stamp } as never)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (!cfg.jwtSecretFromEnv) cfg.jwtSecret = await sharedSecret(cfg.dataDir);
  const admin = await ensureAdmin(cfg.adminUsername, cfg.adminPassword);
  let seeded = false;
  const mark = await db.selectFrom('meta').select('value').where('key', '=', 'seeded_at').executeTakeFirst();
  if (cfg.seedDemo && !mark) {
    // Loaded only here: a normal start (an already seeded database) never reads the demo content.
    const { seedDemo } = await import('../seed/index.ts');
    await seedDemo({ adminId: admin.id, uploadsDir: cfg.uploadsDir });
    seeded = true;
  }
  if (!mark)
    await db
      .insertInto('meta')
      .values({ key: 'seeded_at', value: seeded ? stamp : 'skipped' })
      .execute();
  return { adminId: admin.id, generatedPassword: admin.generatedPassword, seeded, migrated };
}

/** How often a start that waits for the database tries again, and says so in the log. */
const RETRY_MS = 1_000;
const SAY_EVERY_MS = 5_000;

/**
 * The server's start (docs/decisions/0006-database-outage.md): prepareDatabase, waiting for a database that
 * is not reachable yet (PostgreSQL still starting, a container started before it, a failover under way)
 * instead of exiting, with a log line every few seconds. Any other failure (a bad URL's password, a
 * migration that fails) ends the start as before.
 */
export async function prepareWhenReachable(cfg: Config, given?: OpenDatabase): Promise<Prepared> {
  const since = Date.now();
  let saidAt = 0;
  for (;;) {
    try {
      return await prepareDatabase(cfg, given);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // A pool opened before the database went away is closed; the next try opens a new one. A
      // given database is its caller's: kept, its pool makes new connections by itself.
      if (!given) await closeDatabase().catch(() => {});
      if (Date.now() - saidAt >= SAY_EVERY_MS) {
        saidAt = Date.now();
        logger.warn(
          { err: (err as Error).message, waitedS: Math.round((saidAt - since) / 1000) },
          'database: not reachable yet; waiting for it',
        );
      }
      await sleep(RETRY_MS);
    }
  }
}

export { closeDatabase };
