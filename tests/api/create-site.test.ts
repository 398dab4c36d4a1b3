import { createHook } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createSite, type Site } from '../../src/server/root/create-site.ts';
import { databaseEnv } from '../setup/database.ts';
import { ADMIN } from './helpers.ts';

/**
 * The composition root (issue 32): a site is created, closed and created again in the same process,
 * on another data dir and database, and sees only its own data; its close leaves nothing running.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(name: string): Promise<Site> {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-site-'));
  dirs.push(dir);
  return createSite({
    env: {
      PORT: '0',
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      // No background check of friend links: tests send traffic only to 127.0.0.1.
      LINK_CHECK_HOURS: '0',
      ...(await databaseEnv()),
    },
    // No build needed: a page says which site rendered it.
    pages: (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${name}</p>`),
    clientDir: path.join(dir, 'no-client-build'),
  });
}

async function api(site: Site, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${site.url}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; result?: any };
}

const signIn = async (site: Site) =>
  (await api(site, 'POST', '/api/user/login', ADMIN)).result.token as string;

/**
 * The timers (unref'd ones too, which getActiveResourcesInfo does not list), sockets, servers, file
 * watches and workers the server's code makes from now on and that are not gone yet (Node's own and
 * the test's fetch client are not the site's).
 */
const KINDS = new Set(['Timeout', 'TCPWRAP', 'TCPSERVERWRAP', 'FSEVENTWRAP', 'STATWATCHER', 'WORKER']);
function track() {
  const live = new Map<number, string>();
  const init = (id: number, type: string) => {
    if (!KINDS.has(type)) return;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const at = stack.split('\n').find((line) => line.includes('/src/server/'));
    if (at) live.set(id, `${type} ${at.trim()}`);
  };
  const hook = createHook({ init, destroy: (id) => void live.delete(id) }).enable();
  return {
    /** What is still there now (destroy hooks are told a turn or more after a close). */
    left: () => [...live.values()].sort(),
    stop: () => void hook.disable(),
  };
}

it('two sites one after the other: each sees only its own data, and closing leaves nothing open', async () => {
  const made = track();

  const a = await start('甲');
  const tokenA = await signIn(a);
  expect((await api(a, 'POST', '/api/todo/add', { content: '只在甲站' }, tokenA)).code).toBe(0);
  const listA = await api(a, 'GET', '/api/todo/list', undefined, tokenA);
  expect(listA.result.map((t: { content: string }) => t.content)).toEqual(['只在甲站']);
  expect(await (await fetch(`${a.url}/`)).text()).toContain('甲');
  await a.close();

  const b = await start('乙');
  expect(b.config.dataDir).not.toBe(a.config.dataDir);
  // A's token: signed with A's key, which B never had.
  expect((await api(b, 'GET', '/api/todo/list', undefined, tokenA)).code).not.toBe(0);
  const tokenB = await signIn(b);
  expect((await api(b, 'GET', '/api/todo/list', undefined, tokenB)).result).toEqual([]);
  // No page of A's is served from this process's page cache.
  expect(await (await fetch(`${b.url}/`)).text()).toContain('乙');
  await b.close();

  // Every timer, socket, watch and worker of both sites is gone (polled: a socket closed by the
  // close is destroyed a few turns later, later still on a loaded machine).
  await expect.poll(made.left).toEqual([]);
  made.stop();
});
