/**
 * Requests for the cluster test: to one process directly (`node(0)`, `node(1)`: each process's own
 * address, an alias of the site) or through nginx (`proxy()`), with the API's envelope read back.
 * A request may name the visitor's address (X-Forwarded-For, read with TRUST_PROXY): each test user
 * registers from an address of its own, so the per-address limits never meet across tests.
 */
import { inject } from 'vitest';
import { CLUSTER_ADMIN } from '../../scripts/local-services/cluster.ts';

export const node = (i: number) => inject('cluster').nodes[i];
export const proxy = () => inject('cluster').proxy;
export const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;

export type Answer = { status: number; json: any; headers: Headers };

let addresses = 0;
/** An address no other request of this run has used (10.21.x.y; a fresh set per file). */
export const freshIp = () =>
  `10.${21 + Math.floor(Math.random() * 200)}.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

export async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  opts: { token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url}: not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, json, headers: res.headers };
}

export type TestUser = { id: number; username: string; token: string; ip: string };

export async function login(base: string, username: string, password: string, ip = freshIp()) {
  return call(base, 'POST', '/api/user/login', { username, password }, { ip });
}

/** A new ordinary user, registered on `base` from an address of its own, and a token for them. */
export async function newUser(base: string, password = 'Passw0rd!'): Promise<TestUser> {
  const ip = freshIp();
  const username = `c${Math.random().toString(36).slice(2, 10)}`;
  const reg = await call(
    base,
    'POST',
    '/api/user/register',
    { username, password, nick_name: username },
    { ip },
  );
  if (reg.json.code !== 0) throw new Error(`register: ${JSON.stringify(reg.json)}`);
  const res = await login(base, username, password, ip);
  if (res.json.code !== 0) throw new Error(`login: ${JSON.stringify(res.json)}`);
  return { id: res.json.result.id, username, token: res.json.result.token, ip };
}

/** A token of the cluster's admin, signed by the process at `base`. */
export async function adminToken(base: string): Promise<string> {
  const res = await login(base, CLUSTER_ADMIN.username, CLUSTER_ADMIN.password);
  if (res.json.code !== 0) throw new Error(`admin login: ${JSON.stringify(res.json)}`);
  return res.json.result.token;
}

/** Polls `check` until it holds or `ms` passes; returns the last value for the assertion. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
