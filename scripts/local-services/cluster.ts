/**
 * Several built server processes on one PostgreSQL and one Redis behind nginx, on this machine:
 * the cluster test (tests/cluster) and benchmark (bench/cluster.ts). Each process is started the way
 * the Docker image starts it (SERVER_COMMAND: `node src/server/cli/serve.ts`, which becomes the
 * server through src/server/cli/launch.ts) with the settings of `appEnv`, which compose.yaml's app
 * services carry too (tests/unit/deploy.test.ts compares them), plus the few of HARNESS_ENV.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './common.ts';
import { startNginx } from './nginx.ts';
import { type LocalPostgres, startPostgres } from './postgres.ts';
import { type LocalRedis, startRedis } from './redis.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The app's command (the Dockerfile's CMD); `node` is this Node here. */
export const SERVER_COMMAND = ['node', 'src/server/cli/serve.ts'];

/** The admin the cluster's first start creates (compose.yaml takes the password from its environment). */
export const CLUSTER_ADMIN = { username: 'admin', password: 'Admin12345' };

type AppSettings = {
  host: string;
  port: number;
  siteUrl: string;
  dataDir: string;
  uploadsDir: string;
  musicDir: string;
  databaseUrl: string;
  redisUrl: string;
  adminUsername: string;
  adminPassword: string;
};

/**
 * What every app process of a cluster is given: its address, the public origin (the proxy's), its
 * own DATA_DIR, and what all of them share (the uploads and music folders, the database, which also
 * holds the signing key, and Redis); behind the proxy, X-Forwarded-For is the client's address.
 */
export function appEnv(s: AppSettings): Record<string, string> {
  return {
    HOST: s.host,
    PORT: String(s.port),
    SITE_URL: s.siteUrl,
    DATA_DIR: s.dataDir,
    UPLOADS_DIR: s.uploadsDir,
    MUSIC_DIR: s.musicDir,
    DATABASE_URL: s.databaseUrl,
    REDIS_URL: s.redisUrl,
    TRUST_PROXY: 'true',
    ADMIN_USERNAME: s.adminUsername,
    ADMIN_PASSWORD: s.adminPassword,
  };
}

/**
 * Settings only the local harness adds, not a deployment: quiet logs; no background check of the
 * demo's friend links (the tests send traffic only to 127.0.0.1); and each process's own address as
 * an alias, so a test can reach one process directly (a deployment reaches them through the proxy).
 */
function harnessEnv(direct: string[]): Record<string, string> {
  return { LOG_LEVEL: 'warn', LINK_CHECK_HOURS: '0', SITE_ALIASES: direct.join(',') };
}

export type ClusterNode = { url: string; child: ChildProcess; dataDir: string; output: () => string };

export type Cluster = {
  /** The proxy's origin: every process's SITE_URL. */
  proxy: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  redisUrl: string;
  uploadsDir: string;
  /** The servers themselves, for the fault tests (a PostgreSQL restart, Redis stopped). */
  postgres: LocalPostgres;
  redis: LocalRedis;
  /** The settings process `i` was started with: a fault test starts one more the same way. */
  envOf(i: number): Record<string, string>;
  stop(): Promise<void>;
};

/**
 * Starts one server process; resolves once it says where it listens. `onOutput` sees its output as
 * it comes (a test waiting for a log line of a process that does not listen yet); `wrap` puts a
 * command around it (the full-disk test starts it with a small filesystem of its own:
 * tests/cluster/full-disk.test.ts).
 */
export function startNode(
  env: Record<string, string>,
  opts: { onOutput?: (out: string) => void; wrap?: (command: string[]) => string[] } = {},
): Promise<ClusterNode> {
  const [, script] = SERVER_COMMAND;
  // Not the test runner's NODE_ENV (vitest's `test`): a deployment leaves it unset, and the server
  // makes it `production` (src/server/runtime.ts). Nor a JWT_SECRET of the caller's shell: the
  // processes must find their signing key in the database.
  const { NODE_ENV: _env, JWT_SECRET: _secret, ...inherited } = process.env;
  const wrap = opts.wrap ?? ((command: string[]) => command);
  const [command, ...args] = wrap([process.execPath, path.join(ROOT, script)]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const onData = (chunk: Buffer) => {
      out = (out + chunk).slice(-20_000);
      opts.onOutput?.(out);
      const m = /Blog listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, dataDir: env.DATA_DIR, output: () => out });
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

export function stopNode(node: ClusterNode): Promise<void> {
  return new Promise((resolve) => {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill('SIGTERM');
  });
}

/**
 * A new PostgreSQL, Redis and uploads folder, `processes` servers started at the same instant on the
 * empty database (so their first start races for the migrations, the admin and the seed), and nginx
 * in front. `env` adds settings to every process (the benchmark lifts the per-address caps).
 */
export async function startCluster(
  opts: {
    processes?: number;
    nginxWorkers?: number | 'auto';
    durable?: boolean;
    env?: Record<string, string>;
    /** Settings of process `i` alone (a fault test gives one process its Redis through a proxy). */
    nodeEnv?: (i: number, shared: { redisUrl: string; databaseUrl: string }) => Record<string, string>;
  } = {},
): Promise<Cluster> {
  const count = opts.processes ?? 2;
  const [pg, redis] = await Promise.all([startPostgres({ durable: opts.durable }), startRedis()]);
  const stops: (() => Promise<void>)[] = [() => pg.stop(), () => redis.stop()];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  try {
    const databaseUrl = await pg.createDatabase('blog');
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const direct = ports.map((p) => `127.0.0.1:${p}`);
    const nginx = await startNginx({ upstreams: direct, workers: opts.nginxWorkers });
    stops.push(() => nginx.stop());
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'blog-uploads-'));
    const musicDir = mkdtempSync(path.join(tmpdir(), 'blog-music-'));
    const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'blog-node-')));
    stops.push(async () => {
      for (const d of [uploadsDir, musicDir, ...dataDirs]) rmSync(d, { recursive: true, force: true });
    });
    const envOf = (i: number) => ({
      ...appEnv({
        host: '127.0.0.1',
        port: ports[i],
        siteUrl: nginx.url,
        dataDir: dataDirs[i],
        uploadsDir,
        musicDir,
        databaseUrl,
        redisUrl: redis.url,
        adminUsername: CLUSTER_ADMIN.username,
        adminPassword: CLUSTER_ADMIN.password,
      }),
      ...harnessEnv(direct),
      ...opts.env,
      ...opts.nodeEnv?.(i, { redisUrl: redis.url, databaseUrl }),
    });
    const started = ports.map((_, i) => startNode(envOf(i)));
    const settled = await Promise.allSettled(started);
    const nodes = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    stops.push(async () => {
      await Promise.all(nodes.map(stopNode));
    });
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return {
      proxy: nginx.url,
      nodes,
      databaseUrl,
      redisUrl: redis.url,
      uploadsDir,
      postgres: pg,
      redis,
      envOf,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
