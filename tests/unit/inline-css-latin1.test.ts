import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every page carries its stylesheets inline (astro.config.mjs), about 65 KB, and the server encodes
 * them to UTF-8 at each cache miss. V8 does that fast for a string of Latin-1 characters only and
 * about seven times slower for one holding any other character, and a single one (a literal ❀ in a
 * `content:`) made the whole stylesheet such a string. The minifier turns an escape (`\2740`) back
 * into the character, so the rule is on the sources: no character past U+00FF outside comments
 * (which the minifier drops). docs/performance.md#cheap-misses.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(css|astro)$/.test(entry.name) ? [full] : [];
  });
}

/** The CSS a file gives the build: a stylesheet whole, an Astro component's <style> blocks. */
function cssOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  return [...text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
}

/** The characters past U+00FF of some CSS, its comments left out. */
const wide = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '')].filter((ch) => (ch.codePointAt(0) as number) > 0xff);

describe('the inline stylesheets stay Latin-1', () => {
  it('has no character past U+00FF in any stylesheet outside comments', () => {
    const found = files(SRC).flatMap((file) =>
      wide(cssOf(file)).map((ch) => `${path.relative(SRC, file)}: ${ch}`),
    );
    expect(found).toEqual([]);
  });

  it('finds a character in a rule, not in a comment', () => {
    expect(wide('h3::before { content: "❀ é"; } /* 注释里的中文不算 */')).toEqual(['❀']);
  });
});
