/**
 * `npm test`: lint (Biome, the import directions and file sizes of scripts/check-layers.ts, knip),
 * types (astro check), unit and API tests (vitest), then the build and the browser tests (Playwright
 * with Debian's Chromium). Stops at the first failing step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(title: string, cmd: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(r.status ?? 1);
  }
}

/** CHROMIUM_PATH, else Debian's chromium, else install it with apt when we can. */
function chromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('\n▶ installing Debian chromium for the browser tests');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    '\n✖ No Chromium for the browser tests. Install one (Debian: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium/Chrome binary.',
  );
  process.exit(1);
}

const only = process.argv[2];
if (!only || only === 'lint') {
  run('lint (biome)', bin('biome'), ['check', '.']);
  run('layers and sizes', process.execPath, [path.join(root, 'scripts/check-layers.ts')]);
  run('dead code (knip)', bin('knip'), []);
}
if (!only || only === 'check') run('types (astro check)', bin('astro'), ['check']);
if (!only || only === 'unit') run('unit and API tests (vitest)', bin('vitest'), ['run']);
if (!only || only === 'e2e') {
  const browser = chromium();
  run('build', bin('astro'), ['build']);
  run('browser tests (playwright)', bin('playwright'), ['test'], { CHROMIUM_PATH: browser });
}
