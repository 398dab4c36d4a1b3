/**
 * A throw-away MariaDB for the test of importing the original project's MySQL database
 * (docs/owner-guide.md#导入与导出): Debian's `mariadb-server` (installed with apt when missing and we
 * are root, as PostgreSQL is), a new data directory in a temporary folder, listening on 127.0.0.1 at
 * a free port, removed at stop. It runs without grant tables: any user name signs in, as a blogger's
 * `mysql://user:pass@host/online_blog` would, and nothing in it outlives the test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import {
  aptInstall,
  freePort,
  refuseWithoutServices,
  serviceAccount,
  serviceDir,
  spawnService,
  stopService,
  waitUntil,
} from './common.ts';

const SERVER = '/usr/sbin/mariadbd';
const INSTALL = '/usr/bin/mariadb-install-db';

function ensureMariadb(): boolean {
  return (existsSync(SERVER) && existsSync(INSTALL)) || aptInstall(['mariadb-server']);
}

export type LocalMariadb = {
  /** mysql://blog:secret@127.0.0.1:<port>/ — add a database name. */
  url: string;
  /** Its Unix socket (a mysql:// address's `?socketPath=` would lead there). */
  socket: string;
  /** A new database loaded with `sql` (statements separated by `;`); returns its URL. */
  createDatabase(name: string, sql: string): Promise<string>;
  stop(): Promise<void>;
};

export async function startMariadb(): Promise<LocalMariadb> {
  refuseWithoutServices('MariaDB');
  if (!ensureMariadb())
    throw new Error(
      'MariaDB is not installed: `npm test` installs it when run as root; otherwise `sudo apt-get install mariadb-server`',
    );
  const dir = serviceDir('blog-mariadb-');
  const data = path.join(dir, 'data');
  execFileSync(INSTALL, ['--no-defaults', `--datadir=${data}`, '--skip-test-db', '--skip-name-resolve'], {
    cwd: dir,
    stdio: 'pipe',
    ...serviceAccount(),
  });
  const port = await freePort();
  const started = spawnService(
    SERVER,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(dir, 'mysqld.sock')}`,
      `--pid-file=${path.join(dir, 'mysqld.pid')}`,
      '--skip-grant-tables',
      '--skip-name-resolve',
      // Throw-away data: no flush per commit.
      '--innodb-flush-log-at-trx-commit=0',
    ],
    dir,
  );
  const url = `mysql://blog:secret@127.0.0.1:${port}/`;
  try {
    await waitUntil(
      'MariaDB',
      async () => {
        const c = await mysql.createConnection(url).catch(() => undefined);
        await c?.end();
        return Boolean(c);
      },
      started.child,
      60_000,
    );
  } catch (err) {
    await stopService(started.child, dir);
    throw new Error(`${(err as Error).message}\n${started.output()}`);
  }
  return {
    url,
    socket: path.join(dir, 'mysqld.sock'),
    async createDatabase(name, sql) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const c = await mysql.createConnection({ uri: url, multipleStatements: true, charset: 'utf8mb4' });
      try {
        await c.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
        await c.query(`USE ${name}`);
        await c.query(sql);
      } finally {
        await c.end();
      }
      return `${url}${name}`;
    },
    stop: () => stopService(started.child, dir),
  };
}
