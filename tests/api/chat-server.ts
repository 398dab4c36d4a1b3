import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createUpgradeHandler } from '../../src/server/chat/upgrade.ts';
import { resolveSite } from '../../src/server/site.ts';
import { ChatClient } from './ws-client.ts';

/**
 * The chat hub on a real server for the file (started before its tests, stopped after), and `join`:
 * a client of it, closed by the end of the file.
 */
export function chatServerForFile(): { join: (token?: string) => Promise<ChatClient> } {
  let upgrade: ReturnType<typeof createUpgradeHandler>;
  let server: http.Server;
  let wsUrl = '';
  const clients: ChatClient[] = [];
  beforeAll(async () => {
    upgrade = createUpgradeHandler();
    server = http.createServer((_req, res) => res.writeHead(404).end());
    server.on('upgrade', upgrade.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // As createSite does once it listens: the site is where the server is (its Origin is the site's own).
    resolveSite(port);
    wsUrl = `ws://127.0.0.1:${port}/ws`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => (c.ws.readyState === WebSocket.OPEN ? c.close() : undefined)));
    await upgrade.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    join: async (token) => {
      const c = await ChatClient.join(wsUrl, token);
      clients.push(c);
      return c;
    },
  };
}
