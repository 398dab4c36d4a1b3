import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * One page of a list as every paged API answers it (docs/api/README.md#paging): `total` counts all rows,
 * not the page.
 */
import type { Page } from '../../lib/contract/page.ts';

export type { Page };

export type PageInput = { current: number; size: number };

/**
 * One page: `rows` gets the page's window (LIMIT/OFFSET), `total` counts every row the filter keeps;
 * both run at once. Counts come back as numbers from SQLite and as strings from PostgreSQL.
 */
export async function paginate<T>(
  { current, size }: PageInput,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number | string | bigint>,
): Promise<Page<T>> {
  const [list, n] = await Promise.all([rows(size, (current - 1) * size), total()]);
  return { current, size, list, total: Number(n) };
}

/** The number of rows a query's filter keeps (its selection and order are dropped). */
export async function countRows<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row: { n: number | string | bigint } = await q
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
