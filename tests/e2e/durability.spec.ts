import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { ChatClient, type Frame } from '../api/ws-client.ts';
import { signingKeyIn } from './accounts.ts';
import { type Started, startServer, stopServer } from './server.ts';

/**
 * Crash durability: a server of its own takes a concurrent burst of comments, replies, guestbook
 * messages and chat messages, is killed with SIGKILL in the middle of it, and is started again on
 * the same data dir. Every write the server acknowledged must be there afterwards, and the database
 * must pass `PRAGMA integrity_check`. Writes still in flight at the kill may or may not be there.
 *
 * Acknowledged means: for HTTP, a success envelope carrying the new id; for chat (the contract defines
 * no separate acknowledgement frame), the sender's own socket receiving the `message` broadcast of its
 * text with the stored id, which the hub only sends after the row is inserted.
 *
 * The burst stays inside every rate limit (per address 600 writes a minute, per user 10 comments and
 * 5 guestbook messages a minute, 5 chat messages in 5 s), so no write is refused and any refusal or
 * server error before the kill fails the test.
 */

const USERS = 20;
/** Per user: 5 comments + 4 replies (≤ 10 a minute) and 4 guestbook messages (≤ 5 a minute). */
const HTTP_PLAN: Kind[] = [
  ...Array.from({ length: 4 }, (): Kind[] => ['comment', 'message', 'reply']).flat(),
  'comment',
];
/** Chat: one message every 1.25 s per user stays under 5 in any 5 s window. */
const CHAT_PLAN = 10;
const CHAT_GAP_MS = 1250;

type Kind = 'comment' | 'reply' | 'message' | 'chat';
type Write = { kind: Kind; text: string; user: number; id?: number };
type User = { id: number; token: string };

/** Users written straight into the server's database, with tokens signed by its key. */
function makeUsers(dataDir: string, count: number): User[] {
  const key = signingKeyIn(dataDir);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const now = new Date().toISOString();
    const insert = db.prepare(
      `INSERT INTO "user" (username, password, nick_name, email, avatar, qq, role, token_version, ip, "createdAt", "updatedAt")
       VALUES (?, 'x', ?, '', '', '', 2, 0, '', ?, ?) RETURNING id`,
    );
    const iat = Math.floor(Date.now() / 1000);
    return Array.from({ length: count }, (_, i) => {
      const { id } = insert.get(`dur${i}`, `耐久${i}`, now, now) as { id: number };
      const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: id, role: 2, tv: 0, iat, exp: iat + 3600 })}`;
      return { id, token: `${data}.${createHmac('sha256', key).update(data).digest('base64url')}` };
    });
  } finally {
    db.close();
  }
}

type Envelope = { code: number; message: string; result?: any };

async function call(base: string, url: string, body: object, token?: string): Promise<Envelope> {
  const res = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope;
  if (res.status !== 200 || json.code !== 0) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

test('SIGKILL in the middle of a burst of writes loses no acknowledged write; the restart is clean', async () => {
  test.setTimeout(120_000);
  const first = await startServer({ SEED_DEMO: 'false' });
  let second: Started | undefined;
  const sockets: ChatClient[] = [];
  try {
    const users = makeUsers(first.dataDir, USERS + 1);
    const host = users.pop() as User;
    // Two guestbook messages for the comments to sit under (type 3 = comments on guestbook messages).
    const targets: number[] = [];
    for (const text of ['耐久测试：评论区一', '耐久测试：评论区二'])
      targets.push((await call(first.url, '/message/add', { message: text }, host.token)).result.id);

    const wsUrl = `${first.url.replace('http', 'ws')}/ws`;
    for (const u of users) sockets.push(await ChatClient.join(wsUrl, u.token));

    const acked: Write[] = [];
    const attempted: Write[] = [];
    const errors: string[] = [];
    let killed = false;
    let inFlight = 0;
    const count = (kind: Kind) => acked.filter((w) => w.kind === kind).length;

    /** One write; failures after the kill are expected, before it they are errors. */
    async function write(w: Write, url: string, body: object, token: string) {
      attempted.push(w);
      inFlight++;
      try {
        const env = await call(first.url, url, body, token);
        const id = Number(env.result?.id);
        if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`${url}: no id in ${JSON.stringify(env)}`);
        acked.push({ ...w, id });
        return id;
      } catch (err) {
        if (!killed || !(err instanceof TypeError)) errors.push(String(err));
        return null;
      } finally {
        inFlight--;
      }
    }

    async function httpWorker(u: User, n: number) {
      let parent: number | null = null;
      const forId = targets[n % targets.length];
      for (const [k, op] of HTTP_PLAN.entries()) {
        if (killed) return;
        const text = `耐久${op}-${n}-${k}-${Math.random().toString(36).slice(2, 8)}`;
        if (op === 'message') {
          await write({ kind: 'message', text, user: u.id }, '/message/add', { message: text }, u.token);
        } else if (op === 'comment') {
          const id = await write(
            { kind: 'comment', text, user: u.id },
            '/comment/add',
            { type: 3, for_id: forId, content: text },
            u.token,
          );
          parent ??= id;
        } else if (parent) {
          // A reply in the user's own thread (to the parent's author: themselves).
          await write(
            { kind: 'reply', text, user: u.id },
            '/comment/apply',
            { type: 3, for_id: forId, content: text, parent_id: parent, to_id: u.id },
            u.token,
          );
        }
        await sleep(jitter(100, 400));
      }
    }

    async function chatWorker(u: User, n: number, client: ChatClient) {
      const waiting = new Map<string, (f: Frame) => void>();
      client.ws.addEventListener('message', (e) => {
        const f = JSON.parse(String(e.data)) as Frame;
        if (f.type === 'message' && f.user_id === u.id) waiting.get(f.content)?.(f);
        if (f.type === 'error' && !killed) errors.push(`chat: ${f.content}`);
      });
      await sleep(jitter(0, CHAT_GAP_MS));
      for (let k = 0; k < CHAT_PLAN; k++) {
        if (killed) return;
        const text = `耐久chat-${n}-${k}-${Math.random().toString(36).slice(2, 8)}`;
        const w: Write = { kind: 'chat', text, user: u.id };
        attempted.push(w);
        inFlight++;
        const echoed = new Promise<Frame>((resolve) => waiting.set(text, resolve));
        client.send({ type: 'message', content: text, content_type: 'text' });
        const echo = await Promise.race([echoed, client.closed.then(() => null)]);
        inFlight--;
        if (!echo) {
          if (!killed) errors.push(`chat socket of user ${u.id} closed before the kill`);
          return;
        }
        acked.push({ ...w, id: Number(echo.id) });
        await sleep(CHAT_GAP_MS);
      }
    }

    const httpPlanned = users.length * HTTP_PLAN.length;
    const chatPlanned = users.length * CHAT_PLAN;
    const workers = [
      ...users.map((u, n) => httpWorker(u, n)),
      ...users.map((u, n) => chatWorker(u, n, sockets[n])),
    ];

    // The kill: once a good part of every kind is acknowledged, at an instant when writes are in flight.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const enough =
        count('comment') >= 20 &&
        count('reply') >= 15 &&
        count('message') >= 15 &&
        count('chat') >= 30 &&
        acked.length - count('chat') >= httpPlanned * 0.35;
      if (enough && inFlight >= 2) break;
      await sleep(1);
    }
    const inFlightAtKill = inFlight;
    killed = true;
    const exit = await stopServer(first, 'SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(exit.code).toBeNull();
    await Promise.all(workers);

    expect(errors).toEqual([]);
    // It really was the middle of the burst: writes were in flight and the plan was not finished.
    expect(inFlightAtKill).toBeGreaterThanOrEqual(2);
    const httpAcked = acked.filter((w) => w.kind !== 'chat').length;
    expect(httpAcked).toBeLessThan(httpPlanned);
    expect(count('chat')).toBeLessThan(chatPlanned);
    expect(attempted.length).toBeGreaterThan(acked.length);
    // The kill left the write-ahead log behind (a clean stop folds it into the main file).
    expect(existsSync(path.join(first.dataDir, 'blog.db-wal'))).toBe(true);

    second = await startServer({ SEED_DEMO: 'false' }, first.dataDir);
    const base = second.url;
    // A clean restart: no new admin password (the account is there), nothing logged as an error.
    expect(second.output()).not.toMatch(/password:/);
    expect(second.output()).not.toMatch(/"level":(50|60)/);

    const ro = new DatabaseSync(path.join(first.dataDir, 'blog.db'), { readOnly: true });
    try {
      expect(ro.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      expect(ro.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      ro.close();
    }

    // Everything there is, read back through the API.
    const found = new Map<string, string>(); // `${kind}:${id}` → text
    for (const forId of targets) {
      for (let current = 1; ; current++) {
        const page = (
          await call(base, '/comment/frontGetParentComment', { type: 3, for_id: forId, current, size: 50 })
        ).result;
        for (const c of page.list) {
          found.set(`comment:${c.id}`, c.content);
          if (!c.childrenTotal) continue;
          for (let cc = 1; ; cc++) {
            const kids = (
              await call(base, '/comment/frontGetChildrenComment', { parent_id: c.id, current: cc, size: 50 })
            ).result;
            for (const r of kids.list) found.set(`reply:${r.id}`, r.content);
            if (cc * 50 >= kids.total) break;
          }
        }
        if (current * 50 >= page.total) break;
      }
    }
    for (let current = 1; ; current++) {
      const page = (await call(base, '/message/getMessageList', { current, size: 50 })).result;
      for (const m of page.list) found.set(`message:${m.id}`, m.message);
      if (current * 50 >= page.total) break;
    }
    let lastId: number | undefined;
    for (;;) {
      const page = (
        await call(base, '/chat/getChatList', { size: 50, ...(lastId ? { last_id: lastId } : {}) })
      ).result;
      if (!page.list.length) break;
      for (const m of page.list) found.set(`chat:${m.id}`, m.content);
      lastId = page.list[0].id;
    }

    const missing = acked.filter((w) => found.get(`${w.kind}:${w.id}`) !== w.text);
    expect(missing).toEqual([]);
    const texts = new Set(found.values());
    const unacked = attempted.filter((w) => !acked.includes(w) && !acked.some((a) => a.text === w.text));
    const survivors = unacked.filter((w) => texts.has(w.text)).length;
    test.info().annotations.push({
      type: 'durability',
      description:
        `${acked.length} acknowledged writes verified after SIGKILL (comments ${count('comment')}, replies ` +
        `${count('reply')}, guestbook ${count('message')}, chat ${count('chat')}); ${inFlightAtKill} in flight at ` +
        `the kill; ${unacked.length} unacknowledged, ${survivors} of them stored anyway`,
    });
    console.log(test.info().annotations.at(-1)?.description);

    // And it takes writes again.
    const after = await call(
      base,
      '/comment/add',
      { type: 3, for_id: targets[0], content: '重启之后' },
      users[0].token,
    );
    expect(after.result.id).toBeGreaterThan(0);
  } finally {
    for (const s of sockets) s.ws.close();
    if (first.child.exitCode === null && first.child.signalCode === null) await stopServer(first, 'SIGKILL');
    if (second) expect((await stopServer(second, 'SIGTERM')).code).toBe(0);
  }
});
