import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ChatHub, createChatHub, type HubOptions, refuseUpgrade } from './hub.ts';
import { chatHub, setChatHub } from './registry.ts';

/** Hands a WebSocket upgrade on /ws to the chat hub; other paths are refused. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export { refuseUpgrade };

/** The chat hub of this server, registered for the chat API; `close()` ends every socket. */
export function createUpgradeHandler(opts: HubOptions = {}): {
  handle: UpgradeHandler;
  close: () => Promise<void>;
  hub: ChatHub;
} {
  const hub = createChatHub(opts);
  setChatHub(hub);
  return {
    hub,
    handle(req, socket, head) {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      if ((q === -1 ? url : url.slice(0, q)) !== '/ws') return refuseUpgrade(socket);
      hub.handleUpgrade(req, socket, head);
    },
    async close() {
      if (chatHub() === hub) setChatHub(null);
      await hub.close();
    },
  };
}
