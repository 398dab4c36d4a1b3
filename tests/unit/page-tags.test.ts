import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The page cache drops a page when a write changes something the page showed, and it knows
 * what a page showed only from the tags the services it read through recorded (core/page-tags.ts).
 * A service function a page reads through without saying what it returns would let that page be
 * served stale: every one that src/pages, src/layouts and src/components import must call `shows`.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(astro|ts|tsx)$/.test(f))
    .map((f) => path.join(ROOT, dir, f));

/** Every value (not type) a page, layout or component imports from a service: "module name". */
function pageReads(): string[] {
  const names = new Set<string>();
  for (const file of [...files('src/pages'), ...files('src/layouts'), ...files('src/components')]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'#server\/services\/([^']+)\.ts'/g,
    )) {
      if (m[1]) continue;
      for (const spec of m[2].split(',').map((s) => s.trim()))
        if (spec && !spec.startsWith('type ')) names.add(`${m[3]} ${spec.split(/\s+as\s+/)[0]}`);
    }
  }
  return [...names].sort();
}

/**
 * The text of the exported function `name` of a service module (services/<module>.ts, or the files
 * of services/<module>/ it re-exports), up to its closing brace.
 */
function body(module: string, name: string): string | undefined {
  const dir = path.join(ROOT, 'src/server/services', module);
  const candidates = [`${dir}.ts`];
  try {
    candidates.push(...readdirSync(dir).map((f) => path.join(dir, f)));
  } catch {
    /* a module without a folder */
  }
  for (const file of candidates) {
    const text = readFileSync(file, 'utf8');
    const start = text.search(new RegExp(`^export (async )?function ${name}\\b`, 'm'));
    if (start < 0) continue;
    const end = text.indexOf('\n}\n', start);
    return text.slice(start, end < 0 ? undefined : end);
  }
  return undefined;
}

describe('what a page reads says what it shows', () => {
  it('finds the reads of the pages (the check is not vacuous)', () => {
    expect(pageReads()).toEqual(
      expect.arrayContaining([
        'articles getArticle',
        'site getConfig',
        'messages listMessages',
        'talks listTalks',
      ]),
    );
  });

  it.each(pageReads())('%s records tags for the page being rendered', (read) => {
    const [module, name] = read.split(' ');
    const text = body(module, name);
    expect(text, `${read}: an exported service function`).toBeDefined();
    expect(text).toMatch(/\bshows\(/);
  });
});
