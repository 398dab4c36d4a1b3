import { type Expression, type SqlBool, sql } from 'kysely';
import type { TimeRange } from '../../lib/contract/fields.ts';
import { escapeLike } from '../../lib/search.ts';
import { dialect } from '../db/connection.ts';

/** `column` contains `text` literally (`%` and `_` are no wildcards), ignoring ASCII case. */
export function contains(column: string, text: string): Expression<SqlBool> {
  const op = dialect === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
  return sql<SqlBool>`${sql.ref(column)} ${op} ${`%${escapeLike(text)}%`} ESCAPE '\\'`;
}

/** `column` (an ISO instant) lies in the window. */
export const within = (column: string, range: TimeRange): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} >= ${range.from} AND ${sql.ref(column)} < ${range.to}`;
