import os from 'node:os';
import path from 'node:path';

/**
 * How the production server process is started (`npm start`, `npm run serve`, the benchmarks and
 * the end-to-end tests all go through here). Two settings have to be in place before Node starts,
 * so the launcher replaces itself (same process id, same stdio) with
 * `node <flags> src/server/main.ts`:
 *
 * - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own heap arena (V8's helper
 *   threads, libuv's pool, the Markdown worker) and keeps what each arena ever held; two arenas are
 *   plenty for one event loop and save tens of megabytes.
 * - --max-semi-space-size=8: V8 otherwise lets the young generation grow to 32 MB and keeps it after
 *   any burst of allocation (start-up, first renders); 8 MB still collects a request's garbage
 *   young.
 * - NODE_COMPILE_CACHE: Node keeps each module's type-stripped and compiled code on disk (in its own
 *   default place, the system's temporary folder), so a restart neither strips the types of the
 *   server's few hundred .ts files again nor compiles them: a restart answers its first page about
 *   0.3 s sooner (docs/performance.md, startup). The render and music threads inherit it.
 *
 * Settings given by the caller (environment, node flags) win. Without process.execve (Windows), the
 * server simply runs in this process with Node's defaults.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
export const SERVER_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache'),
};

export const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/** The server's command line and environment, from this process's (the caller's settings last, so they win). */
export function serverCommand(
  execPath: string,
  execArgv: readonly string[],
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [execPath, ...SERVER_NODE_FLAGS, ...execArgv, MAIN, ...argv.slice(2)],
    env: { ...SERVER_ENV, ...env },
  };
}

export async function runServer(): Promise<void> {
  if (typeof process.execve === 'function') {
    const { args, env } = serverCommand(process.execPath, process.execArgv, process.argv, process.env);
    try {
      process.execve(process.execPath, args, env);
    } catch {
      /* not replaced: serve from this process */
    }
  }
  const { main } = await import('../main.ts');
  await main();
}
