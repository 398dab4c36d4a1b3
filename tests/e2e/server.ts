import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type Started = { url: string; child: ChildProcess; dataDir: string; output: () => string };

/**
 * Starts the built server as `npm run serve` does (src/server/cli/serve.ts, which becomes
 * `node <flags> src/server/main.ts`) on an ephemeral port with its own DATA_DIR and resolves once it
 * says where it listens.
 */
export function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<Started> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'blog-e2e-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'src/server/cli/serve.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Admin12345',
      LOG_LEVEL: 'warn',
      // No background check of the demo's friend links: tests send traffic only to 127.0.0.1.
      LINK_CHECK_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Blog listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, dataDir: dir, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/** Sends a signal and resolves with the exit code and how long the exit took. */
export function stopServer(
  s: Started,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    if (s.child.exitCode !== null) return resolve({ code: s.child.exitCode, ms: 0 });
    s.child.once('exit', (code) => resolve({ code, ms: Date.now() - t0 }));
    s.child.kill(signal);
  });
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request to a server at `base` with exactly these headers (Host included: none is added, and UTF-8
 * goes out raw as curl sends it) over a fresh connection, optionally from another loopback source
 * address: what a browser would never let a page send.
 */
export function rawRequest(
  base: string,
  path: string,
  given: Record<string, string>,
  { method = 'GET', localAddress }: { method?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  const { port } = new URL(base);
  // Node writes header strings as latin1: re-encoded, UTF-8 goes out byte for byte.
  const headers = Object.fromEntries(
    Object.entries(given).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('latin1')]),
  );
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, headers, localAddress, agent: false, setHost: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
