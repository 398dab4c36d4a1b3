import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { devServer } from '../../src/server/dev/integration.mjs';

type Injected = { pattern: string; entrypoint: URL | string };

function injected(command: 'dev' | 'build' | 'preview'): Injected[] {
  const routes: Injected[] = [];
  const setup = devServer().hooks['astro:config:setup'] as unknown as (o: object) => void;
  setup({ command, injectRoute: (r: Injected) => routes.push(r) });
  return routes;
}

describe('the /api, /wapi and /uploads forwarding routes', () => {
  it('exist in `astro dev` only, never in a build (where `/x/../api/…` could reach them)', () => {
    expect(injected('build')).toEqual([]);
    expect(injected('preview')).toEqual([]);
    const dev = injected('dev');
    expect(dev.map((r) => r.pattern).sort()).toEqual([
      '/api/[...path]',
      '/uploads/[...path]',
      '/wapi/[...path]',
    ]);
    for (const r of dev) expect(existsSync(fileURLToPath(r.entrypoint)), String(r.entrypoint)).toBe(true);
  });

  it('are not page files either', () => {
    const pages = path.resolve(import.meta.dirname, '../../src/pages');
    const names = readdirSync(pages, { recursive: true }).map(String);
    expect(names.filter((n) => /^(api|wapi|uploads)\b/.test(n))).toEqual([]);
  });
});
