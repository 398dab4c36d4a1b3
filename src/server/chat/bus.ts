import type { OnlineEntry, ServerFrame } from '../../lib/chat.ts';
import { redisConfigured } from '../redis/client.ts';
import { LocalPresence } from './presence.ts';
import { createRedisBus } from './redis-bus.ts';

/**
 * What one hub tells every hub (itself included). With one process the in-process bus below is
 * enough; with REDIS_URL the processes share a Redis (./redis-bus.ts: pub/sub for events, hashes
 * for presence) behind the same interface, without the hub changing.
 */
export type BusEvent =
  /** A frame for every socket that has sent `init`. */
  | { kind: 'frame'; frame: ServerFrame }
  /** Force this user off: `offline` to each of their sockets, then close them. */
  | { kind: 'kick'; user_id: number }
  /** Who is online changed: every hub sends the new `onlineList` to its sockets. */
  | { kind: 'presence' };

export interface ChatBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Adds one socket of a user; true when it is the user's first (the user just came online). */
  join(connectionId: string, entry: OnlineEntry): Promise<boolean>;
  /** Removes one socket of a user; true when it was the user's last (the user went offline). */
  leave(connectionId: string, userId: number): Promise<boolean>;
  /** One entry per online user, however many sockets (tabs) they have, in order of arrival. */
  online(): Promise<OnlineEntry[]>;
  close(): Promise<void>;
}

function createLocalBus(): ChatBus {
  const listeners = new Set<(event: BusEvent) => void>();
  const present = new LocalPresence<OnlineEntry>();
  return {
    async publish(event) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async join(connectionId, entry) {
      return present.join(connectionId, entry, () => entry); // the newest nick name and avatar
    },
    async leave(connectionId, userId) {
      return present.leave(connectionId, userId);
    },
    async online() {
      return present.entries();
    },
    async close() {
      listeners.clear();
      present.users.clear();
    },
  };
}

/** The bus of a new hub: shared through Redis when REDIS_URL is set, else in-process. */
export function createBus(): ChatBus {
  return redisConfigured() ? createRedisBus() : createLocalBus();
}
