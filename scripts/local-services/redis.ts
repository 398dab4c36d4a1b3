/**
 * A throw-away Redis for the tests and benchmarks: Debian's `redis-server` (installed with apt when
 * missing and we are root), listening on 127.0.0.1 at a free port, persisting nothing.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import {
  aptInstall,
  freePort,
  refuseWithoutServices,
  serviceDir,
  spawnService,
  stopService,
  waitUntil,
} from './common.ts';

/** redis-server: REDIS_SERVER, else the first on PATH or in /usr/bin. */
export function findRedis(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin'];
  const candidates = [process.env.REDIS_SERVER, ...dirs.map((d) => path.join(d, 'redis-server'))];
  return candidates.find((c) => c && existsSync(c));
}

/** findRedis, installing Debian's redis-server first when it is missing and we can. */
export function ensureRedis(): string | undefined {
  return findRedis() ?? (aptInstall(['redis-server']) ? findRedis() : undefined);
}

export type LocalRedis = { url: string; port: number; stop(): Promise<void> };

/** PING over a raw socket: true when the server answers PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** `port`: a given one (a test restarting its Redis where its clients look for it); else a free one. */
export async function startRedis(fixedPort?: number): Promise<LocalRedis> {
  refuseWithoutServices('Redis');
  const server = findRedis();
  if (!server)
    throw new Error(
      'Redis is not installed: `npm test` installs it when run as root; otherwise `sudo apt-get install redis-server` or set REDIS_SERVER to a redis-server binary',
    );
  const dir = serviceDir('blog-redis-');
  const port = fixedPort ?? (await freePort());
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  const { child, output } = spawnService(server, args, dir);
  try {
    await waitUntil('Redis', () => ping(port), child);
  } catch (err) {
    await stopService(child, dir);
    throw new Error(`${(err as Error).message}\n${output()}`);
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopService(child, dir) };
}
