import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startPostgres } from '../../scripts/local-services/postgres.ts';
import { ROOT, rawRequest, type Started, startServer, stopServer } from './server.ts';

/** Operations: the probes on the built server, and `npm start` stopped by a process manager. */

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

test('/healthz and /readyz answer for any Host, are never cached and never count as page views', async () => {
  const s = await startServer({ SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  try {
    const { host } = new URL(s.url);
    for (const [probe, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ok', checks: { database: 'ok' } }],
    ] as const) {
      // A probe names the machine's address (here a foreign name), not the site.
      for (const asked of [host, '10.0.0.7:4321']) {
        const r = await rawRequest(s.url, probe, { Host: asked, 'User-Agent': BROWSER_UA });
        expect(r.status, `${probe} ${asked}`).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(r.body)).toEqual(body);
      }
    }
    // A page for comparison: it is counted, the probes are not.
    expect((await rawRequest(s.url, '/home', { Host: host, 'User-Agent': BROWSER_UA })).status).toBe(200);
  } finally {
    // A graceful stop writes the views counted in memory (services/views/flush.ts).
    expect((await stopServer(s)).code).toBe(0);
  }
  const db = new DatabaseSync(path.join(s.dataDir, 'blog.db'), { readOnly: true });
  const { n } = db.prepare('SELECT coalesce(sum(views), 0) AS n FROM view_day').get() as { n: number };
  db.close();
  expect(n).toBe(1);
});

/** Every process below `pid` (children, grandchildren…), from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

test('`npm start` given SIGTERM stops the server gracefully: no process is left behind', async () => {
  test.setTimeout(120_000);
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'blog-npm-start-')),
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Admin12345',
      LINK_CHECK_HOURS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout.on('data', (d) => {
    out += d;
  });
  npm.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
  await expect.poll(() => /Blog listening on (\S+)/.exec(out)?.[1], { timeout: 90_000 }).toBeTruthy();
  const url = /Blog listening on (\S+)/.exec(out)?.[1] as string;
  const below = descendants(npm.pid as number);
  expect(below.length).toBeGreaterThan(0);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);

  try {
    // What a process manager does: signal the process it started (npm), not its children.
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"shutting down"');
    await expect.poll(() => below.filter(alive), { timeout: 15_000 }).toEqual([]);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  } finally {
    for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL');
  }
});

/** Five real servers started at once on one database (launched together, like a process manager). */
function fiveAtOnce(env: () => Record<string, string>, dataDir?: () => string): Promise<Started[]> {
  return Promise.all(
    Array.from({ length: 5 }, () => startServer({ LOG_LEVEL: 'warn', ...env() }, dataDir?.())),
  );
}

async function sameSite(servers: Started[]) {
  for (const s of servers) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  // A login through one process is good on every other (the signing key is the database's).
  const login = await fetch(`${servers[0].url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin12345' }),
  });
  const token = (await login.json()).result.token as string;
  for (const s of servers.slice(1)) {
    const r = await fetch(`${s.url}/api/user/getOwnStatistic`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await r.json()).code, s.url).toBe(0);
  }
}

test('five servers started at once on one SQLite data dir all come up, with one admin and one key', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-five-'));
  const servers = await fiveAtOnce(
    () => ({}),
    () => dataDir,
  );
  try {
    await sameSite(servers);
  } finally {
    for (const s of servers) expect((await stopServer(s)).code).toBe(0);
  }
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
  const { n } = db.prepare('SELECT count(*) AS n FROM user WHERE role = 1').get() as { n: number };
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  expect(n).toBe(1);
});

test('five servers started at once on one PostgreSQL, each with its own DATA_DIR, all come up as one site', async () => {
  test.setTimeout(180_000);
  const cluster = await startPostgres();
  const shared = mkdtempSync(path.join(tmpdir(), 'blog-five-shared-'));
  try {
    const url = await cluster.createDatabase('five');
    const servers = await fiveAtOnce(() => ({
      DATABASE_URL: url,
      UPLOADS_DIR: path.join(shared, 'uploads'),
      MUSIC_DIR: path.join(shared, 'music'),
    }));
    try {
      await sameSite(servers);
    } finally {
      for (const s of servers) expect((await stopServer(s)).code).toBe(0);
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from "user" where role = 1');
    await client.end();
    expect(rows[0].n).toBe(1);
    // The demo pictures went to the shared volume, once.
    expect(readdirSync(path.join(shared, 'uploads', 'demo')).length).toBeGreaterThan(0);
  } finally {
    await cluster.stop();
    rmSync(shared, { recursive: true, force: true });
  }
});
