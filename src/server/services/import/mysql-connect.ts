import { connect } from 'node:net';
import mysql from 'mysql2/promise';
import { logger } from '../../core/log.ts';
import { pinnedLookup, siteAddresses } from '../../net/public-address.ts';

/**
 * The connection of a `mysql://` import (the original project's database, mysql.ts; Typecho's,
 * typecho-db.ts) on the friend-link checker's rule (src/server/net/public-address.ts): the host is
 * resolved first, every address must be public, and the connection goes to those addresses only (a
 * second DNS answer cannot move it) — unless the CLI's `--allow-private` says a local or private
 * MySQL is meant. The driver's options are ours alone: the address gives host, port, user, password
 * and database; its query options (`socketPath`, `multipleStatements`, `flags`, `ssl`, …) are not
 * read, save our own `prefix`. No LOCAL INFILE, no several statements at once, no TLS (a database
 * on another machine is reached through an SSH tunnel and the CLI). Every failure to connect, whatever
 * its cause, is one message: a refused port, a silent one, a wrong password and a private address
 * look the same to whoever sent the address; the cause goes to the server's log.
 */

export const MYSQL_UNREACHABLE =
  '无法连接数据库，请检查地址、端口、用户名、密码和数据库名（只连接公网地址；本机或内网的数据库请在服务器上用 npm run blog -- import --allow-private 导入）';

export type MysqlReach = {
  /** The CLI's `--allow-private`: the host may be loopback or on the server's network. */
  allowPrivate?: boolean;
  /** How long connecting may take until the server has greeted and accepted (default 10 s). */
  connectTimeoutMs?: number;
};

export type MysqlAddress = {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Typecho's table prefix (`?prefix=`), the one query option read; null when not given. */
  prefix: string | null;
  /** How reports name it: host[:port]/database, never the password. */
  shown: string;
};

const FORMAT = 'mysql:// 地址格式不对（mysql://用户:密码@主机:端口/数据库）';

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error(FORMAT);
  }
};

/** The parts of a `mysql://` address (`database` empty when it names none). */
export function parseMysqlUrl(url: string): MysqlAddress {
  const parsed = URL.parse(url);
  if (parsed?.protocol !== 'mysql:' || !parsed.hostname) throw new Error(FORMAT);
  const port = parsed.port ? Number(parsed.port) : 3306;
  if (!(port > 0)) throw new Error(FORMAT);
  const database = decode(parsed.pathname.replace(/^\//, ''));
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    user: decode(parsed.username),
    password: decode(parsed.password),
    database,
    prefix: parsed.searchParams.get('prefix'),
    shown: `${parsed.host}/${database}`,
  };
}

/** Connects to `address` (see above); `extra` are the reader's own result options (dateStrings). */
export async function connectMysql(
  address: MysqlAddress,
  reach: MysqlReach = {},
  extra: { dateStrings?: boolean } = {},
): Promise<mysql.Connection> {
  const fail = (cause: string, err?: unknown) => {
    logger.warn(
      { host: address.host, port: address.port, database: address.database, cause, err },
      'mysql import: cannot connect',
    );
    return new Error(MYSQL_UNREACHABLE);
  };
  const addresses = await siteAddresses(address.host, { allowPrivate: reach.allowPrivate });
  if (!addresses) throw fail(reach.allowPrivate ? 'host unknown' : 'host unknown or not public');
  const lookup = pinnedLookup(addresses);
  try {
    return await mysql.createConnection({
      host: address.host,
      port: address.port,
      user: address.user,
      password: address.password,
      database: address.database,
      charset: 'utf8mb4',
      dateStrings: extra.dateStrings ?? false,
      connectTimeout: reach.connectTimeoutMs ?? 10_000,
      multipleStatements: false,
      flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
      // The socket is ours: to the checked addresses only, never a socketPath.
      stream: () => connect({ host: address.host, port: address.port, lookup }),
    });
  } catch (err) {
    throw fail('connect failed', err);
  }
}
