import type { OnlineEntry, ServerFrame } from '../../lib/chat.ts';
import type { ChatHub } from './hub.ts';

/**
 * The process's chat hub, set by the server (root/create-site.ts, or the dev integration) and used by the chat
 * API to broadcast `clear` and `revert`. The build keeps `#server/` imports external, so the API and
 * the hub see this one module.
 */
let current: ChatHub | null = null;

export function setChatHub(hub: ChatHub | null): void {
  current = hub;
}

export const chatHub = (): ChatHub | null => current;

/** Broadcasts to every chat socket; without a hub (a test of the API alone) there is nobody to tell. */
export async function broadcastChat(frame: ServerFrame): Promise<void> {
  await current?.publish(frame);
}

/** Who is online in the chat now (one entry per user); nobody without a hub. */
export async function chatOnline(): Promise<OnlineEntry[]> {
  return (await current?.online()) ?? [];
}

/** Forces a user off the chat: `offline` to each of their sockets, then they are closed. */
export async function kickFromChat(userId: number): Promise<void> {
  await current?.kick(userId);
}
