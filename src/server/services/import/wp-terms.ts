import { TERM_MAX } from './rows.ts';

/**
 * A WordPress export's categories as this site's (docs/owner-guide.md#导入与导出). WordPress nests
 * them and lets two share a name under different parents (`Foo` under `A` and under `B`); here they
 * are flat and a name is one category. So a name another category of the export also has is spelled
 * with its parents (`A/Foo`, `B/Foo`) as far up as it takes to tell them apart, and a name past the
 * site's 20 characters is shortened — the parents first, then the name, never refused. Each renamed
 * category is said in the report.
 */

export type WpCategory = { nicename: string; name: string; parent: string };

const chars = (s: string) => [...s];
const cut = (s: string, max: number) =>
  chars(s).length <= max
    ? s
    : `${chars(s)
        .slice(0, max - 1)
        .join('')}…`;

/** `parents/name` within `max` characters: the parents are cut before the name is. */
function fitPath(path: string[], max: number): string {
  const whole = path.join('/');
  if (chars(whole).length <= max) return whole;
  const name = path[path.length - 1];
  const room = max - chars(name).length - 1;
  if (path.length > 1 && room >= 2) return `${cut(path.slice(0, -1).join('/'), room)}/${name}`;
  return cut(name, max);
}

/** Each category's name here, by its nicename; and the lines the report says about the renamed ones. */
export function categoryNames(categories: WpCategory[]): { names: Map<string, string>; notes: string[] } {
  const byNice = new Map(categories.map((c) => [c.nicename, c]));
  // Its names from the root down (a parent missing from the export, or a loop, ends the chain).
  const chain = (c: WpCategory) => {
    const path = [c.name];
    const seen = new Set([c.nicename]);
    for (let p = byNice.get(c.parent); p && !seen.has(p.nicename); p = byNice.get(p.parent)) {
      seen.add(p.nicename);
      path.unshift(p.name);
    }
    return path;
  };
  const paths = new Map(categories.map((c) => [c.nicename, chain(c)]));
  const depth = new Map(categories.map((c) => [c.nicename, 1]));
  const label = (nice: string) => {
    const path = paths.get(nice) ?? [];
    return path.slice(path.length - (depth.get(nice) ?? 1)).join('/');
  };
  // Widen each group of equal names by one parent until they differ or none has a parent left.
  for (let grew = true; grew; ) {
    grew = false;
    const groups = new Map<string, string[]>();
    for (const c of categories)
      groups.set(label(c.nicename), [...(groups.get(label(c.nicename)) ?? []), c.nicename]);
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      for (const nice of group) {
        const d = depth.get(nice) ?? 1;
        if (d < (paths.get(nice)?.length ?? 1)) {
          depth.set(nice, d + 1);
          grew = true;
        }
      }
    }
  }
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const notes: string[] = [];
  for (const c of categories) {
    const path = label(c.nicename).split('/');
    let name = fitPath(path, TERM_MAX);
    // Two still alike once shortened (or the same name twice at the root) stay apart by a number.
    for (let n = 2; taken.has(name); n++) name = `${cut(fitPath(path, TERM_MAX - 3), TERM_MAX - 3)}-${n}`;
    taken.add(name);
    names.set(c.nicename, name);
    if (name !== c.name)
      notes.push(
        chars(c.name).length > TERM_MAX && name === fitPath([c.name], TERM_MAX)
          ? `分类「${c.name}」超过 ${TERM_MAX} 个字，改为「${name}」`
          : `分类「${c.name}」（${c.nicename}）与别的分类同名，改为「${name}」`,
      );
  }
  return { names, notes };
}

/** A tag's name here: cut to the site's limit, with the report's line when it was. */
export function tagName(name: string): { name: string; note?: string } {
  const short = cut(name.trim(), TERM_MAX);
  return short === name.trim()
    ? { name: short }
    : { name: short, note: `标签「${name}」超过 ${TERM_MAX} 个字，改为「${short}」` };
}
