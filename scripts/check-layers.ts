/**
 * `npm test -- lint` runs this after Biome: the import directions and the file-size budget
 * (docs/decisions/0002-layer-check.md), checked over the real import graph of src/.
 *
 *   pages, components, layouts, api, chat, music → services → db
 *   api (/api) and music (/wapi) → http (their shared kit: envelope, routing, write guard, context);
 *   neither app imports the other nor db, chat neither; the seed never imports the CLI
 *   chrome, islands → stores → browser → lib;  src/lib imports nothing but src/lib (and packages)
 *   chrome and islands never import each other: what both use is in src/browser (the browser-only
 *   helpers: element lookups, storage, mounting a pane), which imports neither; the one way the chrome
 *   reaches an island is the dynamic import() of the pane it opens (loaded when first opened)
 *   src/lib uses no DOM global at runtime (document, window, storage …): the server and the unit
 *   tests import it without a DOM; code that needs one is in src/browser
 *   admin (the console) → islands, stores, lib; nothing outside /admin imports it; its kit and
 *   editor import no feature (src/admin/features)
 *
 * A rule names a folder and the folders its files must not import (type-only imports count too: a
 * type from the wrong layer is the first step of a value from it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

/** Files allowed past MAX_LINES: data, not code. */
const DATA_FILES = new Set<string>([]);
const MAX_LINES = 400;

const SERVER_OUTSIDE_SERVICES = [
  'server/api',
  'server/chat',
  'server/music',
  'server/http',
  'server/cli',
  'server/dev',
];
const CLIENT = ['chrome', 'islands', 'browser', 'stores', 'components', 'layouts', 'pages', 'admin'];

/**
 * The owner console (src/admin, its pages under src/pages/admin and its API calls under
 * src/lib/api/admin) loads only on /admin: no visitor code may import it, so the visitor pages'
 * JavaScript never grows with it.
 */
const CONSOLE = ['admin', 'lib/api/admin'];

/** [folder, folders it must not import]; folders are relative to src/, the longest match wins. */
const RULES: [string, string[]][] = [
  [
    'lib',
    [
      'browser',
      'stores',
      'islands',
      'chrome',
      'components',
      'layouts',
      'pages',
      'server',
      'middleware.ts',
      ...CONSOLE,
    ],
  ],
  [
    'lib/api/admin',
    ['browser', 'stores', 'islands', 'chrome', 'components', 'layouts', 'pages', 'server', 'admin'],
  ],
  // The browser-only helpers the chrome and the islands share: below both (and below the stores).
  ['browser', ['stores', 'islands', 'chrome', 'components', 'layouts', 'pages', 'server', ...CONSOLE]],
  ['stores', ['islands', 'chrome', 'components', 'layouts', 'pages', 'server', ...CONSOLE]],
  ['chrome', ['islands', 'pages', 'layouts', 'server', ...CONSOLE]],
  ['islands', ['chrome', 'components', 'layouts', 'pages', 'server', ...CONSOLE]],
  ['components', ['pages', 'server/db', 'server/api', ...CONSOLE]],
  ['layouts', ['pages', 'server/db', 'server/api', ...CONSOLE]],
  ['pages', ['server/db', 'server/api', ...CONSOLE]],
  // The console: islands-like (stores, lib, the site's shared islands such as the login dialog),
  // never the server nor the visitor pages' markup.
  ['admin', ['pages', 'layouts', 'components', 'chrome', 'server']],
  // The console's shared parts know no feature: a feature is added or removed in its folder alone.
  ['admin/kit', ['pages', 'layouts', 'components', 'chrome', 'server', 'admin/features']],
  ['admin/editor', ['pages', 'layouts', 'components', 'chrome', 'server', 'admin/features']],
  ['pages/admin', ['server', 'layouts', 'components']],
  ['server/core', ['server/services', 'server/db', ...SERVER_OUTSIDE_SERVICES, ...CLIENT]],
  // The database layer knows nothing above it: the bootstrap that migrates, creates the admin and
  // seeds lives in server/boot and server/seed.
  [
    'server/db',
    [
      'server/services',
      'server/boot',
      'server/seed',
      'server/core',
      'server/uploads',
      ...SERVER_OUTSIDE_SERVICES,
      ...CLIENT,
    ],
  ],
  ['server/services', [...SERVER_OUTSIDE_SERVICES, ...CLIENT]],
  // The two HTTP apps reach the database only through services, and neither imports the
  // other: what both need is in server/http (their kit) or below.
  ['server/api', ['server/db', 'server/music', 'server/cli', 'server/dev', 'server/seed', ...CLIENT]],
  ['server/music', ['server/db', 'server/api', 'server/cli', 'server/dev', 'server/seed', ...CLIENT]],
  ['server/chat', ['server/db', 'server/api', 'server/music', 'server/cli', 'server/dev', ...CLIENT]],
  // The kit of both apps: nothing of either, nor the database.
  [
    'server/http',
    [
      'server/db',
      'server/api',
      'server/music',
      'server/chat',
      'server/cli',
      'server/dev',
      'server/seed',
      ...CLIENT,
    ],
  ],
  // The demo seed runs at boot (boot/database.ts): what it shares with the CLI lives in services.
  [
    'server/seed',
    ['server/cli', 'server/api', 'server/music', 'server/chat', 'server/http', 'server/dev', ...CLIENT],
  ],
  // The shared Redis client sits beside core: core's shared limits use it, it knows
  // nothing above.
  [
    'server/redis',
    ['server/services', 'server/db', 'server/boot', 'server/seed', ...SERVER_OUTSIDE_SERVICES, ...CLIENT],
  ],
  ['server', CLIENT],
];

const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/**
 * The chrome opens the islands' panes (the login dialog, search, the chat panel, the player …): it
 * loads each with a dynamic import() when first opened, its one way to an island; any other import of
 * an island (a helper, a type, a stylesheet) belongs in src/browser.
 */
const LAZY_PANES: [from: string, to: string] = ['chrome', 'islands'];

/**
 * The DOM globals src/lib must not use at runtime (it runs on the server and in the unit tests
 * without a DOM). Comments and strings are left out first: the theme bootstrap is a script kept as a
 * string for the server to hash, and a doc comment may name a global.
 */
const DOM_GLOBAL =
  /\b(?:document|window|navigator)\s*\.|\b(?:localStorage|sessionStorage|HTMLElement\w*|addEventListener)\b/;
const COMMENT_OR_STRING =
  /\/\*[\s\S]*?\*\/|\/\/.*|`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name)) yield full;
  }
}

/** The src-relative path an import points at, or null for a package. */
function target(from: string, spec: string): string | null {
  if (spec.startsWith('#server/')) return path.join('server', spec.slice('#server/'.length));
  if (!spec.startsWith('.')) return null;
  return path.relative(src, path.resolve(path.dirname(from), spec));
}

const inside = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

function ruleFor(file: string): [string, string[]] | undefined {
  return RULES.filter(([folder]) => inside(file, folder)).sort((a, b) => b[0].length - a[0].length)[0];
}

const problems: string[] = [];
for (const full of files(src)) {
  const file = path.relative(src, full);
  const text = readFileSync(full, 'utf8');
  const lines = text.split('\n').length;
  if (lines > MAX_LINES && !DATA_FILES.has(file))
    problems.push(`src/${file}: ${lines} lines (budget ${MAX_LINES}: split it by reason to change)`);
  if (inside(file, 'lib')) {
    const code = text.replace(COMMENT_OR_STRING, '');
    const global = code.match(DOM_GLOBAL)?.[0];
    if (global)
      problems.push(`src/${file} uses ${global}: src/lib runs without a DOM (move it to src/browser)`);
  }
  const rule = ruleFor(file);
  if (!rule) continue;
  for (const [, keyword, spec] of text.matchAll(IMPORT)) {
    const to = target(full, spec);
    if (!to) continue;
    const banned = rule[1].find((folder) => inside(to, folder));
    const lazyPane = keyword.startsWith('import') && keyword.includes('(') && inside(file, LAZY_PANES[0]);
    if (banned && !(lazyPane && banned === LAZY_PANES[1]))
      problems.push(`src/${file} imports ${spec}: ${rule[0]}/ must not import ${banned}/`);
  }
}

if (problems.length) {
  console.error(`✖ layers and sizes (CONTRIBUTING.md):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('✓ layers and sizes: every import follows the directions, every file is within budget');
