import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { serviceUrl } from '../setup/database.ts';

/** Real processes and databases for the boot, secret and uploads tests. */

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A new empty database on the run's PostgreSQL (tests/setup/services.ts); returns its URL. */
export async function newPgDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serviceUrl('pgUrl') });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return serviceUrl('pgUrl').replace(/\/postgres$/, `/${name}`);
}

/** The environment of a child: this one's, without the blog's own settings, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'DATA_DIR', 'UPLOADS_DIR', 'MUSIC_DIR', 'PORT'])
    delete base[k];
  return { ...base, LOG_LEVEL: 'warn', ...env };
}

export type Finished = { code: number | null; out: string; err: string };

/**
 * `node <args>` as its own process from the project's folder, with `env` over this one's blog-free
 * environment; `onOut` hears its standard output as it comes.
 */
export function runNode(
  args: string[],
  env: Record<string, string> = {},
  onOut?: (outSoFar: string) => void,
): Promise<Finished> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv(env) });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
    onOut?.(out);
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

/** `npm run blog -- <args>` as its own process (node straight, as npm would run it). */
export const runCli = (args: string[], env: Record<string, string>) =>
  runNode([path.join(ROOT, 'src/server/cli/index.ts'), ...args], env);

/** Polls `check` until it is true; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
