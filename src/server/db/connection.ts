import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import { inlineLimits, type LimitSlots, limitSlots } from './literal-limits.ts';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** How long a statement waits for another process's lock before "database is locked". */
const SQLITE_BUSY_MS = 5_000;

/**
 * Adapts node:sqlite to the better-sqlite3 shape Kysely's SqliteDialect expects, with a small
 * prepared-statement cache (the same few queries run on every page view).
 */
function sqliteAdapter(file: string) {
  // The busy timeout is given at open, before the first statement: the journal_mode pragma below
  // already needs a lock, and a process closing the file at that moment (the last connection folds
  // and deletes the WAL) would otherwise fail the open with "database is locked" (tests/unit/
  // sqlite-open.test.ts).
  const raw = new DatabaseSync(file, { timeout: SQLITE_BUSY_MS });
  raw.exec('PRAGMA journal_mode = WAL');
  // Under WAL, NORMAL hands every commit to the OS (written to the WAL) before it returns, so an
  // acknowledged write survives the process being killed (tests/e2e/durability.spec.ts); only a power
  // loss or OS crash may drop the newest commits, never corrupt the file. FULL would add an fsync to
  // every commit for that case alone.
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  // The 500 most recently used statements stay prepared, each with its LIMIT parameters, which are
  // written into the statement SQLite runs (literal-limits.ts says why).
  type Prepared = { stmt: StatementSync; reader: boolean; limits?: LimitSlots };
  const cache = new LRUCache<string, Prepared>({ max: 500 });
  const statement = (sql: string): Prepared => {
    let hit = cache.get(sql);
    if (!hit) {
      const stmt = raw.prepare(sql);
      hit = { stmt, reader: stmt.columns().length > 0, limits: limitSlots(sql) };
      cache.set(sql, hit);
    }
    return hit;
  };
  const prepare = (sql: string) => {
    const { stmt, reader, limits } = statement(sql);
    const bound = (params: ReadonlyArray<unknown>): [StatementSync, never[]] => {
      if (!limits) return [stmt, params as never[]];
      const written = inlineLimits(limits, params);
      return [statement(written.sql).stmt, written.params as never[]];
    };
    return {
      reader,
      all: (params: ReadonlyArray<unknown>) => {
        const [s, p] = bound(params);
        return s.all(...p);
      },
      run: (params: ReadonlyArray<unknown>) => {
        const [s, p] = bound(params);
        return s.run(...p);
      },
      iterate: (params: ReadonlyArray<unknown>) => {
        const [s, p] = bound(params);
        return s.iterate(...p);
      },
    };
  };
  return {
    raw,
    database: {
      prepare,
      close: () => {
        cache.clear();
        if (raw.isOpen) raw.close();
      },
    },
  };
}

/**
 * Kysely's SQLite dialect with transactions begun IMMEDIATE. Its own driver begins with a plain
 * (deferred) BEGIN: the transaction's first read takes a snapshot, and if another process (the CLI, a
 * second server on the file) commits before the transaction's first write, that write fails at once
 * with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out. IMMEDIATE takes the write lock up front,
 * waiting for it like any other statement; this process has one connection, whose transactions take
 * turns anyway (tests/unit/sqlite-transactions.test.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How long a request waits for a PostgreSQL connection (a free one, or a new one to be made). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connection of the pool that PostgreSQL closes (a restart or failover, `pg_terminate_backend`,
 * `idle_session_timeout`, a pooler or firewall dropping it) emits 'error': on the pool while idle, on
 * the client itself while a request holds it. Unhandled, either event ends the process
 * (docs/decisions/0006-database-outage.md).
 * Handled here, the broken client leaves the pool (pg-pool drops a client that is no longer
 * queryable when it is released), the query that was on it fails (answered 503 by
 * core/db-unavailable.ts), and the next request opens a new connection: the process reconnects by
 * itself once the database is back.
 */
function survivesLostConnections(pool: import('pg').Pool, told: (err: Error) => void): void {
  let quietUntil = 0;
  const lost = (err: Error) => {
    // Told once per burst: a restart closes every connection at once.
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 5_000;
    told(err);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
}

/**
 * The site's database, read by the services a request calls (Astro pages call services directly,
 * without a composition step of their own). Set only by openDatabase and adoptDatabase: the
 * composition root (root/create-site.ts), the CLI and tests. Background jobs take theirs from their
 * parts (services/job-parts.ts) instead.
 */
export let db: Kysely<DB>;
export let dialect: Dialect = 'sqlite';
/** The node:sqlite handle, for FTS and PRAGMA work Kysely does not model (undefined on PostgreSQL). */
export let sqlite: DatabaseSync | undefined;

/** An open database: what openDatabase makes and what a caller may hand to createSite. */
export type OpenDatabase = { db: Kysely<DB>; dialect: Dialect; sqlite?: DatabaseSync };

/** Makes `opened` the database the services read (createSite with a database its caller opened). */
export function adoptDatabase(opened: OpenDatabase): void {
  db = opened.db;
  dialect = opened.dialect;
  sqlite = opened.sqlite;
}

/** The database the services read now, as one value (to hand on, or to use again after a swap). */
export const currentDatabase = (): OpenDatabase => ({ db, dialect, sqlite });

export type OpenOptions = {
  /** Told (at most every few seconds) when PostgreSQL closed a connection; the server logs it. */
  connectionLost?: (err: Error) => void;
};

export async function openDatabase(
  cfg: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'pgPoolMax'>>,
  opts: OpenOptions = {},
): Promise<Kysely<DB>> {
  if (cfg.databaseUrl) {
    const pg = await import('pg');
    // node-postgres returns BIGINT (count(*)) as strings; our counts fit in a JS number.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    dialect = 'postgres';
    sqlite = undefined;
    const pool = new pg.default.Pool({
      connectionString: cfg.databaseUrl,
      // PG_POOL_MAX (config.ts; 10 by default, as for a caller without a Config).
      max: cfg.pgPoolMax ?? 10,
      // A database that does not answer (a dropped network) fails the request instead of holding it.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // TCP keep-alive: a connection a firewall dropped in silence is found dead, not waited on.
      keepAlive: true,
    });
    survivesLostConnections(pool, opts.connectionLost ?? (() => {}));
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return db;
  }
  mkdirSync(cfg.dataDir, { recursive: true });
  const { raw, database } = sqliteAdapter(path.join(cfg.dataDir, 'blog.db'));
  dialect = 'sqlite';
  sqlite = raw;
  db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database }) });
  return db;
}

export async function closeDatabase(): Promise<void> {
  if (!db) return;
  if (sqlite?.isOpen) {
    // Fold the WAL back into the main file so a copied data dir is complete.
    try {
      sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      /* a busy checkpoint is retried by SQLite on next open */
    }
  }
  await db.destroy();
}
