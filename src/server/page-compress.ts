import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The compressed bodies of a cached page (page-cache.ts), each made only when a client first asks
 * for that encoding, and then once: concurrent asks share one compression. Compression runs in
 * libuv's thread pool (zlib's async API), so the event loop goes on answering hits meanwhile; a
 * page is compressed in the encoding its first reader accepts (brotli for browsers), and gzip only
 * if some client without brotli asks for it later.
 *
 * In two steps: the first reader, who waits for it, gets a fast compression (brotli 0, gzip 1; on an
 * article page brotli 0 takes a fifth of brotli 5's time, half of brotli 1's for 4 % more bytes than
 * it, and some 35 % more bytes than brotli 5); a page read a second time is
 * compressed again at the kept level (brotli 5, gzip 6) in the background, the fast body answering
 * until then. A page read once (a crawler walking the archive) never pays for the second.
 */

export type Encoding = 'br' | 'gzip';
export type Level = 'fast' | 'kept';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How many bodies were compressed, by encoding: for a first ask, and again at the kept level (tests
 * check that only what is asked is made).
 */
export const compressions = { br: 0, gzip: 0 };
export const recompressions = { br: 0, gzip: 0 };

const LEVELS: Record<Level, Record<Encoding, number>> = {
  fast: { br: 0, gzip: 1 },
  kept: { br: 5, gzip: 6 },
};

function compress(raw: Buffer, encoding: Encoding, level: Level): Promise<Buffer> {
  (level === 'fast' ? compressions : recompressions)[encoding]++;
  const n = LEVELS[level][encoding];
  if (encoding === 'gzip') return gzipAsync(raw, { level: n });
  return brotliAsync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: n, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

/** br, gzip or identity, by the request's Accept-Encoding. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = accept.toLowerCase();
  if (/\bbr\b/.test(offered) && !/\bbr;q=0(\.0+)?\b/.test(offered)) return 'br';
  if (/\bgzip\b/.test(offered) && !/\bgzip;q=0(\.0+)?\b/.test(offered)) return 'gzip';
  return undefined;
}

// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const negotiated = new Map<string, 'br' | 'gzip' | undefined>();
export function encodingFor(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  if (negotiated.has(accept)) return negotiated.get(accept);
  const encoding = pickEncoding(accept);
  if (negotiated.size >= 64) negotiated.clear();
  negotiated.set(accept, encoding);
  return encoding;
}

export class Encodings<V> {
  private readonly ready: Partial<Record<Encoding, { variant: V; level: Level; size: number }>> = {};
  private readonly pending: Partial<Record<Encoding, Promise<V>>> = {};
  private readonly raising: Partial<Record<Encoding, Promise<void>>> = {};

  /**
   * `make` turns a compressed body into what is kept (its body and headers); `grown` is told how many
   * bytes each body made adds (the cache counts them: the kept body replacing the fast one adds the
   * difference, less than nothing when smaller).
   */
  private readonly raw: Buffer;
  private readonly make: (body: Buffer, encoding: Encoding) => V;
  private readonly grown: (bytes: number) => void;

  constructor(raw: Buffer, make: (body: Buffer, encoding: Encoding) => V, grown: (bytes: number) => void) {
    this.raw = raw;
    this.make = make;
    this.grown = grown;
  }

  /**
   * The variant if it was made already (the hit path stays synchronous). A fast one asked for again
   * starts its kept compression, answered from the next ask on.
   */
  get(encoding: Encoding): V | undefined {
    const ready = this.ready[encoding];
    if (ready?.level === 'fast') this.raise(encoding);
    return ready?.variant;
  }

  /** The level of the variant made so far, if any (tests, the bench). */
  level(encoding: Encoding): Level | undefined {
    return this.ready[encoding]?.level;
  }

  /** Settles once the kept compressions started so far are made (tests, the bench). */
  async settled(): Promise<void> {
    await Promise.allSettled(Object.values(this.raising));
  }

  /** The variant, compressing it now (fast) when it is the first ask. */
  fill(encoding: Encoding): Promise<V> {
    const ready = this.ready[encoding];
    if (ready) return Promise.resolve(ready.variant);
    let pending = this.pending[encoding];
    if (!pending) {
      pending = compress(this.raw, encoding, 'fast').then((body) => {
        const variant = this.keep(encoding, body, 'fast');
        delete this.pending[encoding];
        return variant;
      });
      // A failed compression is not kept: the next ask tries again.
      pending.catch(() => delete this.pending[encoding]);
      this.pending[encoding] = pending;
    }
    return pending;
  }

  private keep(encoding: Encoding, body: Buffer, level: Level): V {
    const variant = this.make(body, encoding);
    const before = this.ready[encoding]?.size ?? 0;
    this.ready[encoding] = { variant, level, size: body.length };
    this.grown(body.length - before);
    return variant;
  }

  private raise(encoding: Encoding): void {
    if (this.raising[encoding]) return;
    // A failure keeps the fast body; the kept one is not tried again for this entry.
    this.raising[encoding] = compress(this.raw, encoding, 'kept').then(
      (body) => void this.keep(encoding, body, 'kept'),
      () => {},
    );
  }
}
