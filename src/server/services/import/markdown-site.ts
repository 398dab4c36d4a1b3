import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import YAML from 'yaml';

/**
 * Which blog a Markdown folder is the root of, and the settings of its own configuration that decide
 * its posts' addresses (docs/owner-guide.md#导入与导出): Hexo's and Jekyll's `_config.yml`, Hugo's
 * `hugo.toml` / `config.toml` (or .yaml, .yml, .json, also under config/_default/). A folder that is
 * none of them (a folder of posts alone, our own export) has no site: only the addresses the files
 * name themselves are kept.
 */

export type HexoSite = {
  kind: 'hexo';
  permalink: string;
  root: string;
  newPostName: string;
  defaultCategory: string;
  categoryMap: Record<string, string>;
  filenameCase: number;
  permalinkDefaults: Record<string, unknown>;
  /** The zone dates are shown in (Hexo's `timezone`; China time when none is set). */
  timezone: string;
};

export type HugoSite = {
  kind: 'hugo';
  contentDir: string;
  /** The path of `baseURL` (`/blog/` for a site under a folder). */
  basePath: string;
  /** Section (or `/` for the root) → pattern, for regular pages. */
  permalinks: Record<string, string>;
  uglyURLs: boolean;
};

export type JekyllSite = {
  kind: 'jekyll';
  permalink: string;
  baseurl: string;
  timezone?: string;
};

export type BlogSite = (HexoSite | HugoSite | JekyllSite) & { config: string };

const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() ?? false;
const isDir = async (dir: string) => (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;

async function readConfig(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, 'utf8');
  const name = path.basename(file);
  let parsed: unknown;
  try {
    parsed = name.endsWith('.toml')
      ? parseToml(text)
      : name.endsWith('.json')
        ? JSON.parse(text)
        : YAML.parse(text);
  } catch (err) {
    throw new Error(
      `${name} 无法读取（${(err instanceof Error ? err.message : String(err)).split('\n')[0]}）`,
    );
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

/** A key of Hugo's configuration, whose keys are case-insensitive. */
function key(obj: unknown, name: string): unknown {
  if (!obj || typeof obj !== 'object') return undefined;
  const found = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : (obj as Record<string, unknown>)[found];
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

/** Hugo's `[permalinks]`: `posts = '…'` (every kind) or `[permalinks.page]`, as Hugo reads them. */
function hugoPermalinks(value: unknown): Record<string, string> {
  const rules: Record<string, string> = {};
  if (Array.isArray(value)) {
    // The newest form: [[permalinks]] with a target path and a pattern.
    for (const r of value) {
      const target = key(r, 'target');
      const kind = String(key(target, 'kind') ?? 'page').toLowerCase();
      const where = String(key(target, 'path') ?? '').replace(/\/\*\*$|\{.*$/, '');
      const pattern = key(r, 'pattern');
      if (kind === 'page' && typeof pattern === 'string')
        rules[where.replace(/^\/+|\/+$/g, '') || '/'] = pattern;
    }
    return rules;
  }
  if (!value || typeof value !== 'object') return rules;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') rules[k.replace(/^[\s/]+|[\s/]+$/g, '') || '/'] = v;
    else if (k.toLowerCase() === 'page' && v && typeof v === 'object')
      for (const [section, pattern] of Object.entries(v))
        if (typeof pattern === 'string') rules[section.replace(/^[\s/]+|[\s/]+$/g, '') || '/'] = pattern;
  }
  return rules;
}

const HUGO_NAMES = ['hugo', 'config'].flatMap((n) => ['toml', 'yaml', 'yml', 'json'].map((e) => `${n}.${e}`));

async function hugoSite(root: string): Promise<BlogSite | undefined> {
  let file: string | undefined;
  for (const dir of [root, path.join(root, 'config', '_default')])
    for (const name of HUGO_NAMES)
      if (!file && (await isFile(path.join(dir, name)))) file = path.join(dir, name);
  if (!file) return undefined;
  const cfg = await readConfig(file);
  const contentDir = text(key(cfg, 'contentDir'), 'content');
  if (!(await isDir(path.join(root, contentDir)))) return undefined;
  let permalinks = key(cfg, 'permalinks');
  // config/_default/permalinks.toml holds the same table on its own.
  for (const ext of ['toml', 'yaml', 'yml', 'json']) {
    const own = path.join(root, 'config', '_default', `permalinks.${ext}`);
    if (permalinks === undefined && (await isFile(own))) permalinks = await readConfig(own);
  }
  let basePath = '/';
  try {
    basePath = new URL(text(key(cfg, 'baseURL'), '/'), 'http://old.invalid/').pathname;
  } catch {}
  return {
    kind: 'hugo',
    config: path.relative(root, file),
    contentDir,
    basePath,
    permalinks: hugoPermalinks(permalinks),
    uglyURLs: key(cfg, 'uglyURLs') === true,
  };
}

/** The blog whose root `root` is, or undefined. */
export async function blogSite(root: string): Promise<BlogSite | undefined> {
  const hugo = await hugoSite(root);
  if (hugo) return hugo;
  const file = path.join(root, '_config.yml');
  if (!(await isFile(file))) return undefined;
  const cfg = await readConfig(file);
  if (await isDir(path.join(root, 'source'))) {
    return {
      kind: 'hexo',
      config: '_config.yml',
      permalink: text(cfg.permalink, ':year/:month/:day/:title/'),
      root: text(cfg.root, '/'),
      newPostName: text(cfg.new_post_name, ':title.md'),
      defaultCategory: text(cfg.default_category, 'uncategorized'),
      categoryMap: (cfg.category_map as Record<string, string>) ?? {},
      filenameCase: Number(cfg.filename_case) || 0,
      permalinkDefaults: (cfg.permalink_defaults as Record<string, unknown>) ?? {},
      timezone: text(cfg.timezone, 'Asia/Shanghai'),
    };
  }
  if (await isDir(path.join(root, '_posts')))
    return {
      kind: 'jekyll',
      config: '_config.yml',
      permalink: text(cfg.permalink, 'date'),
      baseurl: text(cfg.baseurl, ''),
      timezone: typeof cfg.timezone === 'string' ? cfg.timezone : undefined,
    };
  return undefined;
}

/** The folders of a blog that hold its posts (relative to its root). */
export function postFolders(site: BlogSite | undefined): string[] {
  if (site?.kind === 'hexo') return ['source/_posts', 'source/_drafts'];
  if (site?.kind === 'hugo') return [site.contentDir];
  if (site?.kind === 'jekyll') return ['_posts', '_drafts'];
  return [];
}
