import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createApiApp, MAX_BODY_BYTES } from '../../src/server/api/app.ts';
import { db } from '../../src/server/db/connection.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { signToken } from '../../src/server/services/auth.ts';
import * as links from '../../src/server/services/links.ts';
import * as messages from '../../src/server/services/messages.ts';
import { startMusic, stopMusic } from '../../src/server/services/music/service.ts';
import { ACCESS } from './access.ts';
import {
  API_ROUTES,
  casesFor,
  type FuzzCase,
  GATE,
  musicUploadCases,
  type Role,
  type RouteSpec,
  uploadCases,
  WAPI_LOCAL_ROUTES,
  WAPI_PROXY_ROUTES,
} from './fuzz-spec.ts';
import { PLAIN_LOOK, setupTestApi } from './helpers.ts';

/**
 * API fuzz: every route of /api and /wapi (local music service and the NeteaseCloudMusicApi proxy),
 * as visitor, user and admin, with broken bodies, wrong types in every field, huge strings, bad
 * numbers and odd Unicode in bodies, paths and queries. Whatever is sent: never a 5xx, never a stack
 * trace or a file path, always the envelope (JSON with code and message, a Chinese message on every
 * refusal), and a bad number in a numeric field never succeeds.
 *
 * Cases are generated deterministically (tests/api/fuzz-spec.ts). The clock is moved an hour ahead
 * before every case so the per-user, per-address and per-name limiters (which run on Date.now) start a
 * fresh window each time: the limits stay as they are, but they do not hide what comes after them.
 * Over 10,000 calls: not in `npm run test:unit` (vitest.config.ts).
 * @module-tag slow
 */

const ROLES: Role[] = ['visitor', 'user', 'admin'];

const api = setupTestApi({ seed: true });
const apiApp = createApiApp();
const localMusic = createMusicApp({ apiUrl: undefined });

/** Routes as Hono lists them: "METHOD /path" (ALL entries are middleware, except the proxy's catch-all). */
const routeKeys = (app: { routes: { method: string; path: string }[] }) => [
  ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
];

let upstream: http.Server;
let proxyMusic: ReturnType<typeof createMusicApp>;
let userId = 0;
const fixtures: Record<string, string | number> = {};
const sessions: Record<Role, string> = { visitor: '', user: '', admin: '' };
const stats = {
  cases: 0,
  calls: 0,
  byStatus: new Map<number, number>(),
  started: 0,
  cpu: process.cpuUsage(),
};

/** A music session cookie for a site user, as the QR login would leave it. */
async function musicSession(uid: number, cookie = ''): Promise<string> {
  const value = randomBytes(24).toString('base64url');
  await db
    .insertInto('music_session')
    .values({
      id: createHash('sha256').update(value).digest('hex'),
      user_id: uid,
      cookie,
      createdAt: new Date().toISOString(),
      expiresAt: '9999-12-31T00:00:00.000Z',
    })
    .execute();
  return `blog_music=${value}`;
}

/** A fresh token for the role (the user's token version moves on logout and password changes). */
async function tokenFor(role: Role): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  const row = await db
    .selectFrom('user')
    .select(['id', 'role', 'token_version'])
    .where('id', '=', role === 'admin' ? api.adminId : userId)
    .executeTakeFirstOrThrow();
  return signToken(row);
}

beforeAll(async () => {
  userId = (await api.user('fuzzuser')).id;
  // The demo library is written and scanned before the clock is faked.
  const lib = await startMusic();
  const song = [...lib.songs.values()][0];
  fixtures.song = song.id;
  const top = (await (await localMusic.request('/wapi/toplist/detail')).json()) as { list: { id: number }[] };
  fixtures.list = top.list[0].id;
  fixtures.uid = userId;
  // A guestbook message of the fuzz user, so the user's edit reaches past the ownership check.
  fixtures.message = await messages.addMessage(
    { message: '模糊测试的留言', ...PLAIN_LOOK },
    { userId, nickName: '模糊' },
  );
  // A friend link of the fuzz user, so the user's edit reaches past the ownership check.
  const link = await links.applyLink(
    { site_name: '模糊友链', site_desc: '', site_avatar: '', url: 'https://fuzz-edit.example' },
    { id: userId, nick_name: '模糊' },
  );
  if (!link.ok) throw new Error(link.reason);
  fixtures.link = link.id;
  const key = (await (await localMusic.request('/wapi/login/qr/key')).json()) as { data: { unikey: string } };
  fixtures.key = key.data.unikey;
  sessions.user = await musicSession(userId, 'MUSIC_U=fuzz-user');
  sessions.admin = await musicSession(api.adminId, 'MUSIC_U=fuzz-admin');

  // A stand-in NeteaseCloudMusicApi server: a small JSON answer for every call.
  upstream = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 200, path: req.url?.slice(0, 100) }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxyMusic = createMusicApp({ apiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });

  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  stats.started = performance.now();
  stats.cpu = process.cpuUsage();
});

afterAll(async () => {
  vi.useRealTimers();
  await stopMusic();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const CHINESE = /[\u4e00-\u9fff]/;
/** A date as the database keeps it (the API sends `YYYY-MM-DD HH:mm:ss` instead). */
const ISO_INSTANT = /"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z"/;
/** Anything that looks like a stack frame, a source or data path, or a driver error. */
const LEAK =
  /\bat [\w.$<>[\]]+ \(|\bat (?:file|node):|file:\/\/|\/src\/server\/|node_modules|\.ts:\d+|\b(?:TypeError|RangeError|SyntaxError|ReferenceError|ZodError|URIError)\b|SQLITE_|sqlite3/;

function leaks(text: string): boolean {
  return LEAK.test(text) || text.includes(api.dataDir);
}

/** Forms go out as bytes, so a refused upload cannot leave the client's body stream half read. */
async function bodyOf(c: FuzzCase, headers: Record<string, string>): Promise<BodyInit | undefined> {
  const made = typeof c.body === 'function' ? c.body() : c.body;
  if (!(made instanceof FormData)) return made;
  const encoded = new Response(made);
  headers['content-type'] = encoded.headers.get('content-type') ?? '';
  return new Uint8Array(await encoded.arrayBuffer());
}

/**
 * Whether an answer refuses the input itself: a status other than 200, or code 100 with one of the
 * bad-input messages of api/validate.ts (a business refusal, such as 文章不存在, is a fair answer).
 */
function refusedInput(res: Response, text: string): boolean {
  if (res.status !== 200) return true;
  const body = jsonObject(text);
  return (
    typeof body === 'object' &&
    body.code === 100 &&
    /^(参数错误|请求体不是合法的 JSON$|内容包含非法字符$)/.test(String(body.message))
  );
}

/** What is wrong with an /api answer, or null. */
function apiProblem(res: Response, text: string, c: FuzzCase): string | null {
  if (res.status >= 500) return `HTTP ${res.status}`;
  // A refusal must not carry internals; a success may quote stored text (a post about TypeError).
  // A file download (the database backup) is the answer itself.
  if (res.status === 200 && res.headers.get('content-disposition')?.startsWith('attachment')) return null;
  // The API reference, its page and scripts: the answer itself (a script may well name TypeError);
  // a refusal of bad input is still the envelope, checked below.
  if (res.status === 200 && c.raw && !text.startsWith('{"code":'))
    return res.headers.get('content-type')?.startsWith(c.raw) ? null : `not ${c.raw}`;
  if (text.includes(api.dataDir) || (!text.startsWith('{"code":0,') && leaks(text)))
    return `leaks internals: ${text.slice(0, 200)}`;
  if (!res.headers.get('content-type')?.includes('application/json')) return 'not JSON';
  const body = jsonObject(text);
  if (typeof body === 'string') return body;
  if (typeof body.code !== 'number' || typeof body.message !== 'string') return 'no code/message';
  if (res.status === 200) {
    if (body.code === 0) {
      if (!('result' in body)) return 'success without result';
      if (c.mustFail) return `accepted a bad number in ${c.mustFail}`;
      // Every date leaves as `YYYY-MM-DD HH:mm:ss` China time, whatever route or field.
      if (ISO_INSTANT.test(text)) return `an ISO date on the wire: ${text.match(ISO_INSTANT)?.[0]}`;
      return null;
    }
    if (body.code !== 100) return `HTTP 200 with code ${body.code}`;
  } else {
    // Bad input is a refusal a person should read: HTTP 200 with code 100, never a 400
    // (docs/api/README.md#envelope).
    if (![401, 403, 404, 413, 415, 429].includes(res.status)) return `unexpected HTTP ${res.status}`;
    if (body.code !== res.status) return `code ${body.code} on HTTP ${res.status}`;
    if (res.status === 429 && !res.headers.get('retry-after')) return '429 without Retry-After';
  }
  if (!CHINESE.test(body.message)) return `refusal without a Chinese message: ${body.message}`;
  return null;
}

/** The answer's JSON object, or what is wrong with it. */
function jsonObject(text: string): any {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'unparsable JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  return body;
}

/** What is wrong with a /wapi answer (NeteaseCloudMusicApi shapes, our failure envelope), or null. */
function wapiProblem(res: Response, text: string, method: string): string | null {
  if (res.status >= 500) return `HTTP ${res.status}`;
  if (leaks(text)) return `leaks internals: ${text.slice(0, 200)}`;
  const type = res.headers.get('content-type') ?? '';
  if (method === 'HEAD' || res.status === 304) return null;
  // Audio and artwork are the answer itself.
  if ([200, 206].includes(res.status) && /^(audio|image)\//.test(type)) return null;
  if (!type.includes('application/json')) return `not JSON (${type})`;
  const body = jsonObject(text);
  if (typeof body === 'string') return body;
  if (typeof body.code !== 'number') return 'no code';
  if (res.status === 200) return [200, 800, 801, 802, 803].includes(body.code) ? null : `code ${body.code}`;
  if (typeof body.message !== 'string' || !CHINESE.test(body.message))
    return 'failure without a Chinese message';
  // The saved-songs call answers "needs login" with NeteaseCloudMusicApi's 301.
  if (body.code !== res.status && !(res.status === 401 && body.code === 301)) return `code ${body.code}`;
  return null;
}

/**
 * /wapi cases: the music session (not the site role) is what differs, so the local service gets a
 * visitor and a signed-in account; the proxy only forwards, so one signed-in account is enough.
 */
function wapiCases(key: string, spec: RouteSpec, roles: Role[]): FuzzCase[] {
  const cases = casesFor(key, spec, fill);
  for (const c of cases) if (c.name !== 'valid call' && c.roles?.length === 3) c.roles = roles;
  return cases;
}

const fill = (v: unknown) => (typeof v === 'string' && v.startsWith('$') ? fixtures[v.slice(1)] : v);

/** Runs every case of one route for every role; returns the failures (at most a screenful). */
async function fuzzRoute(
  app: { request: (url: string, init: RequestInit, env: object) => Response | Promise<Response> },
  key: string,
  cases: FuzzCase[],
  kind: 'api' | 'wapi',
  clockStands = false,
  /** Roles whose valid call must get through validation (else the field cases test nothing). */
  passing: Role[] = [],
): Promise<string[]> {
  const method = key.split(' ')[0];
  const failures: string[] = [];
  // A route that hashes starts with fresh windows too (the one before may share its limiter), then the
  // clock stands for its cases.
  if (clockStands) vi.setSystemTime(Date.now() + 61 * 60_000);
  for (const c of cases) {
    stats.cases++;
    for (const role of ROLES) {
      if (c.roles && !c.roles.includes(role)) continue;
      if (!clockStands) vi.setSystemTime(Date.now() + 61 * 60_000);
      const headers: Record<string, string> = { ...c.headers };
      const body = await bodyOf(c, headers);
      if (kind === 'api') {
        const token = await tokenFor(role);
        if (token) headers.authorization = `Bearer ${token}`;
      } else if (sessions[role]) headers.cookie = sessions[role];
      const res = await app.request(
        `http://127.0.0.1${c.url}`,
        { method: method === 'ALL' ? 'GET' : method, headers, body },
        { ip: '127.0.0.1' },
      );
      const text = await res.text();
      stats.calls++;
      stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
      let problem = kind === 'api' ? apiProblem(res, text, c) : wapiProblem(res, text, method);
      // With the clock moved on before every case, a 429 means a limiter did not start a fresh window:
      // the case tested the limiter, not the route. Only routes that hash (clockStands) may run into one.
      if (!problem && res.status === 429 && !clockStands)
        problem = 'a limiter answered though its window had passed';
      if (!problem && c.name === 'valid call' && passing.includes(role) && refusedInput(res, text))
        problem = `the valid call was refused (${res.status}): ${text.slice(0, 100)}`;
      if (problem && failures.length < 20) failures.push(`${role} · ${c.name}: ${problem}`);
      if (({} as Record<string, unknown>).polluted !== undefined || Object.hasOwn(Object.prototype, 'role'))
        failures.push(`${role} · ${c.name}: polluted Object.prototype`);
    }
  }
  return failures;
}

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

function apiCases(key: string, spec: RouteSpec): FuzzCase[] {
  if (spec.multipart === 'music') return musicUploadCases(key.split(' ')[1]);
  if (spec.multipart) return uploadCases(key.split(' ')[1], PNG);
  return casesFor(key, spec, fill, ACCESS[key]);
}

describe('fuzz coverage', () => {
  test('every /api route has a fuzz entry, and every entry a route', () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual(routeKeys(apiApp).sort());
  });
  test('every /wapi route (local service and proxy) has a fuzz entry', () => {
    expect(Object.keys(WAPI_LOCAL_ROUTES).sort()).toEqual(routeKeys(localMusic).sort());
    const proxy = createMusicApp({ apiUrl: 'http://127.0.0.1:9' });
    const keys = routeKeys(proxy).concat('ALL /wapi/*');
    expect(Object.keys(WAPI_PROXY_ROUTES).sort()).toEqual(keys.sort());
  });
});

describe('/api under hostile input', () => {
  test.each(Object.keys(API_ROUTES))('%s', async (key) => {
    const spec = API_ROUTES[key];
    const failures = await fuzzRoute(
      apiApp,
      key,
      apiCases(key, spec),
      'api',
      Boolean(spec.hashes),
      GATE[ACCESS[key]],
    );
    expect(failures).toEqual([]);
  });
});

describe('bodies past the size limit', () => {
  test.each([
    ['declared by Content-Length', true],
    ['streamed without a length', false],
  ])('a body over %s is refused with 413 in the envelope', async (_name, declared) => {
    const size = MAX_BODY_BYTES + 1;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        const n = Math.min(chunk.length, size - sent);
        if (n <= 0) return ctl.close();
        ctl.enqueue(chunk.subarray(0, n));
        sent += n;
      },
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (declared) headers['content-length'] = String(size);
    const init = { method: 'POST', headers, body, duplex: 'half' } as RequestInit;
    const res = await apiApp.request('http://127.0.0.1/api/message/add', init, { ip: '127.0.0.1' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, message: '请求内容过大' });
    // A declared length is refused before a byte is read; a stream, as soon as it passes the limit.
    expect(sent).toBeLessThanOrEqual(declared ? 2 * chunk.length : size);
  });
});

describe('/wapi (local music service) under hostile input', () => {
  test.each(Object.keys(WAPI_LOCAL_ROUTES))('%s', async (key) => {
    const failures = await fuzzRoute(
      localMusic,
      key,
      wapiCases(key, WAPI_LOCAL_ROUTES[key], ['visitor', 'user']),
      'wapi',
      false,
      ['user'],
    );
    expect(failures).toEqual([]);
  });
});

describe('/wapi (NeteaseCloudMusicApi proxy) under hostile input', () => {
  test.each(Object.keys(WAPI_PROXY_ROUTES))('%s', async (key) => {
    const passing: Role[] = key.startsWith('ALL') ? [] : ['user'];
    const failures = await fuzzRoute(
      proxyMusic,
      key,
      wapiCases(key, WAPI_PROXY_ROUTES[key], ['user']),
      'wapi',
      false,
      passing,
    );
    expect(failures).toEqual([]);
  });
});

/** How many calls a route's cases make: each case once per role it names (every role by default). */
const callsOf = (cases: FuzzCase[]) => cases.reduce((n, c) => n + (c.roles ?? ROLES).length, 0);

describe('fuzz totals', () => {
  // Counted from the generated cases, not from what the other tests happened to run before this one,
  // so the test means the same when run alone, filtered or in any order.
  test('the fuzz makes more than 10,000 calls', () => {
    const calls =
      Object.entries(API_ROUTES).reduce((n, [key, spec]) => n + callsOf(apiCases(key, spec)), 0) +
      Object.entries(WAPI_LOCAL_ROUTES).reduce(
        (n, [key, spec]) => n + callsOf(wapiCases(key, spec, ['visitor', 'user'])),
        0,
      ) +
      Object.entries(WAPI_PROXY_ROUTES).reduce(
        (n, [key, spec]) => n + callsOf(wapiCases(key, spec, ['user'])),
        0,
      );
    expect(calls).toBeGreaterThan(10_000);
  });
});

afterAll(() => {
  const seconds = ((performance.now() - stats.started) / 1000).toFixed(1);
  const cpu = process.cpuUsage(stats.cpu);
  const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
  console.log(
    `fuzz: ${stats.cases} cases, ${stats.calls} calls in ${seconds} s (${cpuSeconds} s CPU); statuses ${JSON.stringify(Object.fromEntries(stats.byStatus))}`,
  );
});
