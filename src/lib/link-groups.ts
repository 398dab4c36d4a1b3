/**
 * The friend links' groups: /link/list shows one section per group, and the admin's review
 * on that page puts a just-approved card into its section, so both order them by this one rule.
 */

/** The longest group name (characters as JavaScript counts them). */
export const LINK_GROUP_MAX = 20;

/** The heading of the links without a group, shown only when some link has one. */
export const UNGROUPED_HEADING = '其他';

/**
 * Two group names in page order: by name (code points, as SQLite's and PostgreSQL's "C" order), no
 * group ('') last.
 */
export function compareGroups(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1;
  if (b === '') return -1;
  return a < b ? -1 : 1;
}

export type LinkGroup<T> = { name: string; links: T[] };

/** Links in their groups' order; each group keeps the links' own order (oldest friends first). */
export function groupLinks<T extends { category: string }>(links: readonly T[]): LinkGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const link of links) {
    const list = groups.get(link.category);
    if (list) list.push(link);
    else groups.set(link.category, [link]);
  }
  return [...groups.keys()].sort(compareGroups).map((name) => ({ name, links: groups.get(name) ?? [] }));
}

/** The heading of a group's section: its name; 其他 for the rest when there are named groups, else none. */
export const groupHeading = (name: string, hasNamedGroups: boolean): string | null =>
  name || (hasNamedGroups ? UNGROUPED_HEADING : null);
