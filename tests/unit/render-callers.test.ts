import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No reader's request starts a Markdown render (docs/decisions/0005-render-pool-and-budget.md): the
 * render pool is asked only by what the owner waits for (a save, an import, the console's preview)
 * and by the upkeep job. Any other caller would put a render back on a reader's path.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

const callers = (pattern: RegExp) =>
  files(SRC)
    .filter((f) => /\.(ts|tsx|astro)$/.test(f) && pattern.test(readFileSync(f, 'utf8')))
    .map((f) => path.relative(SRC, f))
    .sort();

describe('who renders Markdown', () => {
  it('only saves, imports, the preview and the upkeep job ask the render pool', () => {
    expect(callers(/\brenderInWorker\(/)).toEqual([
      'server/services/article-html.ts',
      'server/services/articles/rendering-upkeep.ts',
      'server/services/articles/rendering.ts',
      'server/services/render-pool.ts',
    ]);
    // The preview, only from the console's preview route.
    expect(callers(/\brenderPreview\(/)).toEqual([
      'server/api/articles-admin.ts',
      'server/services/article-html.ts',
    ]);
    // The pipeline itself loads only in the render threads (types aside).
    expect(callers(/^import (?!type )[^;]*from '[./]*markdown\.ts'/m)).toEqual([
      'server/services/markdown-worker.ts',
      'server/services/render-locate-worker.ts',
    ]);
  });
});
