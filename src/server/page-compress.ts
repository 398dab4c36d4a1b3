import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The compressed bodies of a cached page (page-cache.ts), each made only when a client first asks
 * for that encoding, and then once: concurrent asks share one compression. Compression runs in
 * libuv's thread pool (zlib's async API), so the event loop goes on answering hits meanwhile; a
 * page is compressed in the encoding its first reader accepts (brotli for browsers), and gzip only
 * if some client without brotli asks for it later.
 */

export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How many bodies were compressed, by encoding (tests check that only what is asked is made). */
export const compressions = { br: 0, gzip: 0 };

function compress(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  compressions[encoding]++;
  if (encoding === 'gzip') return gzipAsync(raw, { level: 6 });
  return brotliAsync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

export class Encodings<V> {
  private readonly ready: Partial<Record<Encoding, V>> = {};
  private readonly pending: Partial<Record<Encoding, Promise<V>>> = {};

  /**
   * `make` turns a compressed body into what is kept (its body and headers); `grown` is told the
   * size of each body once made (the cache counts its bytes).
   */
  private readonly raw: Buffer;
  private readonly make: (body: Buffer, encoding: Encoding) => V;
  private readonly grown: (bytes: number) => void;

  constructor(raw: Buffer, make: (body: Buffer, encoding: Encoding) => V, grown: (bytes: number) => void) {
    this.raw = raw;
    this.make = make;
    this.grown = grown;
  }

  /** The variant if it was made already (the hit path stays synchronous). */
  get(encoding: Encoding): V | undefined {
    return this.ready[encoding];
  }

  /** The variant, compressing it now when it is the first ask. */
  fill(encoding: Encoding): Promise<V> {
    const ready = this.ready[encoding];
    if (ready) return Promise.resolve(ready);
    let pending = this.pending[encoding];
    if (!pending) {
      pending = compress(this.raw, encoding).then((body) => {
        const variant = this.make(body, encoding);
        this.ready[encoding] = variant;
        delete this.pending[encoding];
        this.grown(body.length);
        return variant;
      });
      // A failed compression is not kept: the next ask tries again.
      pending.catch(() => delete this.pending[encoding]);
      this.pending[encoding] = pending;
    }
    return pending;
  }
}
