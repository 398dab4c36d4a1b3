import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** Hands a WebSocket upgrade to the chat hub; other paths are refused. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export function refuseUpgrade(socket: Duplex, status = 404, text = 'Not Found'): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createUpgradeHandler(): { handle: UpgradeHandler; close: () => Promise<void> } {
  return {
    // The chat hub takes /ws here; until it exists every upgrade is refused cleanly.
    handle: (_req, socket) => refuseUpgrade(socket),
    close: async () => {},
  };
}
