import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/local-services/common.ts';
import { type LocalMariadb, startMariadb } from '../../scripts/local-services/mariadb.ts';
import { importCommand, parseImportArgs } from '../../src/server/cli/import.ts';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { MYSQL_UNREACHABLE } from '../../src/server/services/import/mysql-connect.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Where a mysql:// import may connect. From the console, public addresses only, on the friend-link
 * checker's rule: loopback by name and by every numeric spelling, ::1, the address's own driver
 * options (`socketPath` leads to the server's Unix socket) are refused. The CLI's --allow-private
 * reaches a local MariaDB. Every failure to connect answers one message, so a refused port, a
 * silent one and one that speaks another protocol cannot be told apart.
 * @module-tag services
 */

const api = setupTestApi();
const DIR = path.resolve(import.meta.dirname, '../fixtures/import/original');
let maria: LocalMariadb;
let url = '';
let port = '';
const servers: Server[] = [];
const sockets: Socket[] = [];

/** A TCP server on 127.0.0.1 that does `onConnection` with each socket; returns its port. */
async function tcpServer(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

beforeAll(async () => {
  maria = await startMariadb();
  const sql = ['schema.sql', 'data.sql'].map((f) => readFileSync(path.join(DIR, f), 'utf8')).join('\n');
  url = await maria.createDatabase('online_blog', sql);
  port = new URL(url).port;
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await maria?.stop();
});

const prepare = (source: string) => {
  const form = new FormData();
  form.append('source', source);
  return api.call('POST', '/api/upload/import', form, api.adminToken);
};

describe('a mysql:// import reaches public addresses only, unless the CLI allows a private one', () => {
  it('the console refuses loopback in every spelling, ::1 and a socketPath, with the one message', async () => {
    const closed = await freePort();
    const sources = [
      ...[
        'localhost',
        '127.0.0.1',
        '127.1',
        '0x7f000001',
        '2130706433',
        '0177.0.0.1',
        '[::1]',
        '[::ffff:127.0.0.1]',
        '0.0.0.0',
      ].map((host) => `mysql://blog:secret@${host}:${port}/online_blog`),
      // The driver's own options in the address: the Unix socket, several statements, local files.
      `mysql://blog:secret@127.0.0.1:${closed}/online_blog?socketPath=${encodeURIComponent(maria.socket)}`,
      `mysql://blog:secret@localhost:${port}/online_blog?multipleStatements=true&flags=LOCAL_FILES`,
    ];
    for (const source of sources) {
      const answer = await prepare(source);
      expect([source, answer.json.code, answer.json.message]).toEqual([source, 100, MYSQL_UNREACHABLE]);
    }
    expect(
      await db.selectFrom('article').select('id').where('article_title', '=', '原来的第一篇').execute(),
    ).toEqual([]);
  });

  it('the address is read by us: its socketPath leads nowhere, only host and port do', async () => {
    const closed = await freePort();
    const viaSocket = `mysql://blog:secret@127.0.0.1:${closed}/online_blog?socketPath=${encodeURIComponent(maria.socket)}`;
    await expect(planFor(viaSocket, { mysql: { allowPrivate: true } })).rejects.toThrow(MYSQL_UNREACHABLE);
  });

  it('the CLI with --allow-private imports from the local MariaDB; without it, the one message', async () => {
    expect(parseImportArgs([url, '--allow-private'])).toMatchObject({ source: url, allowPrivate: true });
    expect(parseImportArgs([url])).toMatchObject({ allowPrivate: false });
    // The report and the progress lines, which a terminal would show.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(importCommand([url])).rejects.toThrow(MYSQL_UNREACHABLE);
    expect(await importCommand([url, '--allow-private'])).toBe(0);
    expect(
      await db.selectFrom('article').select('id').where('article_title', '=', '原来的第一篇').execute(),
    ).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('a closed port, a port that speaks another protocol and a silent one give the same message', async () => {
    const closed = await freePort();
    const http = await tcpServer((socket) =>
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'),
    );
    const silent = await tcpServer(() => {});
    const reach = { allowPrivate: true, connectTimeoutMs: 300 };
    const messages = await Promise.all(
      [closed, http, silent].map((p) =>
        planFor(`mysql://blog:secret@127.0.0.1:${p}/online_blog`, { mysql: reach }).then(
          () => 'connected',
          (err: Error) => err.message,
        ),
      ),
    );
    expect(messages).toEqual([MYSQL_UNREACHABLE, MYSQL_UNREACHABLE, MYSQL_UNREACHABLE]);
    // A wrong database on the real server is the same message too.
    await expect(planFor(url.replace('online_blog', 'nope'), { mysql: reach })).rejects.toThrow(
      MYSQL_UNREACHABLE,
    );
  });
});
