import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { type Config, config } from '../../config.ts';
import { logger } from '../../core/log.ts';
import { workerTask } from '../../core/worker-task.ts';
import { demoLibraryMarked, markDemoLibrary } from '../music-demo.ts';
import { hasNoAudio } from './demo.ts';
import { Library } from './library.ts';

/**
 * The one local library of the process. `startMusic` is called once the server listens (and by the
 * first /wapi request, whichever comes first): it writes the demo library on the very first start
 * when MUSIC_DIR has no audio and SEED_DEMO is on, loads the last index, rescans and watches for changes.
 */

let library: Library | undefined;
let ready: Promise<Library> | undefined;

export const indexFileFor = (cfg: Pick<Config, 'dataDir'>) => path.join(cfg.dataDir, 'music-index.json');

/**
 * Writes the demo songs once per installation (a meta row remembers it), only into an empty folder and
 * only on a site that takes the demo content (SEED_DEMO): one started without it gets no songs either,
 * and, as with the rest of the demo, a later start with SEED_DEMO=true writes none.
 */
export async function ensureDemoLibrary(cfg: Pick<Config, 'musicDir' | 'seedDemo'>): Promise<number> {
  if (await demoLibraryMarked()) return 0;
  const t0 = performance.now();
  const written = cfg.seedDemo && hasNoAudio(cfg.musicDir) ? await writeDemoInWorker(cfg.musicDir) : 0;
  await markDemoLibrary(written > 0);
  if (written) logger.info({ songs: written, ms: Math.round(performance.now() - t0) }, 'demo music written');
  return written;
}

let demoWorker: Worker | undefined;

/** Raised when the server stops while the library is being prepared. */
export class MusicStopped extends Error {}

function writeDemoInWorker(dir: string): Promise<number> {
  return workerTask<number>(new URL('./demo-worker.ts', import.meta.url), dir, {
    started: (worker) => {
      demoWorker = worker;
    },
    ended: (code) => {
      demoWorker = undefined;
      return stopping ? new MusicStopped('stopped') : new Error(`demo music worker exited with ${code}`);
    },
  });
}

let stopping = false;
/** The library being prepared (closed at once by a stop, so its scan ends early). */
let pending: Library | undefined;

export function startMusic(cfg: Config = config): Promise<Library> {
  stopping = false;
  ready ??= (async () => {
    await ensureDemoLibrary(cfg);
    const lib = new Library({ musicDir: cfg.musicDir, indexFile: indexFileFor(cfg) });
    pending = lib;
    const hadIndex = lib.loadIndex();
    const scan = lib.scan();
    // With an index the old list answers at once while the rescan runs; without one, wait for it.
    if (!hadIndex) await scan;
    else scan.catch((err) => logger.warn({ err }, 'music rescan failed'));
    lib.watch();
    library = lib;
    return lib;
  })();
  return ready;
}

/** Stops watching; a demo library still being synthesized is abandoned (it is redone next start). */
export async function stopMusic(): Promise<void> {
  if (!ready) return;
  stopping = true;
  await demoWorker?.terminate();
  pending?.close();
  const starting = ready;
  ready = undefined;
  try {
    const lib = await starting;
    lib.close();
    await lib.settled();
  } catch {
    /* a start that failed or was stopped has nothing to close */
  }
  library = undefined;
  pending = undefined;
}

export const currentLibrary = () => library;
