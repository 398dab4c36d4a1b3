import type { Kysely } from 'kysely';
import { logger } from '../../core/log.ts';
import type { DB } from '../../db/schema.ts';
import type { JobParts } from '../job-parts.ts';
import { makeVariantsAway, stopVariantWorker } from './variant-process.ts';

export { uploadPath } from './variants.ts';

/**
 * The variants queue (docs/architecture.md#image-variants): an upload writes its row (pending) and
 * answers; every process runs this job, and each row is worked on by one of them. A row is taken by a
 * compare-and-set (pending, or working with a lease run out → working with a new lease), the same claim
 * as the mail sender's (services/mail/sender.ts): on PostgreSQL a second process's UPDATE waits for the
 * first and then no longer matches, on SQLite writes take turns. Rows left pending or working by a
 * stopped process are taken again after a start, so nothing is lost to a restart. The work itself is
 * done by the picture process (variant-process.ts), niced below the requests: one picture at a time.
 */

export type ImageQueueOptions = {
  /** How often pending rows are looked for besides the wake-ups (default 5 s). */
  pollMs?: number;
  /** How long a taken row is the taker's (default 5 min: far longer than one picture's work). */
  leaseMs?: number;
  /** Attempts before a row is failed (default 3). */
  maxAttempts?: number;
  /** Called after each batch of rows with some finished (the pages showing them may use the variants now). */
  onDone?: () => void;
  /** Called after each row this process worked on (the CLI's progress). */
  onEach?: (url: string, ok: boolean) => void;
};

export type ImageQueue = {
  wake: () => void;
  /** Works on what is pending now; resolves with how many rows were finished. */
  runOnce: () => Promise<number>;
  idle: () => Promise<void>;
  /** No row is taken after the one under way. */
  stop: () => void;
};

let wakeActive: (() => void) | null = null;

/** Called by the composition root (root/create-site.ts) with the queue's wake-up, and null at its close. */
export function setImageQueue(wake: (() => void) | null): void {
  wakeActive = wake;
}

/** The queue looks for pending rows now (after an upload wrote one). */
export function wakeImages(): void {
  wakeActive?.();
}

/** Takes one row for this process; false when another took it first or it is no longer due. */
async function claim(db: Kysely<DB>, id: number, now: Date, leaseMs: number): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set((eb) => ({
      status: 'working',
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'working'), eb('lease_until', '<', now.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function createImageQueue(
  parts: Pick<JobParts, 'db' | 'clock' | 'config'>,
  opts: ImageQueueOptions = {},
): ImageQueue {
  const { db, clock, config } = parts;
  const leaseMs = opts.leaseMs ?? 300_000;
  const maxAttempts = opts.maxAttempts ?? 3;
  // Set at the site's close: the picture under way is finished, the rest stay pending for a next start.
  let stopping = false;

  async function work(id: number, url: string): Promise<boolean> {
    try {
      const made = await makeVariantsAway(config.uploadsDir, url);
      await db
        .updateTable('upload')
        .set({
          status: 'done',
          lease_until: null,
          last_error: '',
          variant_widths: made.widths.join(','),
          thumbhash: made.thumbhash,
          placeholder: made.placeholder,
          width: made.width,
          height: made.height,
        })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (err) {
      const row = await db.selectFrom('upload').select('attempts').where('id', '=', id).executeTakeFirst();
      const giveUp = (row?.attempts ?? maxAttempts) >= maxAttempts;
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      logger.warn(
        { upload: id, url, err: message },
        giveUp ? 'image variants failed' : 'image variants retried',
      );
      await db
        .updateTable('upload')
        .set({ status: giveUp ? 'failed' : 'pending', lease_until: null, last_error: message })
        .where('id', '=', id)
        .execute();
      return false;
    }
  }

  async function runOnce(): Promise<number> {
    let done = 0;
    for (;;) {
      const now = clock();
      const rows = await db
        .selectFrom('upload')
        .select(['id', 'url'])
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb.and([eb('status', '=', 'working'), eb('lease_until', '<', now.toISOString())]),
          ]),
        )
        .orderBy('id')
        .limit(10)
        .execute();
      let taken = 0;
      let made = 0;
      for (const row of rows) {
        if (stopping) break;
        if (!(await claim(db, row.id, clock(), leaseMs))) continue;
        taken++;
        const ok = await work(row.id, row.url);
        if (ok) made++;
        opts.onEach?.(row.url, ok);
      }
      done += made;
      // Per batch, so a long burst's pages take their variants as they come, not at its end.
      if (made) opts.onDone?.();
      if (stopping) return done;
      // Every due row was another process's: it is being worked on; look again at the next run.
      if (taken === 0 || rows.length < 10) return done;
    }
  }

  // One run at a time; a wake-up during a run asks for one more run after it.
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce().catch((err) => logger.error({ err }, 'image queue failed'));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    wake: () => void run(),
    runOnce,
    idle: () => running ?? Promise.resolve(),
    stop: () => {
      stopping = true;
    },
  };
}

/**
 * Starts the queue of a site: a run now and every `pollMs`; its stop waits for the picture under way,
 * then the picture process is ended.
 */
export function startImageQueue(parts: JobParts, opts: ImageQueueOptions = {}): ImageQueue {
  const queue = createImageQueue(parts, opts);
  // Registered first, so stopped after the queue below (the stops run newest first).
  parts.life.register('picture process', stopVariantWorker);
  let stopped = false;
  const wake = () => {
    if (!stopped) queue.wake();
  };
  const first = setImmediate(wake);
  const timer = setInterval(wake, opts.pollMs ?? 5_000);
  timer.unref();
  parts.life.register('image queue', async () => {
    stopped = true;
    clearImmediate(first);
    clearInterval(timer);
    queue.stop();
    await queue.idle();
  });
  return { ...queue, wake };
}
