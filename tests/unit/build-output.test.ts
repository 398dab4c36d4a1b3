import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * A build from this tree, into a folder of its own: it prints no warning, and the browser code holds
 * each library once. Mermaid (the article's diagrams and the console editor's preview) was emitted
 * twice, a visitor's copy and the console's (src/server/build/console-bundle.mjs), each file then
 * precompressed twice more.
 * @module-tag slow
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(tmpdir(), 'blog-build-'));
let log = '';
let assets: string[] = [];

beforeAll(() => {
  const astro = path.join(ROOT, 'node_modules', '.bin', 'astro');
  const run = spawnSync(astro, ['build', '--outDir', out], { cwd: ROOT, encoding: 'utf8' });
  log = `${run.stdout}${run.stderr}`;
  expect(run.status, log).toBe(0);
  const dir = path.join(out, 'client', '_astro');
  assets = readdirSync(dir).map((name) => path.join(dir, name));
}, 600_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('astro build', () => {
  test('prints no warning', () => {
    const warnings = log.split('\n').filter((line) => /\bwarn(ing)?\b|\(!\)/i.test(line));
    expect(warnings).toEqual([]);
  });

  test('emits no file twice: no two scripts of more than 1 KB have the same bytes', () => {
    const byHash = new Map<string, string[]>();
    for (const file of assets.filter((f) => f.endsWith('.js') && statSync(f).size > 1024)) {
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      byHash.set(hash, [...(byHash.get(hash) ?? []), path.basename(file)]);
    }
    expect([...byHash.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  test("mermaid's drawer and its largest chunk are emitted once", () => {
    const names = assets.map((f) => path.basename(f));
    expect(names.filter((n) => /^diagrams\.[\w-]+\.js$/.test(n))).toHaveLength(1);
    expect(names.filter((n) => /^flowDiagram-\w+\.[\w-]+\.js$/.test(n))).toHaveLength(1);
  });
});
