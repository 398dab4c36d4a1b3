import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts/.tsx file of the browser code. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const ROOTS = ['src/islands', 'src/chrome', 'src/stores'];
const HOOK = join('src', 'islands', 'common', 'use-hydrated.ts');

describe('one hydration guard', () => {
  it('only useHydrated() (islands/common/use-hydrated.ts) tells hydration apart', () => {
    const copies = ROOTS.flatMap(files).filter((file) => {
      if (file === HOOK) return false;
      const text = readFileSync(file, 'utf8');
      // The two shapes of the guard: useSyncExternalStore with a server snapshot, or a flag an
      // empty-deps effect turns on after the first render.
      return (
        /useSyncExternalStore\(/.test(text) ||
        /useEffect\(\(\)\s*=>\s*\{?\s*set[A-Z]\w*\(true\);?\s*\}?,\s*\[\]\)/.test(text)
      );
    });
    expect(copies).toEqual([]);
  });
});
