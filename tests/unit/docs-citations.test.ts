import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: code cites the product and contract in docs/ by file and heading
 * (`docs/product.md#playback`), and the reasons for its larger choices by decision record
 * (`docs/decisions/0004-page-cache-and-tags.md`). Every such citation must lead somewhere, every link
 * between the docs must too (tests/unit/docs.test.ts), and nothing may send a reader to documents outside the repository.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SELF = path.join('tests', 'unit', 'docs-citations.test.ts');

/** The code whose comments cite the docs: every text file of these folders but Markdown. */
const CODE_DIRS = ['src', 'tests', 'scripts', 'bench'];
const CODE_FILE = /\.(ts|tsx|mts|mjs|js|astro|css|json|ya?ml|sh|conf)$/;

const walk = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => !f.split(path.sep).includes('node_modules'));

const codeFiles = () => CODE_DIRS.flatMap(walk).filter((f) => CODE_FILE.test(f) && f !== SELF);
const docFiles = () => walk('docs').filter((f) => f.endsWith('.md'));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The anchors GitHub gives a Markdown file's headings (fenced code skipped, repeats numbered). */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slugger.slug(heading[1]));
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
/** Why `target` (a repository path, with or without `#anchor`) leads nowhere, or null. */
function brokenTarget(target: string): string | null {
  const [file, anchor] = target.split('#');
  if (!existsSync(path.join(ROOT, file))) return 'no such file';
  if (anchor === undefined || !file.endsWith('.md')) return null;
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(file));
  return anchorCache.get(file)?.has(anchor) ? null : 'no such heading';
}

/** Every `docs/….md` or `docs/….md#anchor` in the code, as "file:line → target". */
function codeCitations(): { where: string; target: string }[] {
  const found: { where: string; target: string }[] = [];
  for (const file of codeFiles()) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(/\bdocs\/[\w./-]+?\.md(?:#[\p{L}\p{N}_-]+)?/gu))
          found.push({ where: `${file}:${i + 1}`, target: m[0] });
      });
  }
  return found;
}

describe('citations of docs/ from the code', () => {
  it('finds the citations (the check is not vacuous)', () => {
    const targets = new Set(codeCitations().map((c) => c.target));
    expect(targets).toContain('docs/product.md#playback');
    expect([...targets].some((t) => t.startsWith('docs/decisions/'))).toBe(true);
    expect([...targets].some((t) => t.startsWith('docs/api/'))).toBe(true);
  });

  it('each leads to an existing file and heading', () => {
    const broken = codeCitations()
      .map((c) => ({ ...c, why: brokenTarget(c.target) }))
      .filter((c) => c.why)
      .map((c) => `${c.where} → ${c.target}: ${c.why}`);
    expect(broken).toEqual([]);
  });

  it('knows a heading from a missing one', () => {
    expect(brokenTarget('docs/product.md#playback')).toBeNull();
    expect(brokenTarget('docs/product.md#no-such-heading')).toBe('no such heading');
    expect(brokenTarget('docs/no-such-file.md')).toBe('no such file');
  });
});

describe('nothing points outside the repository', () => {
  /** What a clone does not have: the product inputs beside it and the tracker's issue numbers. */
  const OUTSIDE: [string, RegExp][] = [
    ['a SPEC § citation', /\bSPEC(\.md)?\s*§/],
    ['a product input file', /\b(SPEC|API|ADMIN-API|DESIGN|ORIGINAL-SCHEMA)\.md\b/],
    ['the folder beside the repository', /\.\.\/shared\b/],
    ['an issue number', /\bissues?\s+#?\d/i],
  ];

  it('no code file, package.json or doc cites them', () => {
    const files = [
      ...codeFiles(),
      ...docFiles(),
      'package.json',
      'README.md',
      'CONTRIBUTING.md',
      'CHANGELOG.md',
    ];
    const hits: string[] = [];
    for (const file of files)
      read(file)
        .split('\n')
        .forEach((line, i) => {
          for (const [what, re] of OUTSIDE) if (re.test(line)) hits.push(`${file}:${i + 1}: ${what}`);
        });
    expect(hits).toEqual([]);
  });
});
