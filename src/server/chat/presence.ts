/**
 * The sockets each user has on this process, kept by both chat buses (bus.ts, redis-bus.ts): what
 * matters is a user's first socket (they came online here) and their last (they left here).
 */
export class LocalPresence<E extends { user_id: number }> {
  readonly users = new Map<number, { entry: E; sockets: Set<string> }>();

  /** Adds a socket; true when it is the user's first. A known user's entry becomes `update(kept)`. */
  join(connectionId: string, entry: E, update: (kept: E) => E): boolean {
    const known = this.users.get(entry.user_id);
    if (known) {
      known.entry = update(known.entry);
      known.sockets.add(connectionId);
      return false;
    }
    this.users.set(entry.user_id, { entry, sockets: new Set([connectionId]) });
    return true;
  }

  /** Removes a socket; true when it was the user's last. */
  leave(connectionId: string, userId: number): boolean {
    const known = this.users.get(userId);
    if (!known?.sockets.delete(connectionId)) return false;
    if (known.sockets.size > 0) return false;
    this.users.delete(userId);
    return true;
  }

  entries(): E[] {
    return [...this.users.values()].map((p) => p.entry);
  }
}
