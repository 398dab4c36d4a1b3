import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { connectMysql, type MysqlReach, parseMysqlUrl } from './mysql-connect.ts';

/**
 * A Typecho database's rows (docs/owner-guide.md#导入与导出), from MySQL/MariaDB or from the SQLite file
 * of Typecho's SQLite adapter: its seven tables under the prefix the installer was given (`typecho_`
 * unless changed), and what else the database holds under that prefix (plugins' tables), counted.
 */

export type Row = Record<string, unknown>;

/** The tables every Typecho has; `fields` came with 0.9 and is read when there. */
const CORE = ['contents', 'metas', 'relationships', 'comments', 'options', 'users'] as const;
const ORDER: Record<string, string> = {
  contents: 'cid',
  metas: 'mid',
  relationships: 'cid, mid',
  comments: 'coid',
  options: 'name',
  users: 'uid',
  fields: 'cid, name',
};

export type TypechoRows = Record<(typeof CORE)[number] | 'fields', Row[]>;

export type TypechoDb = {
  rows: TypechoRows;
  prefix: string;
  /** The source's key in import_source. */
  source: string;
  /** How the report names it: host/database or the file's name. */
  shown: string;
  /** Other tables under the prefix (a plugin's links, a theme's counters): not imported, said so. */
  others: { name: string; rows: number }[];
  /** Other Typecho installs in the same database (another prefix). */
  otherPrefixes: string[];
  sqlite: boolean;
};

/** The prefixes under which `names` hold Typecho's tables, `typecho_` first. */
export function typechoPrefixes(names: string[]): string[] {
  const set = new Set(names);
  return names
    .filter((name) => name.endsWith('contents'))
    .map((name) => name.slice(0, -'contents'.length))
    .filter((prefix) => /^[\w$]*$/.test(prefix) && CORE.every((t) => set.has(prefix + t)))
    .sort((a, b) => Number(b === 'typecho_') - Number(a === 'typecho_') || a.localeCompare(b));
}

type Reader = {
  names: string[];
  all: (table: string, order: string) => Promise<Row[]>;
  count: (table: string) => Promise<number>;
};

/** Rows of every table under `prefix` (chosen by the caller among typechoPrefixes). */
async function readAll(reader: Reader, prefix: string): Promise<Pick<TypechoDb, 'rows' | 'others'>> {
  const rows = {} as TypechoRows;
  for (const table of [...CORE, 'fields'] as const)
    rows[table] = reader.names.includes(prefix + table) ? await reader.all(prefix + table, ORDER[table]) : [];
  const known = new Set([...CORE, 'fields'].map((t) => prefix + t));
  const others: { name: string; rows: number }[] = [];
  for (const name of reader.names)
    if (name.startsWith(prefix) && !known.has(name)) others.push({ name, rows: await reader.count(name) });
  return { rows, others };
}

const pick = (prefixes: string[], wanted: string | null) =>
  wanted === null ? prefixes[0] : prefixes.find((p) => p === wanted);

/**
 * The Typecho database at a `mysql://` address, or undefined when its tables are not Typecho's (the
 * original project's database is read by mysql.ts). `?prefix=` chooses among several installs; the
 * connection is mysql-connect.ts's.
 */
export async function readMysql(url: string, reach?: MysqlReach): Promise<TypechoDb | undefined> {
  const address = parseMysqlUrl(url);
  if (!address.database) return undefined;
  const { prefix: wanted, shown } = address;
  const conn = await connectMysql(address, reach);
  try {
    const [present] = await conn.query('SHOW TABLES');
    const names = (present as Row[]).map((r) => String(Object.values(r)[0]));
    const prefixes = typechoPrefixes(names);
    const prefix = pick(prefixes, wanted);
    if (prefix === undefined) {
      if (wanted !== null) throw new Error(`${shown} 里没有表前缀为 ${wanted} 的 Typecho 数据表`);
      return undefined;
    }
    const quoted = (table: string) => `\`${table.replaceAll('`', '``')}\``;
    const read = await readAll(
      {
        names,
        all: async (table, order) =>
          (await conn.query(`SELECT * FROM ${quoted(table)} ORDER BY ${order}`))[0] as Row[],
        count: async (table) =>
          Number(((await conn.query(`SELECT COUNT(*) AS n FROM ${quoted(table)}`))[0] as Row[])[0]?.n ?? 0),
      },
      prefix,
    );
    const source = `typecho:${shown}${prefix === 'typecho_' ? '' : `/${prefix}`}`;
    return {
      ...read,
      prefix,
      source,
      shown,
      otherPrefixes: prefixes.filter((p) => p !== prefix),
      sqlite: false,
    };
  } finally {
    await conn.end();
  }
}

/** A Typecho SQLite file (Typecho's Pdo_SQLite or SQLite adapter), read-only. */
export async function readSqlite(file: string): Promise<TypechoDb> {
  const name = path.basename(file);
  let sqlite: DatabaseSync;
  try {
    sqlite = new DatabaseSync(file, { readOnly: true });
  } catch (err) {
    throw new Error(`无法打开 SQLite 数据库 ${name}：${err instanceof Error ? err.message : err}`);
  }
  try {
    const names = (
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Row[]
    ).map((r) => String(r.name));
    const prefixes = typechoPrefixes(names);
    const prefix = prefixes[0];
    if (prefix === undefined)
      throw new Error(
        `${name} 是 SQLite 数据库，但不是 Typecho 的（没有 typecho_contents、typecho_metas 等表）`,
      );
    const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`;
    const read = await readAll(
      {
        names,
        all: async (table, order) =>
          sqlite.prepare(`SELECT * FROM ${quoted(table)} ORDER BY ${order}`).all() as Row[],
        count: async (table) =>
          Number((sqlite.prepare(`SELECT COUNT(*) AS n FROM ${quoted(table)}`).get() as Row).n),
      },
      prefix,
    );
    const source = `typecho:${name}${prefix === 'typecho_' ? '' : `/${prefix}`}`;
    return { ...read, prefix, source, shown: name, otherPrefixes: prefixes.slice(1), sqlite: true };
  } catch (err) {
    if (err instanceof Error && err.message.includes(name)) throw err;
    throw new Error(`无法读取 SQLite 数据库 ${name}：${err instanceof Error ? err.message : err}`);
  } finally {
    sqlite.close();
  }
}
