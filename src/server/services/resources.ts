import { shows } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';

export type LinkCard = { id: number; name: string; desc: string; url: string; icon: string };
export type LinkGroup = { category: string; items: LinkCard[] };

/** Rows in their `order`, grouped by category (groups in the order of their first row). */
function group(rows: (LinkCard & { category: string })[]): LinkGroup[] {
  const groups = new Map<string, LinkCard[]>();
  for (const { category, ...item } of rows) {
    const items = groups.get(category) ?? [];
    items.push(item);
    groups.set(category, items);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** Resource navigation: `front` or `back`. */
export async function listResources(kind: 'front' | 'back'): Promise<LinkGroup[]> {
  shows('resources');
  const rows = await db
    .selectFrom('resource')
    .select(['id', 'category', 'name', 'desc', 'url', 'icon'])
    .where('kind', '=', kind)
    .orderBy('order')
    .orderBy('id')
    .execute();
  return group(rows);
}

/** The site list page. */
export async function listSites(): Promise<LinkGroup[]> {
  shows('sites');
  const rows = await db
    .selectFrom('site')
    .select(['id', 'category', 'name', 'desc', 'url', 'icon'])
    .orderBy('order')
    .orderBy('id')
    .execute();
  return group(rows);
}
