import { type Expression, type SqlBool, sql } from 'kysely';
import { escapeLike } from '../../lib/search.ts';
import { dialect } from '../db/connection.ts';

/** A `createdAt` window of the admin lists: ISO instants, `from` included, `to` not. */
export type TimeRange = { from: string; to: string };

/** `column` contains `text` literally (`%` and `_` are no wildcards), ignoring ASCII case. */
export function contains(column: string, text: string): Expression<SqlBool> {
  const op = dialect === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
  return sql<SqlBool>`${sql.ref(column)} ${op} ${`%${escapeLike(text)}%`} ESCAPE '\\'`;
}

/** `column` (an ISO instant) lies in the window. */
export const within = (column: string, range: TimeRange): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} >= ${range.from} AND ${sql.ref(column)} < ${range.to}`;
