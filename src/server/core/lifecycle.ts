import { logger } from './log.ts';

/** What a part runs to stop: end its timers, close its sockets, write what it still holds. */
export type Stop = () => unknown;

/**
 * The stops of one site (docs/decisions/0001-composition-root.md):
 * every background job and long-lived part registers its own where
 * it starts, and `close` runs them in the reverse order, so what started last (the HTTP server) stops
 * first and what started first (the database) stops last. A new job only has to register itself:
 * the boot order (root/create-site.ts) needs no hand-kept list of closes.
 */
export class Lifecycle {
  #stops: { name: string; stop: Stop }[] = [];
  #closing: Promise<void> | undefined;
  #closed = false;

  /** `stop` runs at the close. A part started after the close (a late lazy start) is stopped at once. */
  register(name: string, stop: Stop): void {
    if (this.#closed) {
      void this.#run(name, stop);
      return;
    }
    // While closing, the loop below still takes it (next, as the newest).
    this.#stops.push({ name, stop });
  }

  /** Runs every stop, newest first, once (a second call gets the same promise); never rejects. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      for (let next = this.#stops.pop(); next; next = this.#stops.pop())
        await this.#run(next.name, next.stop);
      this.#closed = true;
    })();
    return this.#closing;
  }

  /** A stop that fails is logged and the others still run: one stuck part must not keep the rest open. */
  async #run(name: string, stop: Stop): Promise<void> {
    try {
      await stop();
    } catch (err) {
      logger.error({ err, part: name }, 'stop failed');
    }
  }
}
