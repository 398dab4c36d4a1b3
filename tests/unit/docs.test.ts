import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseEnv, SETTING_NAMES } from '../../src/server/config.ts';

/**
 * The documentation a clone carries: every relative link leads somewhere, the README stays short, and
 * the settings table and .env.example name exactly the settings config.ts reads.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

const DOCS = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...markdownUnder('docs')];

type MdNode = { type: string; url?: string; value?: string; depth?: number; children?: MdNode[] };

const parse = (text: string) => unified().use(remarkParse).use(remarkGfm).parse(text) as MdNode;

function walk(node: MdNode, visit: (n: MdNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

const plainText = (node: MdNode): string => node.value ?? (node.children ?? []).map(plainText).join('');

/** GitHub's heading ids (its own slugger: lower case, punctuation dropped, repeats numbered). */
function headingIds(tree: MdNode): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  walk(tree, (n) => {
    if (n.type === 'heading') ids.add(slugger.slug(plainText(n).trim()));
  });
  return ids;
}

/** Every link, image and definition of a file (code blocks and code spans are not links). */
function linksOf(tree: MdNode): string[] {
  const urls: string[] = [];
  walk(tree, (n) => {
    if ((n.type === 'link' || n.type === 'image' || n.type === 'definition') && n.url) urls.push(n.url);
  });
  return urls;
}

const trees = new Map(DOCS.map((file) => [file, parse(read(file))]));
const idsOf = (file: string) => headingIds(trees.get(file) ?? parse(read(file)));

/** What is wrong with one relative link of `from`, or null. */
function brokenLink(from: string, url: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null; // https:, mailto: …: not a file of the repository
  const [rawPath, anchor] = url.split('#', 2);
  const target = rawPath
    ? path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURIComponent(rawPath)))
    : from;
  if (target.startsWith('..')) return `${url}: leads out of the repository`;
  if (!existsSync(path.join(ROOT, target))) {
    return `${url}: no file ${target}`;
  }
  if (anchor && target.endsWith('.md') && statSync(path.join(ROOT, target)).isFile()) {
    if (!idsOf(target).has(decodeURIComponent(anchor).toLowerCase()))
      return `${url}: no heading #${anchor} in ${target}`;
  }
  return null;
}

describe('the documentation', () => {
  it('has only relative links that resolve to a file and a heading', () => {
    const broken: string[] = [];
    for (const [file, tree] of trees)
      for (const url of linksOf(tree)) {
        const problem = brokenLink(file, url);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    expect(broken).toEqual([]);
  });

  it('finds a broken link, a missing heading and a link out of the repository', () => {
    expect(brokenLink('docs/development.md', 'nowhere.md')).toMatch(/no file docs\/nowhere.md/);
    expect(brokenLink('README.md', `docs/deployment.md${'#'}no-such-heading`)).toMatch(/no heading/);
    expect(brokenLink('docs/deployment.md', '../../outside/notes.md')).toMatch(/out of the repository/);
    expect(brokenLink('docs/deployment.md', 'configuration.md#site_url-and-host')).toBeNull();
    expect(brokenLink('docs/owner-guide.md', 'development.md#the-cluster-step')).toBeNull();
  });

  it('keeps the README under 12 KB', () => {
    expect(statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(12_288);
  });
});

/** The settings named in the first column of docs/configuration.md's "Settings" table. */
function settingsTable(): string[] {
  const section = read('docs/configuration.md')
    .split(/^## /m)
    .find((s) => s.startsWith('Settings'));
  return [...(section ?? '').matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
}

/** `.env.example`: each setting's line, commented out (`# NAME=…`, unset by default) or not. */
function envExample(): { name: string; value: string; commented: boolean }[] {
  return [...read('.env.example').matchAll(/^(# )?([A-Z0-9_]+)=(.*)$/gm)].map((m) => ({
    name: m[2],
    value: m[3],
    commented: Boolean(m[1]),
  }));
}

describe('the settings', () => {
  const sorted = [...SETTING_NAMES].sort();

  it('are each one row of the table in docs/configuration.md', () => {
    const rows = settingsTable();
    expect([...rows].sort()).toEqual(sorted);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('are each listed once in .env.example', () => {
    const names = envExample().map((e) => e.name);
    expect([...names].sort()).toEqual(sorted);
  });

  it('have their default as the value .env.example gives', () => {
    const defaults = parseEnv({});
    for (const { name, value } of envExample().filter((e) => !e.commented))
      expect(parseEnv({ [name]: value }), `${name}=${value}`).toEqual(defaults);
  });
});
