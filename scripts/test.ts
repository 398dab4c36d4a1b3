/**
 * `npm test`: every step below in turn, stopping at the first that fails; `npm test -- <step>` runs
 * one, and the `test:*` scripts of package.json name the ones a contributor runs alone:
 *
 * - lint: Biome, the import directions and file sizes of scripts/check-layers.ts, the commit subjects
 *   of scripts/check-commits.ts, knip;
 * - check: types (astro check);
 * - unit (`npm run test:unit`): the unit tests and the API suite on SQLite, without PostgreSQL, Redis,
 *   nginx, Chromium or root, and in a few minutes: the tests tagged `services` or `slow`
 *   (vitest.config.ts says which and why) are left out;
 * - postgres (`npm run test:postgres`): the API suite again on a throw-away PostgreSQL (with Redis
 *   where a test asks for it), and the SQLite tests the unit step left out;
 * - e2e (`npm run test:e2e`): the build and the browser tests (Playwright with Debian's Chromium);
 * - cluster (`npm run test:cluster`): two built servers on one PostgreSQL and Redis behind nginx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureCjkFont } from './local-services/fonts.ts';
import { ensureNginx } from './local-services/nginx.ts';
import { ensurePostgres } from './local-services/postgres.ts';
import { ensureRedis } from './local-services/redis.ts';

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

/** PostgreSQL and Redis for the tests that need them, installed like Chromium when missing. */
function databases(): void {
  if (!ensurePostgres()) {
    console.error(
      '\n✖ No PostgreSQL for the tests. Install it (Debian: `sudo apt-get install postgresql`) or set PG_BIN to the folder holding initdb and postgres.',
    );
    process.exit(1);
  }
  if (!ensureRedis()) {
    console.error(
      '\n✖ No Redis for the tests. Install it (Debian: `sudo apt-get install redis-server`) or set REDIS_SERVER to a redis-server binary.',
    );
    process.exit(1);
  }
}

/** The cluster test's proxy. */
function proxy(): void {
  if (!ensureNginx()) {
    console.error(
      '\n✖ No nginx for the cluster test. Install it (Debian: `sudo apt-get install nginx`) or set NGINX_BIN to an nginx binary.',
    );
    process.exit(1);
  }
}

/**
 * The test files that tag a test (or themselves) `services` or `slow`: the postgres step's SQLite
 * run loads only these, since vitest imports a file to find its tagged tests (every file: minutes).
 * Any file naming a tag is taken: one too many costs a few seconds, one missed would never run.
 */
function filesTaggedLeftOut(): string[] {
  const TAG = /@module-tag (services|slow)\b|'(services|slow)'/;
  return ['tests/unit', 'tests/api']
    .flatMap((dir) => readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}`))
    .filter((file) => file.endsWith('.test.ts') && TAG.test(readFileSync(path.join(root, file), 'utf8')));
}

const STEPS = ['lint', 'check', 'unit', 'postgres', 'e2e', 'cluster'];
const only = process.argv[2];
if (only && !STEPS.includes(only)) {
  console.error(`\n✖ No step "${only}": ${STEPS.join(', ')} (or none for all of them).`);
  process.exit(1);
}
const vitest = bin('vitest');
if (!only || only === 'lint') {
  run('lint (biome)', bin('biome'), ['check', '.']);
  run('layers and sizes', process.execPath, [path.join(root, 'scripts/check-layers.ts')]);
  run('commit subjects', process.execPath, [path.join(root, 'scripts/check-commits.ts')]);
  run('dead code (knip)', bin('knip'), []);
}
if (!only || only === 'check') run('types (astro check)', bin('astro'), ['check']);
if (!only || only === 'unit') {
  // TEST_SERVICES=none: the global setup starts no PostgreSQL or Redis, and a test that starts one
  // anyway fails, naming the tag it lacks (scripts/local-services/common.ts). Three workers on two
  // cores: many of these tests wait on a process, a socket or a timer rather than compute.
  run(
    'unit and SQLite API tests (vitest)',
    vitest,
    ['run', '--project', 'sqlite', '--tags-filter=!services && !slow', '--max-workers=3'],
    { TEST_SERVICES: 'none' },
  );
}
if (!only || only === 'postgres') {
  databases();
  run('API tests on PostgreSQL (vitest)', vitest, ['run', '--project', 'postgres']);
  run('SQLite tests the unit step leaves out (vitest)', vitest, [
    'run',
    '--project',
    'sqlite',
    '--tags-filter=services || slow',
    ...filesTaggedLeftOut(),
  ]);
}
if (!only || only === 'e2e') {
  // Five servers on one PostgreSQL, and a server on it (tests/e2e/ops.spec.ts).
  databases();
  const browser = chromium();
  // Where a title wraps depends on the font (tests/e2e/looks.spec.ts): a reader's Chinese one.
  if (!ensureCjkFont()) {
    console.error(
      '\n✖ No Chinese font for the browser tests. Install one (Debian: `sudo apt-get install fonts-noto-cjk`).',
    );
    process.exit(1);
  }
  run('build', bin('astro'), ['build']);
  run('browser tests (playwright)', bin('playwright'), ['test'], { CHROMIUM_PATH: browser });
}
// Two built server processes on one PostgreSQL and Redis behind nginx (tests/cluster;
// its setup builds when the build is missing or stale, so `npm test -- cluster` runs alone too).
if (!only || only === 'cluster') {
  databases();
  proxy();
  run('cluster test (vitest)', vitest, ['run', '--config', 'vitest.cluster.config.ts']);
}
