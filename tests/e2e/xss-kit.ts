import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import WebSocket from 'ws';
import { encode, encrypt } from '../../src/lib/storage.ts';
import { hashPassword } from '../../src/server/services/auth.ts';
import type { Payload } from '../fixtures/xss/build.ts';
import { signingKeyIn } from './accounts.ts';

/**
 * Tools of the XSS suite (xss.spec.ts): the corpus cut into field-sized chunks with a marker before
 * every payload, a client for the real API that speaks for many users (each from its own address
 * behind the trusted proxy), chat senders, and the browser side: sink traps and the DOM audit.
 */

export const PAYLOADS: Payload[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../fixtures/xss/payloads.json'), 'utf8'),
);

/** The visible tag in front of a payload: letters and digits only, so no surface changes it. */
export const marker = (id: number) => `xq${String(id).padStart(4, '0')}q`;

export type Chunk = { text: string; ids: number[] };

const piece = (p: Payload) => `${marker(p.id)} ${p.payload}`;

/**
 * Cuts the payloads, in order, into exactly `n` chunks of balanced length (each `marker payload`,
 * one per line), none longer than `max` characters.
 */
export function split(list: Payload[], n: number, max: number): Chunk[] {
  const pieces = list.map(piece);
  let left = pieces.reduce((s, p) => s + p.length + 1, 0);
  const out: Chunk[] = [];
  let i = 0;
  for (let g = 0; g < n; g++) {
    const target = left / (n - g);
    const parts: string[] = [];
    const ids: number[] = [];
    let len = 0;
    // At least one piece per chunk, then add while the chunk stays under its share (and the limit).
    while (i < pieces.length && (parts.length === 0 || len + pieces[i].length + 1 <= target)) {
      if (len + pieces[i].length + (parts.length ? 1 : 0) > max) break;
      len += pieces[i].length + (parts.length ? 1 : 0);
      parts.push(pieces[i]);
      ids.push(list[i].id);
      i++;
    }
    left -= len + 1;
    out.push({ text: parts.join('\n'), ids });
  }
  // Whatever the balance left over goes into the last chunks that still have room.
  for (; i < pieces.length; i++) {
    const room = out.find((c) => c.text.length + pieces[i].length + 1 <= max);
    if (!room) throw new Error(`payloads do not fit in ${n} chunks of ${max}`);
    room.text += `\n${pieces[i]}`;
    room.ids.push(list[i].id);
  }
  if (out.some((c) => !c.text || c.text.length > max)) throw new Error('bad chunking');
  return out;
}

/** Greedy: as many `marker payload` pieces as fit in `max`, per chunk, until `n` chunks are full. */
export function fill(list: Payload[], n: number, max: number, sep = ' '): Chunk[] {
  const out: Chunk[] = [];
  let cur: Chunk = { text: '', ids: [] };
  for (const p of list) {
    const next = cur.text ? `${cur.text}${sep}${piece(p)}` : piece(p);
    if (next.length <= max) {
      cur = { text: next, ids: [...cur.ids, p.id] };
      continue;
    }
    if (cur.text) out.push(cur);
    if (out.length === n) return out;
    cur = piece(p).length <= max ? { text: piece(p), ids: [p.id] } : { text: '', ids: [] };
  }
  if (cur.text && out.length < n) out.push(cur);
  return out;
}

/** Text as HTML parsing leaves it: CR and CRLF become LF (server-rendered text and attributes). */
export const lf = (s: string) => s.replace(/\r\n?/g, '\n');

/** What a reader compares: text without any white space (layout turns newlines and tabs into spaces). */
export const squash = (s: string) => s.replace(/[\s\u00ad\u200b]+/g, '');

// ---------------------------------------------------------------------------------------------
// Accounts and the API.

export type Writer = { id: number; role: number; token: string; ip: string; nick: string };

function signer(dataDir: string) {
  const key = signingKeyIn(dataDir);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return (user: { id: number; role: number }) => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.id, role: user.role, tv: 0, iat: now, exp: now + 3600 };
    const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
  };
}

/**
 * `count` plain users written straight into the server's database (one password hash for all: the
 * suite never logs in with it), each with a token and an address of its own.
 */
export async function makeWriters(dataDir: string, count: number): Promise<Writer[]> {
  const hash = await hashPassword('Passw0rd!x');
  const sign = signer(dataDir);
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('BEGIN');
    const insert = db.prepare(
      `INSERT INTO "user" (username, password, nick_name, email, avatar, qq, role, token_version, ip, "createdAt", "updatedAt")
       VALUES (?, ?, ?, '', '', '', 2, 0, '', ?, ?) RETURNING id`,
    );
    const now = new Date().toISOString();
    const out: Writer[] = [];
    for (let i = 0; i < count; i++) {
      const nick = `写手${i}`;
      const row = insert.get(`xsswriter${i}`, hash, nick, now, now) as { id: number };
      out.push({
        id: row.id,
        role: 2,
        token: sign({ id: row.id, role: 2 }),
        ip: `10.77.${i >> 8}.${i & 255}`,
        nick,
      });
    }
    db.exec('COMMIT');
    return out;
  } finally {
    db.close();
  }
}

export function adminOf(dataDir: string): Writer {
  return { id: 1, role: 1, token: signer(dataDir)({ id: 1, role: 1 }), ip: '10.78.0.1', nick: '博主' };
}

export type Api = <T = unknown>(
  method: string,
  url: string,
  body: unknown,
  as: { token?: string; ip: string },
) => Promise<T>;

/** Calls the API as a user (or a guest without token) from their address; anything but code 0 throws. */
export function apiClient(base: string): Api {
  return async (method, url, body, as) => {
    const headers: Record<string, string> = { 'X-Forwarded-For': as.ip };
    if (as.token) headers.Authorization = `Bearer ${as.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as { code: number; message: string; result: unknown };
    if (res.status !== 200 || json?.code !== 0)
      throw new Error(`${method} ${url} → ${res.status} ${json?.code} ${json?.message}`);
    return json.result as never;
  };
}

/** Runs `fn` over `items` with at most `n` calls in flight. */
export async function pool<T>(items: T[], n: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

// ---------------------------------------------------------------------------------------------
// Chat.

export type ChatSocket = { send(content: string): Promise<void>; close(): void };

/** A signed-in chat connection (no Origin: not a browser) that waits for each message's echo. */
export async function chatSocket(base: string, token: string, userId: number): Promise<ChatSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  const frames: { type: string; content?: string; user_id?: number }[] = [];
  let wake: () => void = () => {};
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)));
    wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!test()) {
      const err = frames.find((f) => f.type === 'error');
      if (err) throw new Error(`chat refused ${what}: ${err.content}`);
      if (Date.now() > deadline) throw new Error(`chat: no ${what}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 200);
      });
    }
  };
  ws.send(JSON.stringify({ type: 'init', token }));
  await until(() => frames.some((f) => f.type === 'onlineList'), 'online list');
  return {
    async send(content) {
      ws.send(JSON.stringify({ type: 'message', content, content_type: 'text' }));
      await until(
        () => frames.some((f) => f.type === 'message' && f.user_id === userId && f.content === content),
        'echo',
      );
    },
    close: () => ws.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// The browser side.

/**
 * Installed in every frame before any page script: the dialog sinks and `window.__xss` report to
 * the test instead of doing anything.
 */
function trapSinks() {
  const w = window as unknown as Record<string, unknown>;
  const report = (kind: string, arg: unknown) => {
    try {
      (w.__xssReport as (k: string, a: string, at: string) => void)(kind, String(arg), location.href);
    } catch {
      // the binding is missing only in frames Playwright cannot reach; the dialog event covers those
    }
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    try {
      Object.defineProperty(window, name, {
        value: (arg: unknown) => {
          report(name, arg);
          return name === 'confirm' ? false : null;
        },
        writable: false,
        configurable: false,
      });
    } catch {
      // already trapped in this frame
    }
  }
  try {
    Object.defineProperty(window, '__xss', {
      get: () => undefined,
      set: (v: unknown) => report('__xss', v),
      configurable: false,
    });
  } catch {
    // already trapped
  }
}

export type Audited = {
  context: BrowserContext;
  hits: string[];
  page: Page;
  /** Another tab in the same context, watched the same way. */
  newPage: () => Promise<Page>;
};

/**
 * A browser context that proves escaping rather than the policy: CSP bypassed, every sink trapped, dialogs
 * and foreign navigations recorded, requests that would leave 127.0.0.1 refused. With `as`, the pages start
 * signed in as that user (docs/product.md#browser-storage, like accounts.ts `signIn`).
 */
export async function auditedContext(
  browser: Browser,
  base: string,
  as?: { id: number; role: number; token: string; nick: string },
): Promise<Audited> {
  const context = await browser.newContext({ baseURL: base, bypassCSP: true, locale: 'zh-CN' });
  const hits: string[] = [];
  await context.exposeBinding('__xssReport', (_src, kind: string, arg: string, at: string) => {
    hits.push(`${kind}(${arg}) at ${at}`);
  });
  await context.addInitScript(trapSinks);
  if (as) {
    const entries = [
      [encode('token'), encrypt(JSON.stringify(as.token))],
      [
        encode('userInfo'),
        encrypt(JSON.stringify({ id: as.id, nick_name: as.nick, avatar: '', role: as.role })),
      ],
      [encode('tokenFlag'), encode('true')],
      [encode('infoFlag'), encode('true')],
    ];
    await context.addInitScript((pairs) => {
      if (sessionStorage.getItem('__signedIn')) return;
      sessionStorage.setItem('__signedIn', '1');
      for (const [k, v] of pairs) localStorage.setItem(k, v);
    }, entries);
  }
  const origin = new URL(base).origin;
  await context.route(
    (url) => /^(https?|wss?):$/.test(url.protocol) && url.hostname !== '127.0.0.1',
    (route) => {
      hits.push(`request left the machine: ${route.request().url()}`);
      return route.abort();
    },
  );
  const watched = async () => {
    const page = await context.newPage();
    page.on('dialog', (d) => {
      hits.push(`dialog ${d.type()}: ${d.message()}`);
      d.dismiss().catch(() => {});
    });
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame() && !f.url().startsWith(origin)) hits.push(`navigated to ${f.url()}`);
    });
    page.on('popup', (p) => hits.push(`popup ${p.url()}`));
    return page;
  };
  return { context, hits, page: await watched(), newPage: watched };
}

/** Opens a page of the site and waits until the header island has hydrated. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#site-header[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * Everything in a document that would run script or lead to it: event-handler attributes, script
 * URLs in any URL attribute (after the clean-up browsers do: case, white space, control
 * characters), frames, objects, <base>, refresh, srcdoc, CSS expressions and bindings, scripts
 * that are not the site's own. Runs in the page; also usable on a parsed (not rendered) document.
 */
export function auditDocument(doc: Document = document): string[] {
  const problems: string[] = [];
  const urlAttrs = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'data',
    'poster',
    'background',
    'codebase',
    'cite',
    'dynsrc',
    'lowsrc',
    'ping',
    'srcset',
    'icon',
    'manifest',
    'archive',
    'longdesc',
    'usemap',
    'profile',
  ]);
  const scriptUrl =
    /^(javascript|vbscript|livescript|mocha):|^data:(text\/(html|javascript|xml)|image\/svg|application\/(xhtml|xml|javascript|ecmascript))/;
  // What browsers drop or ignore in a URL before reading its scheme: controls, spaces, invisibles.
  // (Everything outside the printable ranges, which covers C0, DEL and C1 controls, and spaces.)
  const ignorable = /[^!-~\u00a1-\uffff]|[\s\u00ad\u180e\u200b-\u200f\ufeff]/g;
  const clean = (v: string) => v.replace(ignorable, '').toLowerCase();
  const badCss = /expression\s*\(|javascript:|vbscript:|-moz-binding|(?<![\w-])behavior\s*:/i; // not overscroll-behavior
  const show = (el: Element) => el.outerHTML.slice(0, 160);
  const forbidden = new Set([
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'portal',
    'fencedframe',
    'base',
    'isindex',
  ]);
  const visitRoot = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      const tag = el.localName;
      if (forbidden.has(tag)) problems.push(`<${tag}> in the page: ${show(el)}`);
      if (tag === 'meta' && /refresh|set-cookie/i.test(el.getAttribute('http-equiv') ?? ''))
        problems.push(`meta refresh: ${show(el)}`);
      if (tag === 'script') {
        const src = el.getAttribute('src');
        if (src !== null && !/^\/(?!\/)/.test(src)) problems.push(`foreign script: ${show(el)}`);
        if (src === null && /alert|confirm\(|prompt\(|print\(|__xss|javascript:/.test(el.textContent ?? ''))
          problems.push(`injected script: ${show(el)}`);
      }
      if (tag === 'style' && badCss.test(el.textContent ?? '')) problems.push(`style sheet: ${show(el)}`);
      for (const a of Array.from(el.attributes)) {
        const name = a.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`${name} attribute: ${show(el)}`);
        else if (name === 'srcdoc') problems.push(`srcdoc: ${show(el)}`);
        else if (name === 'style' && badCss.test(a.value)) problems.push(`style attribute: ${show(el)}`);
        else if ((urlAttrs.has(name) || name.endsWith(':href')) && scriptUrl.test(clean(a.value)))
          problems.push(`${name}=${a.value.slice(0, 60)}: ${show(el)}`);
        else if (['to', 'values', 'from', 'by'].includes(name) && /javascript:|data:/.test(clean(a.value)))
          problems.push(`animated ${name}: ${show(el)}`);
      }
      if (el.shadowRoot) visitRoot(el.shadowRoot);
    }
  };
  visitRoot(doc);
  return problems;
}

/** Makes `auditDocument` callable in the page as `window.__xssAudit(doc)`. */
export const installAudit = (page: Page) =>
  page.evaluate(`window.__xssAudit = (${auditDocument.toString()})`);

/** The audit of the live page, plus the visible text (for the marker checks). */
export async function inspect(page: Page): Promise<{ problems: string[]; text: string }> {
  const problems = await page.evaluate(`(${auditDocument.toString()})(document)`);
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point (hidden text does not count).
  const text = await page.evaluate(() => document.body.innerText);
  return { problems: problems as string[], text: squash(text) };
}
