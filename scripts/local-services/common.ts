/**
 * What the local PostgreSQL and Redis of the tests and benchmarks share: a free port, the
 * unprivileged user a database server must run as when we are root, Debian's packages installed
 * the way scripts/test.ts installs Chromium, and a child process that is stopped with its data.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run test:unit` (TEST_SERVICES=none) runs without PostgreSQL, Redis and nginx: a test that
 * starts one there lacks the `services` tag (vitest.config.ts) that leaves it out, and fails saying so.
 */
export function refuseWithoutServices(what: string): void {
  if (process.env.TEST_SERVICES === 'none')
    throw new Error(
      `A test started ${what} in a run without services (TEST_SERVICES=none, npm run test:unit): tag it \`services\` (vitest.config.ts)`,
    );
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Installs Debian packages when they are missing and we are root with apt; false when we cannot. */
export function aptInstall(packages: string[]): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`\n▶ installing Debian ${packages.join(', ')} for the tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  return r.status === 0;
}

/**
 * PostgreSQL refuses to run as root: as root, servers run as this account (Debian's package makes
 * `postgres`; `nobody` otherwise). Undefined when we are not root (then we run as ourselves).
 */
export function serviceAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('running as root, and no postgres or nobody account to run the database server as');
}

/** A temporary directory the service account owns. */
export function serviceDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const account = serviceAccount();
  if (account) chownSync(dir, account.uid, account.gid);
  return dir;
}

/** Polls `ready` until it answers true, or fails after `ms` (a server that never comes up). */
export async function waitUntil(
  what: string,
  ready: () => Promise<boolean>,
  child: ChildProcess,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} while starting`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not come up in ${ms / 1000} s`);
}

/** Starts a server process as the service account; its output is kept for the error message. */
export function spawnService(
  cmd: string,
  args: string[],
  cwd: string,
): { child: ChildProcess; output: () => string } {
  const account = serviceAccount();
  let output = '';
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...account });
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  return { child, output: () => output };
}

/** Stops the server (SIGINT: PostgreSQL's fast shutdown; Redis saves nothing here) and removes its files. */
export async function stopService(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  }
  rmSync(dir, { recursive: true, force: true });
}
