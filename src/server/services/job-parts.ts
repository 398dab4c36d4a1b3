import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Lifecycle } from '../core/lifecycle.ts';
import type { DB } from '../db/schema.ts';

/** What the site's time-based work takes as now: a test moves it instead of waiting a month. */
export type Clock = () => Date;

/**
 * What a background job is built with. The composition root (root/create-site.ts) makes one per
 * site and hands it to every job it starts: the job reads its database, configuration and time from
 * here, never from a module-level value, and registers its own stop with `life`. A test starts a job
 * on parts of its own (another database, a moved clock) without a site around it.
 */
export type JobParts = {
  life: Lifecycle;
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
};
