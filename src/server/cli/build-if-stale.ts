import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under the given paths (files or folders), skipping src/server. */
function newestMtime(root: string, entries: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      // Server modules stay outside the page bundle (astro.config.mjs), so they never need a rebuild.
      if (p === path.join(root, 'src', 'server')) return;
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const e of entries) visit(path.join(root, e));
  return newest;
}

/** Runs `astro build` when dist is missing or older than the sources it is built from. */
export function buildIfStale(root: string, log = console.log): boolean {
  const entry = path.join(root, 'dist', 'server', 'entry.mjs');
  let built = 0;
  try {
    built = statSync(entry).mtimeMs;
  } catch {
    /* never built */
  }
  const sources = newestMtime(root, ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']);
  if (built && built >= sources) return false;
  log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  const result = spawnSync(astro, ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  return true;
}
