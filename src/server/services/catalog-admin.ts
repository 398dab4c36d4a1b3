import type { CatalogCategory, ResourceRow, SiteRow } from '../../lib/contract/admin-catalog.ts';
import { notFound } from '../core/errors.ts';
import { changes } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { contains } from './admin-filters.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/**
 * The owner's side of the resource navigation (`resource`, with a kind front or back) and the site
 * list (`site`, the same columns without kind): flat pages, the category picker, writes and the
 * drag-and-drop order. Rows keep their `order` within the whole table; the pages group them by
 * category in that order (services/resources.ts).
 */
export type Catalog = 'resource' | 'site';
export type Kind = 'front' | 'back';

export type CatalogInput = {
  category: string;
  name: string;
  desc: string;
  url: string;
  icon: string;
  order?: number;
  kind?: Kind;
};

const MISSING: Record<Catalog, string> = { resource: '资源不存在', site: '网站不存在' };

/**
 * Both tables as the `resource` table for Kysely's types: `site` has every column but `kind`, which
 * is only named when a kind is given (resources only).
 */
const table = (which: Catalog) => db.selectFrom(which as 'resource');

/** The pages a write of the table shows on: /resources/front and /back, or /siteList (core/page-tags.ts). */
const changed = (which: Catalog) => changes(which === 'resource' ? 'resources' : 'sites');

export async function listCatalog(
  which: Catalog,
  input: { current: number; size: number; kind?: Kind; category?: string; name?: string },
): Promise<Page<ResourceRow | SiteRow>> {
  let q = table(which);
  if (input.kind) q = q.where('kind', '=', input.kind);
  if (input.category) q = q.where('category', '=', input.category);
  if (input.name) q = q.where(contains('name', input.name));
  const columns = ['id', 'category', 'name', 'desc', 'url', 'icon', 'order'] as const;
  return paginate(
    input,
    (limit, offset) => {
      let rows = which === 'resource' ? q.select([...columns, 'kind']).orderBy('kind') : q.select(columns);
      rows = rows.orderBy('order').orderBy('id');
      return rows.limit(limit).offset(offset).execute();
    },
    () => countRows(q),
  );
}

/** The categories in use with their counts, in the order the page shows them (by their first row). */
export async function catalogCategories(which: Catalog, kind?: Kind): Promise<CatalogCategory[]> {
  let q = table(which);
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q
    .select(['category', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('category')
    .orderBy((eb) => eb.fn.min('order'))
    .orderBy((eb) => eb.fn.min('id'))
    .execute();
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}

/** Creates (no id: last of the table unless an order is given) or changes one row. */
export async function saveCatalog(
  which: Catalog,
  id: number | undefined,
  input: CatalogInput,
): Promise<number> {
  changed(which);
  const { kind, ...fields } = input;
  const values = which === 'resource' ? { ...fields, kind } : fields;
  if (id !== undefined) {
    const res = await db
      .updateTable(which as 'resource')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(MISSING[which]);
    return id;
  }
  const last = await table(which)
    .select((eb) => eb.fn.max('order').as('top'))
    .executeTakeFirst();
  const row = await db
    .insertInto(which as 'resource')
    .values({
      ...(values as typeof fields & { kind: Kind }),
      order: input.order ?? Number(last?.top ?? 0) + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The drag-and-drop sort: every listed row gets its order, all or none (a stale list is refused). */
export async function reorderCatalog(which: Catalog, list: { id: number; order: number }[]): Promise<void> {
  changed(which);
  await db.transaction().execute(async (trx) => {
    for (const item of list) {
      const res = await trx
        .updateTable(which as 'resource')
        .set({ order: item.order })
        .where('id', '=', item.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw notFound(MISSING[which]);
    }
  });
}

export async function deleteCatalog(which: Catalog, ids: number[]): Promise<number> {
  changed(which);
  const res = await db
    .deleteFrom(which as 'resource')
    .where('id', 'in', ids)
    .executeTakeFirst();
  const n = Number(res.numDeletedRows);
  if (n === 0) throw notFound(MISSING[which]);
  return n;
}
