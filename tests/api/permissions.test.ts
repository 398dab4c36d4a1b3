import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { createUpgradeHandler } from '../../src/server/chat/upgrade.ts';
import { db } from '../../src/server/db/connection.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { signToken } from '../../src/server/services/auth.ts';
import * as chat from '../../src/server/services/chat.ts';
import * as comments from '../../src/server/services/comments.ts';
import * as likes from '../../src/server/services/likes.ts';
import * as messages from '../../src/server/services/messages.ts';
import { startMusic, stopMusic } from '../../src/server/services/music/service.ts';
import { confirmQr, createQrKey, scanQr } from '../../src/server/services/music-account.ts';
import { createNotify } from '../../src/server/services/notify.ts';
import * as todos from '../../src/server/services/todos.ts';
import { createUser } from '../../src/server/services/users.ts';
import { onPostgres } from '../setup/database.ts';
import { ACCESS, type Access } from './access.ts';
import { type Json, PLAIN_LOOK, setupTestApi } from './helpers.ts';
import { ChatClient, startUpgradeServer } from './ws-client.ts';

/**
 * The permission matrix, one named test per cell:
 * - docs/product.md#permissions: every row × visitor / user / admin, doing the real thing (HTTP, chat
 *   socket, /wapi);
 * - the access of docs/api/public.md and docs/api/admin.md: every /api route × the three roles (public,
 *   login or admin);
 * - ownership: every write on something a user owns, tried by its owner, another user, the admin and a
 *   visitor, with the answer and whether the thing changed.
 * Tokens are signed from the database for every call, so a logout or password change in one test does
 * not end the session of the next.
 */

const api = setupTestApi({ seed: true });
const PASSWORD = 'Passw0rd!';

type Role = 'visitor' | 'user' | 'admin';
type Person = { id: number; password: string };

let userId = 0;
let bystander: Person;
let song = '';
let music: ReturnType<typeof createMusicApp>;
let ws: Awaited<ReturnType<typeof startUpgradeServer>>;
let upgrade: ReturnType<typeof createUpgradeHandler>;
const sockets: ChatClient[] = [];

async function person(role = 2): Promise<Person> {
  const name = `p${randomBytes(5).toString('hex')}`;
  const id = await createUser({ username: name, password: PASSWORD, nick_name: `人${name}`, role });
  return { id, password: PASSWORD };
}

/** A token for the person as the database knows them now (role and token version). */
async function tokenOf(who: Person | number | null): Promise<string | undefined> {
  if (who === null) return undefined;
  const row = await db
    .selectFrom('user')
    .select(['id', 'role', 'token_version'])
    .where('id', '=', typeof who === 'number' ? who : who.id)
    .executeTakeFirstOrThrow();
  return signToken(row);
}

const personOf = (role: Role): Person | null =>
  role === 'visitor' ? null : { id: role === 'admin' ? api.adminId : userId, password: PASSWORD };

async function call(method: string, url: string, who: Person | number | null, body?: unknown) {
  return api.call(method, url, body, await tokenOf(who));
}

/** A chat socket for the person (or a visitor), closed at the end of the file. */
async function join(who: Person | null): Promise<ChatClient> {
  const client = await ChatClient.join(ws.wsUrl, (await tokenOf(who)) ?? undefined);
  sockets.push(client);
  return client;
}

const chatRow = (id: number) => db.selectFrom('chat').select('id').where('id', '=', id).executeTakeFirst();

/** A music session cookie for a site user, as the QR login leaves it. */
async function musicCookie(uid: number): Promise<string> {
  const value = randomBytes(24).toString('base64url');
  await db
    .insertInto('music_session')
    .values({
      id: createHash('sha256').update(value).digest('hex'),
      user_id: uid,
      cookie: '',
      createdAt: new Date().toISOString(),
      expiresAt: '9999-12-31T00:00:00.000Z',
    })
    .execute();
  return `blog_music=${value}`;
}

async function wapi(url: string, cookie?: string, method = 'GET') {
  const res = await music.request(url, { method, headers: cookie ? { cookie } : {} }, { ip: '127.0.0.1' });
  return res;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngForm = () => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(PNG)], 'a.png', { type: 'image/png' }));
  return form;
};

beforeAll(async () => {
  // Enough write budget for the whole file from one address; the domain limits stay as they are.
  api.app = createApiApp({ writesPerMinute: 10_000 });
  userId = (await person()).id;
  bystander = await person();
  upgrade = createUpgradeHandler();
  ws = await startUpgradeServer(upgrade.handle);
  music = createMusicApp({ apiUrl: undefined });
  const lib = await startMusic();
  song = String([...lib.songs.values()][0].id);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => (s.ws.readyState === WebSocket.CLOSED ? null : s.close())));
  await upgrade.close();
  await ws.stop();
  await stopMusic();
});

// ---------------------------------------------------------------------------------------------------
// docs/product.md#permissions

function expectRefusal(res: { status: number; json: Json }, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.json).toEqual({ code: status, message });
}

type Row = {
  capability: string;
  allowed: Record<Role, boolean>;
  run: (role: Role, me: Person | null, allowed: boolean) => Promise<void>;
};

const ROLE_ROWS: Row[] = [
  {
    capability: 'Browse, search, play music, read chat',
    allowed: { visitor: true, user: true, admin: true },
    async run(_role, me) {
      const home = await call('GET', '/api/article/blogHomeGetArticleList/1/10', me);
      expect(home.json.code).toBe(0);
      expect(home.json.result.list.length).toBeGreaterThan(0);
      const first = home.json.result.list[0];
      expect((await call('GET', `/api/article/getArticleById/${first.id}`, me)).json.code).toBe(0);
      for (const url of [
        '/api/talk/blogGetTalkList',
        '/api/message/getMessageList',
        '/api/links/getLinksList',
      ])
        expect((await call('POST', url, me, {})).json.code).toBe(0);
      const word = encodeURIComponent([...first.article_title].slice(0, 2).join(''));
      const found = await call('GET', `/api/article/getArticleListByContent/${word}`, me);
      expect(found.json.result.map((a: { id: number }) => a.id)).toContain(first.id);

      const cookie = me ? await musicCookie(me.id) : undefined;
      const search = (await (await wapi('/wapi/search?keywords=%E9%A3%8E', cookie)).json()) as any;
      expect(search.code).toBe(200);
      const url = (await (await wapi(`/wapi/song/url/v1?id=${song}&level=exhigh`, cookie)).json()) as any;
      const stream = await wapi(url.data[0].url, cookie);
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^audio\//);
      await stream.body?.cancel();

      const said = await chat.addMessage(bystander.id, `历史消息 ${randomBytes(3).toString('hex')}`, 'text');
      const history = await call('POST', '/api/chat/getChatList', me, { size: 10 });
      expect(history.json.result.list.map((m: { id: number }) => m.id)).toContain(said.id);
      const reader = await join(me);
      const speaker = await join(bystander);
      speaker.send({ type: 'message', content: '大家好', content_type: 'text' });
      const heard = await reader.next('message', (m) => m.content === '大家好' && m.user_id === bystander.id);
      expect(heard.nick_name).toBeTruthy();
    },
  },
  {
    capability: 'Send text/image chat',
    allowed: { visitor: false, user: true, admin: true },
    async run(_role, me, allowed) {
      const listener = await join(null);
      const sender = await join(me);
      const text = `文字消息 ${randomBytes(3).toString('hex')}`;
      sender.send({ type: 'message', content: text, content_type: 'text' });
      const upload = await api.call('POST', '/api/upload/img', pngForm(), await tokenOf(me));
      if (!allowed) {
        expect((await sender.next('error')).content).toBe('请先登录');
        expectRefusal(upload, 401, '请先登录');
        sender.send({ type: 'message', content: '/uploads/x.png', content_type: 'image' });
        expect((await sender.next('error')).content).toBe('请先登录');
        expect(await db.selectFrom('chat').select('id').where('content', '=', text).execute()).toEqual([]);
        return;
      }
      const got = await listener.next('message', (m) => m.content === text);
      expect(got).toMatchObject({ user_id: me?.id, content_type: 'text' });
      expect(upload.json.code).toBe(0);
      sender.send({ type: 'message', content: upload.json.result.url, content_type: 'image' });
      const image = await listener.next('message', (m) => m.content_type === 'image' && m.user_id === me?.id);
      expect(image.content).toBe(upload.json.result.url);
    },
  },
  {
    capability: 'Recall own chat message',
    allowed: { visitor: false, user: true, admin: true },
    async run(_role, me, allowed) {
      const listener = await join(null);
      const client = await join(me);
      if (!allowed) {
        // A visitor owns no message; recalling any is a login question, over the socket and over HTTP.
        const someone = await chat.addMessage(bystander.id, '别人的消息', 'text');
        client.send({ type: 'revert', message_id: someone.id });
        expect((await client.next('error')).content).toBe('请先登录');
        expectRefusal(await call('DELETE', `/api/chat/deleteOne/${someone.id}`, me), 401, '请先登录');
        expect(await chatRow(someone.id)).toBeDefined();
        return;
      }
      client.send({ type: 'message', content: '马上撤回', content_type: 'text' });
      const mine = await listener.next('message', (m) => m.content === '马上撤回' && m.user_id === me?.id);
      client.send({ type: 'revert', message_id: mine.id });
      expect((await listener.next('revert', (f) => f.message_id === mine.id)).message_id).toBe(mine.id);
      expect(await chatRow(mine.id)).toBeUndefined();
      const second = await chat.addMessage(me?.id ?? 0, '用接口撤回', 'text');
      const res = await call('DELETE', `/api/chat/deleteOne/${second.id}`, me);
      expect(res.json).toMatchObject({ code: 0, message: '撤回成功' });
      expect(await chatRow(second.id)).toBeUndefined();
    },
  },
  {
    capability: "Recall anyone's message",
    allowed: { visitor: false, user: false, admin: true },
    async run(role, me, allowed) {
      const listener = await join(null);
      const client = await join(me);
      const theirs = await chat.addMessage(bystander.id, '别人的消息', 'text');
      const viaHttp = await chat.addMessage(bystander.id, '别人的另一条', 'text');
      client.send({ type: 'revert', message_id: theirs.id });
      const res = await call('DELETE', `/api/chat/deleteOne/${viaHttp.id}`, me);
      if (!allowed) {
        const why = role === 'visitor' ? '请先登录' : '只能撤回自己的消息';
        expect((await client.next('error')).content).toBe(why);
        expectRefusal(res, role === 'visitor' ? 401 : 403, why);
        expect(await chatRow(theirs.id)).toBeDefined();
        expect(await chatRow(viaHttp.id)).toBeDefined();
        return;
      }
      expect((await listener.next('revert', (f) => f.message_id === theirs.id)).message_id).toBe(theirs.id);
      expect(res.json).toMatchObject({ code: 0, message: '撤回成功' });
      expect(await chatRow(theirs.id)).toBeUndefined();
      expect(await chatRow(viaHttp.id)).toBeUndefined();
    },
  },
  {
    capability: 'Clear all chat history',
    allowed: { visitor: false, user: false, admin: true },
    async run(role, me, allowed) {
      const listener = await join(null);
      await chat.addMessage(bystander.id, '清空前', 'text');
      const res = await call('POST', '/api/chat/delete', me, {});
      const left = await db.selectFrom('chat').select('id').execute();
      if (!allowed) {
        expectRefusal(res, role === 'visitor' ? 401 : 403, role === 'visitor' ? '请先登录' : '权限不足');
        expect(left.length).toBeGreaterThan(0);
        return;
      }
      expect(res.json).toMatchObject({ code: 0, message: '聊天记录已清空' });
      await listener.next('clear');
      expect(left).toEqual([]);
    },
  },
  {
    capability: 'Force another online user offline',
    allowed: { visitor: false, user: false, admin: true },
    async run(role, me, allowed) {
      const target = await person();
      const victim = await join(target);
      const client = await join(me);
      client.send({ type: 'offline', user_id: target.id });
      if (!allowed) {
        expect((await client.next('error')).content).toBe(role === 'visitor' ? '请先登录' : '权限不足');
        // The target is still there: its socket still answers.
        victim.send({ type: 'message', content: '我还在', content_type: 'text' });
        await victim.next('message', (m) => m.content === '我还在');
        expect(victim.ws.readyState).toBe(WebSocket.OPEN);
        return;
      }
      await victim.next('offline');
      expect((await victim.closed).code).toBe(4001);
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
    },
  },
  {
    capability: 'Avatar menu, personal center, logout, to-do widget, notifications',
    allowed: { visitor: false, user: true, admin: true },
    async run(_role, me, allowed) {
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/user/getOwnStatistic'],
        ['PUT', '/api/user/updateOwnUserInfo', { qq: '123456' }],
        ['GET', '/api/todo/list'],
        ['POST', '/api/todo/add', { content: '权限矩阵的待办' }],
        ['POST', '/api/notify/getNotifyList', {}],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(method, url, me, body);
        if (allowed) expect(res.json.code, url).toBe(0);
        else expectRefusal(res, 401, '请先登录');
      }
      if (!me) {
        expectRefusal(await call('POST', '/api/user/logout', me), 401, '请先登录');
        return;
      }
      const own = await call('GET', `/api/user/getUserInfoById/${me.id}`, me);
      expect(own.json.result.username).toBeTruthy();
      const token = await tokenOf(me);
      expect((await api.call('POST', '/api/user/logout', undefined, token)).json.code).toBe(0);
      expectRefusal(await api.call('GET', '/api/todo/list', undefined, token), 401, '登录过期，请重新登录');
    },
  },
];

describe('roles and permissions of the product', () => {
  for (const row of ROLE_ROWS) {
    for (const role of ['visitor', 'user', 'admin'] as Role[]) {
      const allowed = row.allowed[role];
      test(`${row.capability} · ${role}: ${allowed ? 'yes' : 'no'}`, () =>
        row.run(role, personOf(role), allowed));
    }
  }
});

// ---------------------------------------------------------------------------------------------------
// docs/api/: who may call what

/** Calls whose access depends on what is asked: [name, method, url, body, access]. */
const ACCESS_BY_INPUT: [string, string, string, unknown, Access][] = [
  ['pending friend links (status 1)', 'POST', '/api/links/getLinksList', { status: 1 }, 'admin'],
  ['admin preview of a draft', 'GET', '/api/article/adminPreview/$draft', undefined, 'admin'],
  [
    "an album's recycle bin (status 2)",
    'POST',
    '/api/photo/getPhotoListByAlbumId',
    { id: 1, status: 2 },
    'admin',
  ],
];

function expectAccess(res: { status: number; json: Json }, access: Access, role: Role) {
  const refused =
    (access === 'login' && role === 'visitor') || (access === 'admin' && role !== 'admin')
      ? role === 'visitor'
        ? 401
        : 403
      : 0;
  if (refused) expectRefusal(res, refused, refused === 401 ? '请先登录' : '权限不足');
  else {
    // Past the gate every answer is HTTP 200: a success, or a refusal the client shows (code 100, bad
    // input included); never a status the original client would not show.
    expect(res.status).toBe(200);
    expect([0, 100]).toContain(res.json.code);
  }
}

describe('route access: every /api route × role', () => {
  test('the access table names every route of the app, and only those', () => {
    const routes = api.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(ACCESS).sort()).toEqual([...new Set(routes)].sort());
  });
  for (const [key, access] of Object.entries(ACCESS)) {
    for (const role of ['visitor', 'user', 'admin'] as Role[]) {
      const allowed = access === 'public' || (access === 'login' ? role !== 'visitor' : role === 'admin');
      test(`${key} (${access}) · ${role}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const [method, path] = key.split(' ');
        // Ids that do not exist, and empty bodies: the gate answers before anything would change.
        const url = path.replace(/:(\w+)/g, (_, name: string) => (name === 'parent_id' ? '0' : '999'));
        const body = method === 'GET' ? undefined : url.includes('upload') ? pngForm() : {};
        // The archive download answers with the archive itself (not JSON) once past the gate.
        if (key === 'GET /api/import/archive' && allowed) {
          const auth = `Bearer ${await tokenOf(personOf(role))}`;
          const res = await api.app.request(url, { headers: { authorization: auth } }, { ip: '127.0.0.1' });
          expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/gzip']);
          return void (await res.arrayBuffer());
        }
        // The backup download answers with the file itself (not JSON) once past the gate.
        if (key === 'GET /api/backup/download' && allowed) {
          const auth = `Bearer ${await tokenOf(personOf(role))}`;
          const res = await api.app.request(url, { headers: { authorization: auth } }, { ip: '127.0.0.1' });
          // (On PostgreSQL: the pg_dump hint, code 100, past the gate all the same.)
          const type = onPostgres ? 'application/json' : 'application/vnd.sqlite3';
          expect([res.status, res.headers.get('content-type')]).toEqual([200, type]);
          return void (await res.arrayBuffer());
        }
        // The API reference: the document and its page themselves, to anyone.
        if (url === '/api/openapi.json' || url === '/api/docs') {
          const auth: Record<string, string> =
            role === 'visitor' ? {} : { authorization: `Bearer ${await tokenOf(personOf(role))}` };
          const res = await api.app.request(url, { headers: auth }, { ip: '127.0.0.1' });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^(application\/json|text\/html)/);
          return void (await res.arrayBuffer());
        }
        expectAccess(await call(method, url, personOf(role), body), access, role);
      });
    }
  }
  for (const [name, method, url, body, access] of ACCESS_BY_INPUT) {
    for (const role of ['visitor', 'user', 'admin'] as Role[]) {
      test(`${name} (${access}) · ${role}`, async () => {
        let target = url;
        if (url.includes('$draft')) {
          const draft = await call('POST', '/api/article/add', api.adminId, {
            article_title: '草稿',
            article_content: '还没写完',
            status: 3,
          });
          target = url.replace('$draft', String(draft.json.result.id));
          // For everyone but the admin the draft does not exist.
          const read = await call(
            'GET',
            `/api/article/getArticleById/${draft.json.result.id}`,
            personOf(role),
          );
          expect(read.json.code).toBe(role === 'admin' ? 0 : 100);
        }
        expectAccess(await call(method, target, personOf(role), body), access, role);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------------
// Ownership: every write on something that belongs to a user

type Actor = 'owner' | 'other user' | 'admin' | 'visitor';
type Cast = { owner: Person; other: Person; admin: Person; ownerHash?: string };
type Outcome = { status: number; code: number; message?: string; changes: boolean };
type Answer = { status: number; code: number; message?: string };

const OK = (changes = true): Outcome => ({ status: 200, code: 0, changes });
const LOGIN: Outcome = { status: 401, code: 401, message: '请先登录', changes: false };
const DENIED = (message: string): Outcome => ({ status: 403, code: 403, message, changes: false });
const MISSING = (message: string): Outcome => ({ status: 200, code: 100, message, changes: false });

type OwnedThing = {
  thing: string;
  action: string;
  /** Makes a fresh one, owned by cast.owner; returns its id (or key). */
  make: (cast: Cast) => Promise<number | string>;
  /** Does the action as `me` (null: a visitor). */
  act: (item: number | string, me: Person | null, cast: Cast) => Promise<Answer>;
  /** Whether the action took effect on the owner's thing. */
  changed: (item: number | string, cast: Cast) => Promise<boolean>;
  expect: Record<Actor, Outcome>;
  /** The action changes the actors themselves (passwords): a fresh cast for each test. */
  freshCast?: boolean;
};

const answer = async (p: Promise<{ status: number; json: Json }>): Promise<Answer> => {
  const res = await p;
  return { status: res.status, code: res.json.code, message: res.json.message };
};

let commentSeq = 0;
async function commentBy(owner: Person, parent?: { id: number; to: number }): Promise<number> {
  const author = { id: owner.id, nick_name: '评论者', isAdmin: false, ip: '127.0.0.1', userAgent: '' };
  const content = `一条评论 ${++commentSeq}`;
  const res = parent
    ? await comments.applyComment(
        { type: 1, for_id: 1, content, parent_id: parent.id, to_id: parent.to },
        author,
      )
    : await comments.addComment({ type: 1, for_id: 1, content }, author);
  if (!res.ok) throw new Error(res.reason);
  return res.comment.id;
}

const LOOK = { message: '我的留言', ...PLAIN_LOOK };
const messageBy = (owner: Person | null) =>
  messages.addMessage(LOOK, { userId: owner?.id ?? null, nickName: owner ? '留言者' : '路人甲' });
/** A friend link applied for by `owner` (null: one the admin added), pending (1) or approved (2). */
async function linkBy(owner: Person | null, status: 1 | 2): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('link')
    .values({
      site_name: '我的小站',
      site_desc: '',
      site_avatar: '',
      url: `https://${randomBytes(4).toString('hex')}.example`,
      status,
      user_id: owner?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const editLink = (id: number | string, me: Person | null) =>
  db
    .selectFrom('link')
    .select('url')
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow()
    .then((row) =>
      answer(
        call('POST', '/api/links/frontUpdate', me, {
          id,
          site_name: '改过了',
          site_desc: '',
          site_avatar: '',
          url: row.url,
        }),
      ),
    );
const linkRenamed = async (id: number | string) =>
  (await db.selectFrom('link').select('site_name').where('id', '=', Number(id)).executeTakeFirst())
    ?.site_name === '改过了';
const messageRow = (id: number | string) =>
  db.selectFrom('message').select(['id', 'message']).where('id', '=', Number(id)).executeTakeFirst();
const commentRow = (id: number | string) =>
  db.selectFrom('comment').select('id').where('id', '=', Number(id)).executeTakeFirst();
const todoRow = (id: number | string) =>
  db.selectFrom('todo').select(['id', 'done']).where('id', '=', Number(id)).executeTakeFirst();
const notifyRow = (id: number | string) =>
  db.selectFrom('notify').select(['id', 'isView']).where('id', '=', Number(id)).executeTakeFirst();
const userRow = (id: number) =>
  db.selectFrom('user').select(['nick_name', 'password']).where('id', '=', id).executeTakeFirstOrThrow();

async function notifyFor(owner: Person): Promise<number> {
  await createNotify({ userId: owner.id, type: 3, toId: 1, message: '有人给你留言了', actorId: null });
  const row = await db
    .selectFrom('notify')
    .select('id')
    .where('user_id', '=', owner.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const OWNED: OwnedThing[] = [
  {
    thing: 'comment',
    action: 'delete',
    make: (cast) => commentBy(cast.owner),
    act: (id, me) => answer(call('DELETE', `/api/comment/delete/${id}/0`, me)),
    changed: async (id) => !(await commentRow(id)),
    expect: {
      owner: OK(),
      'other user': DENIED('只能删除自己的评论'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'reply',
    action: 'delete',
    make: async (cast) => commentBy(cast.owner, { id: await commentBy(cast.other), to: cast.other.id }),
    act: async (id, me) => {
      const row = await db
        .selectFrom('comment')
        .select('parent_id')
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return answer(call('DELETE', `/api/comment/delete/${id}/${row?.parent_id}`, me));
    },
    changed: async (id) => !(await commentRow(id)),
    expect: {
      owner: OK(),
      'other user': DENIED('只能删除自己的评论'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'guestbook message',
    action: 'edit',
    make: (cast) => messageBy(cast.owner),
    act: (id, me) => answer(call('POST', '/api/message/update', me, { id, ...LOOK, message: '改过了' })),
    changed: async (id) => (await messageRow(id))?.message === '改过了',
    expect: {
      owner: OK(),
      'other user': DENIED('只能编辑自己的留言'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'guestbook message',
    action: 'delete',
    make: (cast) => messageBy(cast.owner),
    act: (id, me) => answer(call('PUT', '/api/message/delete', me, { idList: [id] })),
    changed: async (id) => !(await messageRow(id)),
    expect: {
      owner: OK(),
      'other user': DENIED('只能删除自己的留言'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'guestbook message, with one of the actor’s own',
    action: 'delete both at once',
    make: (cast) => messageBy(cast.owner),
    act: async (id, me) => {
      const own = me ? await messageBy(me) : 999_999;
      return answer(call('PUT', '/api/message/delete', me, { idList: [own, id] }));
    },
    changed: async (id) => !(await messageRow(id)),
    expect: {
      owner: OK(),
      'other user': DENIED('只能删除自己的留言'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'guest’s guestbook message',
    action: 'edit',
    make: () => messageBy(null),
    act: (id, me) => answer(call('POST', '/api/message/update', me, { id, ...LOOK, message: '改过了' })),
    changed: async (id) => (await messageRow(id))?.message === '改过了',
    // A guest's message has no owner account: only the admin may change it.
    expect: {
      owner: DENIED('只能编辑自己的留言'),
      'other user': DENIED('只能编辑自己的留言'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'approved friend link',
    action: 'edit',
    make: (cast) => linkBy(cast.owner, 2),
    act: (id, me) => editLink(id, me),
    changed: linkRenamed,
    expect: {
      owner: OK(),
      'other user': DENIED('只能修改自己的友链'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'pending friend link',
    action: 'edit',
    make: (cast) => linkBy(cast.owner, 1),
    act: (id, me) => editLink(id, me),
    changed: linkRenamed,
    expect: {
      owner: OK(),
      'other user': DENIED('只能修改自己的友链'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'friend link without an applicant',
    action: 'edit',
    make: () => linkBy(null, 2),
    act: (id, me) => editLink(id, me),
    changed: linkRenamed,
    // Added by the admin: only an admin may change it.
    expect: {
      owner: DENIED('只能修改自己的友链'),
      'other user': DENIED('只能修改自己的友链'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'to-do',
    action: 'update',
    make: async (cast) => (await todos.addTodo(cast.owner.id, '我的待办'))?.id ?? 0,
    act: (id, me) => answer(call('PUT', `/api/todo/update/${id}`, me, { done: true })),
    changed: async (id) => (await todoRow(id))?.done === 1,
    // A to-do list is private: someone else's to-do reads as missing, for the admin too.
    expect: {
      owner: OK(),
      'other user': MISSING('待办事项不存在'),
      admin: MISSING('待办事项不存在'),
      visitor: LOGIN,
    },
  },
  {
    thing: 'to-do',
    action: 'delete',
    make: async (cast) => (await todos.addTodo(cast.owner.id, '我的待办'))?.id ?? 0,
    act: (id, me) => answer(call('DELETE', `/api/todo/delete/${id}`, me)),
    changed: async (id) => !(await todoRow(id)),
    expect: {
      owner: OK(),
      'other user': MISSING('待办事项不存在'),
      admin: MISSING('待办事项不存在'),
      visitor: LOGIN,
    },
  },
  {
    thing: 'like',
    action: 'cancel',
    make: async (cast) => {
      const id = await messageBy(bystander);
      await likes.addLike(3, id, { userId: cast.owner.id, ip: '10.9.9.9' });
      return id;
    },
    act: (id, me) => answer(call('POST', '/api/like/cancelLike', me, { type: 3, for_id: id })),
    changed: async (id, cast) => !(await likes.isLiked(3, Number(id), { userId: cast.owner.id, ip: '' })),
    // Cancelling touches only the caller's own like (a visitor's is their address's).
    expect: {
      owner: OK(),
      'other user': MISSING('还没有点赞'),
      admin: MISSING('还没有点赞'),
      visitor: MISSING('还没有点赞'),
    },
  },
  {
    thing: 'chat message',
    action: 'recall',
    make: async (cast) => (await chat.addMessage(cast.owner.id, '我的聊天消息', 'text')).id,
    act: (id, me) => answer(call('DELETE', `/api/chat/deleteOne/${id}`, me)),
    changed: async (id) => !(await chatRow(Number(id))),
    expect: {
      owner: OK(),
      'other user': DENIED('只能撤回自己的消息'),
      admin: OK(),
      visitor: LOGIN,
    },
  },
  {
    thing: 'notification',
    action: 'mark read',
    make: (cast) => notifyFor(cast.owner),
    act: (id, me) => answer(call('PUT', `/api/notify/update/${id}`, me)),
    changed: async (id) => (await notifyRow(id))?.isView === 2,
    expect: {
      owner: OK(),
      'other user': MISSING('消息不存在'),
      admin: MISSING('消息不存在'),
      visitor: LOGIN,
    },
  },
  {
    thing: 'notification',
    action: 'delete',
    make: (cast) => notifyFor(cast.owner),
    act: (id, me) => answer(call('PUT', `/api/notify/delete/${id}`, me)),
    changed: async (id) => !(await notifyRow(id)),
    expect: {
      owner: OK(),
      'other user': MISSING('消息不存在或已删除'),
      admin: MISSING('消息不存在或已删除'),
      visitor: LOGIN,
    },
  },
  {
    thing: 'profile',
    action: 'update (naming the owner’s id in the body)',
    make: async (cast) => cast.owner.id,
    act: (id, me) =>
      answer(call('PUT', '/api/user/updateOwnUserInfo', me, { id, user_id: id, nick_name: '改过的昵称' })),
    changed: async (id) => (await userRow(Number(id))).nick_name === '改过的昵称',
    // Everyone signed in may change a profile: their own, whatever id the body names.
    expect: { owner: OK(), 'other user': OK(false), admin: OK(false), visitor: LOGIN },
    freshCast: true,
  },
  {
    thing: 'password',
    action: 'change (naming the owner’s id in the body)',
    make: async (cast) => cast.owner.id,
    act: (id, me) =>
      answer(
        call('PUT', '/api/user/updatePassword', me, {
          id,
          user_id: id,
          password: me?.password ?? PASSWORD,
          password1: 'NewPassw0rd9',
        }),
      ),
    changed: async (id, cast) => (await userRow(Number(id))).password !== cast.ownerHash,
    expect: { owner: OK(), 'other user': OK(false), admin: OK(false), visitor: LOGIN },
    freshCast: true,
  },
  {
    thing: 'music QR key scanned by the owner',
    action: 'confirm',
    make: async (cast) => {
      const key = await createQrKey();
      await scanQr(key, cast.owner.id);
      return key;
    },
    act: (key, me) => answer(call('POST', '/api/music/qr/confirm', me, { key })),
    changed: async (key) => {
      const row = await db
        .selectFrom('music_qr')
        .select('status')
        .where('unikey', '=', String(key))
        .executeTakeFirst();
      return row?.status === 803;
    },
    expect: {
      owner: OK(),
      'other user': MISSING('该二维码已被其他账号扫描'),
      admin: MISSING('该二维码已被其他账号扫描'),
      visitor: LOGIN,
    },
  },
  {
    thing: 'saved song of a music account',
    action: 'remove (naming the owner’s uid)',
    make: async (cast) => {
      const res = await wapi(`/wapi/like?id=${song}&like=true`, await musicCookie(cast.owner.id), 'POST');
      expect(res.status).toBe(200);
      return cast.owner.id;
    },
    act: async (uid, me) => {
      const res = await wapi(
        `/wapi/like?id=${song}&like=false&uid=${uid}`,
        me ? await musicCookie(me.id) : undefined,
        'POST',
      );
      const body = (await res.json()) as { code: number; message?: string };
      return { status: res.status, code: body.code === 200 ? 0 : body.code, message: body.message };
    },
    changed: async (uid) => {
      const list = (await (await wapi(`/wapi/likelist?uid=${uid}`)).json()) as { ids: number[] };
      return !list.ids.includes(Number(song));
    },
    expect: {
      owner: OK(),
      'other user': OK(false),
      admin: OK(false),
      visitor: { status: 401, code: 301, message: '需要登录', changes: false },
    },
  },
];

let sharedCast: Cast | undefined;
async function castFor(thing: OwnedThing): Promise<Cast> {
  if (!thing.freshCast) {
    sharedCast ??= { owner: await person(), other: await person(), admin: { id: api.adminId, password: '' } };
    return sharedCast;
  }
  const cast = { owner: await person(), other: await person(), admin: await person(1) };
  return { ...cast, ownerHash: (await userRow(cast.owner.id)).password };
}

describe('ownership of every write', () => {
  for (const thing of OWNED) {
    for (const actor of Object.keys(thing.expect) as Actor[]) {
      const want = thing.expect[actor];
      const verdict =
        want.code === 0 || want.code === 200
          ? want.changes
            ? 'done'
            : 'only their own'
          : `${want.status}/${want.code} ${want.message}`;
      test(`${thing.thing}: ${thing.action} by ${actor} → ${verdict}`, async () => {
        const cast = await castFor(thing);
        const item = await thing.make(cast);
        const me = actor === 'visitor' ? null : cast[actor === 'other user' ? 'other' : actor];
        const got = await thing.act(item, me, cast);
        expect(got.status).toBe(want.status);
        expect(got.code).toBe(want.code);
        if (want.message) expect(got.message).toBe(want.message);
        expect(await thing.changed(item, cast)).toBe(want.changes);
      });
    }
  }
});

describe('identity comes from the token, never from the body', () => {
  test('a comment naming another author is stored as the caller’s', async () => {
    const [a, b] = [await person(), await person()];
    const res = await call('POST', '/api/comment/add', b, {
      type: 1,
      for_id: 1,
      content: '冒名评论',
      from_id: a.id,
    });
    const row = await db
      .selectFrom('comment')
      .select('from_id')
      .where('id', '=', res.json.result.id)
      .executeTakeFirstOrThrow();
    expect(row.from_id).toBe(b.id);
  });
  test('a guestbook message naming another user is stored as the caller’s', async () => {
    const [a, b] = [await person(), await person()];
    const res = await call('POST', '/api/message/add', b, {
      message: '冒名留言',
      user_id: a.id,
      nick_name: '别人',
    });
    const row = await messages.getMessage(res.json.result.id, null);
    expect(row?.user_id).toBe(b.id);
  });
  test('the notification list is the caller’s whatever userId the body names', async () => {
    const [a, b] = [await person(), await person()];
    await notifyFor(a);
    const res = await call('POST', '/api/notify/getNotifyList', b, { userId: a.id });
    expect(res.json.result.total).toBe(0);
  });
  test('a friend-link application belongs to the caller', async () => {
    const [a, b] = [await person(), await person()];
    const res = await call('POST', '/api/links/add', b, {
      site_name: '别人的站',
      site_desc: '',
      site_avatar: 'https://owner.example/a.png',
      url: 'https://owner.example',
      user_id: a.id,
    });
    const row = await db
      .selectFrom('link')
      .select('user_id')
      .where('id', '=', res.json.result.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(b.id);
  });
  test('confirming a music QR key logs in the confirming user only', async () => {
    const a = await person();
    const key = await createQrKey();
    expect(await confirmQr(key, a.id)).toBe('ok');
    expect((await call('POST', '/api/music/qr/scan', bystander, { key })).json.code).toBe(100);
  });
});
