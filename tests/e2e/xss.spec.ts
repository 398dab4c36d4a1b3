import type { Page } from '@playwright/test';
import type { Payload } from '../fixtures/xss/build.ts';
import { hydrated } from './community.ts';
import { expect, test } from './fixtures.ts';
import { type Started, startServer, stopServer } from './server.ts';
import {
  type Api,
  type Audited,
  adminOf,
  apiClient,
  auditedContext,
  type ChatSocket,
  type Chunk,
  chatSocket,
  fill,
  inspect,
  installAudit,
  lf,
  makeWriters,
  marker,
  PAYLOADS,
  pool,
  split,
  squash,
  visit,
  type Writer,
} from './xss-kit.ts';

/**
 * The XSS suite: every payload of tests/fixtures/xss/payloads.json goes through the real
 * API into every place users write text (guestbook, comments and replies, chat, nick names, friend
 * links, notifications, article Markdown); each page is then rendered in Chromium with the CSP
 * bypassed, so what is proven is the escaping and sanitizing itself. A page passes when no sink
 * ran (dialogs and alert/confirm/prompt/print/`window.__xss` are trapped in every frame), no
 * element carries an event handler, a script URL, a frame or a refresh, and the text of every chunk
 * (each payload behind its marker) is visible, so an empty page cannot pass.
 *
 * It runs on a server of its own (known content, and its writes don't eat the shared server's
 * flood budget) behind a "trusted proxy": every writer writes from its own address, the product's
 * limits (per address and per user) stay as they are.
 */

test.describe.configure({ mode: 'serial' });

const NICKS = PAYLOADS.filter((p) => p.payload.length <= 20); // nick names and guest names: 20 at most
// Friend-link names take 30 at most; the shorter ones are every writer's nick name already, which each
// link's notification names too.
const NAMES = PAYLOADS.filter((p) => p.payload.length > 20 && p.payload.length <= 30);
const W = NICKS.length; // one writer per short payload: its nick name
const PIECES = PAYLOADS.reduce((n, p) => n + marker(p.id).length + p.payload.length + 2, 0);

/** Article titles: break-outs of <title> and of the meta tags' attribute values. */
const TITLES = ['</title>', '">', "'>", '" '].map(
  (start) => PAYLOADS.find((p) => p.payload.startsWith(start) && p.payload.length <= 90) as Payload,
);
/** Guestbook: one message per writer and one per guest (named after a short payload). */
const GUESTBOOK = split(PAYLOADS, 2 * W, 500);
/** Comments: parents with three replies each (all shown without "more replies"). */
const PARENTS = Math.ceil(PIECES / (4 * 470));
const COMMENTS = split(PAYLOADS, 4 * PARENTS, 500);
/** Chat: 555 characters a message. */
const CHAT = split(PAYLOADS, Math.ceil(PIECES / 520), 555);
/** Articles: the whole corpus in four Markdown bodies. */
const ARTICLES = 4;
/** Closes every raw-text element and comment a payload may leave open, so the next one starts clean. */
const RESET =
  '<!-- --></script></style></textarea></title></template></noscript></xmp></iframe></noembed></noframes></select></svg></math>';

type Link = { id: number; name: string; desc: Chunk | null; url: string; avatar: string; by: Writer };

let server: Started;
let api: Api;
let writers: Writer[];
let admin: Writer;
const guestbook: { id: number; chunk: Chunk; nick: string }[] = [];
const comments: { thing: 1 | 2; forId: number; id: number; chunk: Chunk; by: Writer; to?: Writer }[] = [];
const links: Link[] = [];
const articles: { id: number; title: string; ids: number[]; taxonomy: string[] }[] = [];
let talkId = 0;
let commentedId = 0;

const guestIp = (i: number) => `10.79.${i >> 8}.${i & 255}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The writers' chat sockets all come from this process (127.0.0.1): no per-address WebSocket cap.
  server = await startServer({ SEED_DEMO: 'false', TRUST_PROXY: 'true', MAX_WEBSOCKETS_PER_IP: '0' });
  api = apiClient(server.url);
  writers = await makeWriters(server.dataDir, W);
  admin = adminOf(server.dataDir);
  // The guests' messages carry the payloads, not a proof of work (tests/e2e/guest-captcha.spec.ts).
  await api('POST', '/api/config/update', { guest_captcha: false }, admin);

  // Guests first: a guest may not take a member's name, and the members take the same names next.
  await pool(NICKS, 6, async (p, i) => {
    const chunk = GUESTBOOK[W + i];
    const res = await api<{ id: number }>(
      'POST',
      '/api/message/add',
      { message: chunk.text, nick_name: p.payload },
      { ip: guestIp(i) },
    );
    guestbook.push({ id: res.id, chunk, nick: p.payload });
  });

  // Nick names through the personal center's call; the answer is what the client would store. The
  // admin goes last: a nick name the admin holds is the blogger's, and no one else may take it then.
  const setNick = async (w: Writer, nick: string) => {
    const res = await api<{ nick_name: string }>(
      'PUT',
      '/api/user/updateOwnUserInfo',
      { nick_name: nick },
      w,
    );
    expect(res.nick_name).toBe(nick);
    w.nick = res.nick_name;
  };
  await pool(writers, 6, (w, i) => setNick(w, NICKS[i].payload));
  await setNick(admin, NICKS[0].payload);

  // The admin's Markdown: each payload behind its marker, then the reset line.
  const per = Math.ceil(PAYLOADS.length / ARTICLES);
  for (let a = 0; a < ARTICLES; a++) {
    const part = PAYLOADS.slice(a * per, (a + 1) * per);
    const body = part.map((p) => `${marker(p.id)}\n\n${p.payload}\n\n${RESET}\n\n`).join('');
    const title = `xqart${a}q ${TITLES[a].payload}`;
    // The admin's category and tag names are short payloads too (20 characters at most).
    const taxonomy = NICKS.slice(a * 21, a * 21 + 21).map((p) => p.payload);
    const res = await api<{ id: number }>(
      'POST',
      '/api/article/add',
      {
        article_title: title,
        article_content: body,
        article_description: fill(part, 1, 300)[0].text,
        category_name: taxonomy[0],
        tagNameList: taxonomy.slice(1),
        status: 1,
      },
      admin,
    );
    articles.push({ id: res.id, title, ids: part.map((p) => p.id), taxonomy });
  }
  talkId = (await api<{ id: number }>('POST', '/api/talk/publishTalk', { content: 'xqtalkq 说说' }, admin))
    .id;
  // Comments go under a short article of their own (the payload articles are long pages).
  const commented = { article_title: 'xqcommentsq 评论区', article_content: '评论区', status: 1 };
  commentedId = (await api<{ id: number }>('POST', '/api/article/add', commented, admin)).id;

  // Members' guestbook messages.
  await pool(writers, 6, async (w, i) => {
    const chunk = GUESTBOOK[i];
    const res = await api<{ id: number }>('POST', '/api/message/add', { message: chunk.text }, w);
    guestbook.push({ id: res.id, chunk, nick: w.nick });
  });

  // Comments on an article and on the talk: parents first, then three replies to each.
  for (const [thing, forId, shift] of [
    [1, commentedId, 0],
    [2, talkId, 37],
  ] as const) {
    const by = (k: number) => writers[(k + shift) % W];
    const parents: { id: number; by: Writer }[] = [];
    await pool(
      Array.from({ length: PARENTS }, (_, j) => j),
      6,
      async (j) => {
        const chunk = COMMENTS[4 * j];
        const res = await api<{ id: number }>(
          'POST',
          '/api/comment/add',
          { type: thing, for_id: forId, content: chunk.text },
          by(4 * j),
        );
        parents[j] = { id: res.id, by: by(4 * j) };
        comments.push({ thing, forId, id: res.id, chunk, by: by(4 * j) });
      },
    );
    await pool(
      Array.from({ length: PARENTS * 3 }, (_, r) => r),
      6,
      async (r) => {
        const j = Math.floor(r / 3);
        const k = 4 * j + 1 + (r % 3);
        const chunk = COMMENTS[k];
        const res = await api<{ id: number }>(
          'POST',
          '/api/comment/apply',
          {
            type: thing,
            for_id: forId,
            content: chunk.text,
            parent_id: parents[j].id,
            to_id: parents[j].by.id,
          },
          by(k),
        );
        comments.push({ thing, forId, id: res.id, chunk, by: by(k), to: parents[j].by });
      },
    );
  }

  // Friend links last, so their notifications lead the admin's list. A link's name is a short
  // payload; its description, address and avatar carry packed payloads (the address ones behind an
  // http(s) prefix: only such addresses are accepted, see the refusal test below).
  const descs = fill(
    [...PAYLOADS].sort((a, b) => a.payload.length - b.payload.length),
    NAMES.length,
    100,
  );
  const urls = fill(PAYLOADS, NAMES.length, 270, '\n');
  const used = new Set(urls.flatMap((c) => c.ids));
  const avatars = fill(
    PAYLOADS.filter((p) => !used.has(p.id)),
    NAMES.length,
    460,
    '\n',
  );
  await pool(NAMES, 6, async (p, k) => {
    const by = writers[k % W];
    const url = `https://127.0.0.1:9/l${k}?${urls[k]?.text ?? ''}`.trim();
    const avatar = `https://127.0.0.1:9/a${k}.png?${avatars[k]?.text ?? ''}`.trim();
    const desc = descs[k] ?? null;
    const res = await api<{ id: number }>(
      'POST',
      '/api/links/add',
      { site_name: p.payload, site_desc: desc?.text ?? '', site_avatar: avatar, url },
      by,
    );
    links.push({ id: res.id, name: p.payload, desc, url, avatar, by });
  });
  const ids = links.map((l) => l.id);
  for (let i = 0; i < ids.length; i += 50)
    await api('PUT', '/api/links/approve', { idList: ids.slice(i, i + 50) }, admin);
  // Every payload went into some address or avatar.
  expect(new Set([...urls, ...avatars].flatMap((c) => c.ids)).size).toBe(PAYLOADS.length);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

/** Lets late sinks fire (image errors, animations, autofocus), then audits the page. */
async function audit(a: Audited, label: string, page = a.page): Promise<string> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    // Every picture asked for has loaded or failed (its error handler had its turn; a lazy one out
    // of view is not asked for), a frame was drawn (autofocus, animations start), and the tasks
    // queued meanwhile have run.
    const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(
      pending.map(
        (img) =>
          new Promise((r) => {
            img.addEventListener('load', r, { once: true });
            img.addEventListener('error', r, { once: true });
          }),
      ),
    );
    await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)));
  });
  const { problems, text } = await inspect(page);
  expect(problems, `${label}: markup that could run script`).toEqual([]);
  expect(a.hits, `${label}: sinks that ran`).toEqual([]);
  return text;
}

function expectShown(text: string, chunks: Chunk[], label: string) {
  const missing = chunks.filter((c) => !text.includes(squash(c.text))).map((c) => marker(c.ids[0]));
  expect(missing, `${label}: chunks not shown as text`).toEqual([]);
}

/** The header shows the signed-in user's nick name (as the account menu's label). */
async function expectHeader(page: Page, w: Writer) {
  await expect(page.locator('[data-user-menu] button[aria-haspopup="menu"]')).toHaveAttribute(
    'aria-label',
    `${w.nick} 的菜单`,
  );
}

/**
 * Clicks "load more" until `count` items are there. The loop runs in the page (a click, then wait for
 * the list to grow), so a long list costs one round trip instead of several per page.
 */
async function loadAll(page: Page, items: string, count: number, scope: string) {
  const got = await page.evaluate(
    async ([items, count, scope]) => {
      const n = () => document.querySelectorAll(items).length;
      const more = () =>
        [...document.querySelectorAll<HTMLButtonElement>(`${scope} button`)].find(
          (b) => b.textContent?.trim() === '点击加载更多～' && !b.disabled,
        );
      const deadline = Date.now() + 60_000;
      while (n() < count && Date.now() < deadline) {
        const before = n();
        more()?.click();
        while (n() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      }
      return n();
    },
    [items, count, scope] as const,
  );
  expect(got, `${items}: items after loading more`).toBeGreaterThanOrEqual(count);
}

test('guestbook: every message on the list, and on its detail page', async ({ browser }) => {
  test.setTimeout(150_000);
  const me = writers[5];
  const a = await auditedContext(browser, server.url, me);
  const { page } = a;

  // Detail pages, in a second tab while the first loads the list: a few rendered live, and every
  // one fetched, parsed by Chromium and audited the same way (text, author, description meta).
  const details = (async () => {
    const tab = await a.newPage();
    for (const g of [guestbook[0], guestbook[W], guestbook[guestbook.length - 1]]) {
      await visit(tab, `/message/detail?id=${g.id}`);
      const shown = await audit(a, `/message/detail?id=${g.id}`, tab);
      expectShown(shown, [g.chunk], `/message/detail?id=${g.id}`);
    }
    await installAudit(tab);
    return tab.evaluate(
      async (items) => {
        const auditDoc = (window as unknown as { __xssAudit: (d: Document) => string[] }).__xssAudit;
        const sq = (s: string) => s.replace(/[\s\u00ad\u200b]+/g, '');
        const out: string[] = [];
        let next = 0;
        const worker = async () => {
          while (next < items.length) {
            const it = items[next++];
            const html = await (await fetch(`/message/detail?id=${it.id}`)).text();
            const doc = new DOMParser().parseFromString(html, 'text/html');
            for (const p of auditDoc(doc)) out.push(`#${it.id}: ${p}`);
            const card = `[data-message-id="${it.id}"]`;
            const shown = doc.querySelector(`${card} [data-message-text]`)?.textContent ?? '';
            if (sq(shown) !== sq(it.text)) out.push(`#${it.id}: message text differs`);
            // HTML parsing turns CR and CRLF into LF.
            const name = doc.querySelector(`${card} [class*="_name_"]`)?.textContent;
            if (name !== it.nick.replace(/\r\n?/g, '\n')) out.push(`#${it.id}: author name differs`);
            for (const meta of doc.querySelectorAll(
              'meta[name="description"], meta[property="og:description"]',
            ))
              if (sq(meta.getAttribute('content') ?? '') !== sq(it.text.slice(0, 80).toWellFormed()))
                out.push(`#${it.id}: description differs`);
          }
        };
        await Promise.all([1, 2, 3].map(worker));
        return out;
      },
      guestbook.map((g) => ({ id: g.id, text: g.chunk.text, nick: g.nick })),
    );
  })();

  await visit(page, '/message/list');
  // The greeting of the first load is built from the nick name.
  await expect
    .poll(async () => squash((await page.locator('[data-toast]').allInnerTexts()).join('')))
    .toContain(squash(me.nick));
  await expectHeader(page, me);
  await expect(page.locator('astro-island:has([data-layout])')).not.toHaveAttribute('ssr');
  await audit(a, '/message/list, first page');
  await loadAll(page, 'article[data-message-id]', guestbook.length, 'main');
  const text = await audit(a, '/message/list');
  expectShown(
    text,
    guestbook.map((g) => g.chunk),
    '/message/list',
  );
  // Each message under its author's name: the member's nick name, or the guest's own.
  const names = await page.$$eval('article[data-message-id]', (list) =>
    list.map((el) => ({
      id: Number(el.getAttribute('data-message-id')),
      name: el.querySelector('[class*="_name_"]')?.textContent,
    })),
  );
  const byId = new Map(names.map((n) => [n.id, n.name]));
  expect(guestbook.filter((g) => byId.get(g.id) !== g.nick).map((g) => g.id)).toEqual([]);

  expect(await details).toEqual([]);
  expect(a.hits).toEqual([]);
  await a.context.close();
});

/** Opens one thing's comments, loads every parent and checks texts, names and "回复 @name". */
async function checkComments(a: Audited, thing: 1 | 2, forId: number, label: string) {
  const mine = comments.filter((c) => c.thing === thing && c.forId === forId);
  const section = `section[data-comments="${thing}-${forId}"]`;
  // The island hydrates when it comes into view (client:visible) or, on an article, when touched
  // (client:interaction): hydrated() wakes it.
  await a.page.locator(section).scrollIntoViewIfNeeded();
  await hydrated(a.page, section);
  await loadAll(a.page, `${section} li[data-comment-id]`, PARENTS, section);
  await expect(a.page.locator(`${section} article[data-comment]`)).toHaveCount(mine.length);
  const text = await audit(a, label);
  expectShown(
    text,
    mine.map((c) => c.chunk),
    label,
  );
  const shown = await a.page.$$eval(`${section} article[data-comment]`, (list) =>
    list.map((el) => ({
      id: Number(el.getAttribute('data-comment')),
      name: el.querySelector('[class*="_name_"]')?.textContent ?? null,
      to: el.querySelector('[class*="_to_"]')?.textContent ?? null,
    })),
  );
  const byId = new Map(shown.map((s) => [s.id, s]));
  const wrong = mine.filter((c) => {
    const s = byId.get(c.id);
    return !s || s.name !== c.by.nick || s.to !== (c.to ? `回复 @${c.to.nick}：` : null);
  });
  expect(
    wrong.map((c) => c.id),
    `${label}: author or replied-to names`,
  ).toEqual([]);
}

test('comments and replies: under an article and under a talk', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = writers[7];
  const a = await auditedContext(browser, server.url, me);
  await visit(a.page, `/article?id=${commentedId}`);
  await expectHeader(a.page, me);
  await checkComments(a, 1, commentedId, 'article comments');

  await visit(a.page, '/talk');
  await expect(a.page.locator('astro-island:has([data-talk-id])').first()).not.toHaveAttribute('ssr');
  await a.page.locator(`[data-talk-id="${talkId}"] button[aria-expanded]`).click();
  await checkComments(a, 2, talkId, 'talk comments');
  await a.context.close();
});

test('chat: texts and nick names as another signed-in user receives them', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = writers[9];
  const senders = writers.filter((w) => w !== me);
  const byWriter = new Map<Writer, Chunk[]>();
  CHAT.forEach((c, k) => {
    const w = senders[k % senders.length];
    byWriter.set(w, [...(byWriter.get(w) ?? []), c]);
  });
  const open = new Map<Writer, ChatSocket>();
  const a = await auditedContext(browser, server.url, me);
  // What the page's socket received, to tell a lost frame from a missing row when this fails.
  let framesIn = 0;
  let sockets = 0;
  a.page.on('websocket', (ws) => {
    sockets++;
    ws.on('framereceived', (f) => {
      if (String(f.payload).startsWith('{"type":"message"')) framesIn++;
    });
  });
  try {
    // Everyone joins first, so the page gets one online list rather than a hundred growing ones.
    await pool(senders, 8, async (w) => {
      open.set(w, await chatSocket(server.url, w.token, w.id));
    });
    await visit(a.page, '/message/chat');
    await expectHeader(a.page, me);
    // Every sender is online while the page looks: the online list shows all their nick names.
    await expect(a.page.locator('[data-online-user]')).toHaveCount(W, { timeout: 30_000 });
    const online = await a.page.$$eval('[data-online-user]', (els) =>
      els.map(
        (el) => [Number(el.getAttribute('data-online-user')), el.textContent ?? ''] as [number, string],
      ),
    );
    const onlineById = new Map(online);
    expect(writers.filter((w) => !(onlineById.get(w.id) ?? '').includes(w.nick)).map((w) => w.id)).toEqual(
      [],
    );

    await pool(senders, 8, async (w) => {
      for (const c of byWriter.get(w) ?? []) await open.get(w)?.send(c.text);
    });
    const list = '[data-chat-list] li[data-message-id]';
    await expect
      .poll(() => a.page.locator(list).count(), { timeout: 60_000 })
      .toBe(CHAT.length)
      .catch((e: Error) => {
        throw new Error(
          `${e.message}\n(the page's ${sockets} socket(s) received ${framesIn} message frames)`,
        );
      });
    const text = await audit(a, '/message/chat');
    expectShown(text, CHAT, '/message/chat');
    // Messages arrive in any order (the senders write at once): each bubble under its sender's name.
    const senderOf = new Map(CHAT.map((c, k) => [squash(c.text), senders[k % senders.length].nick]));
    const rows = await a.page.$$eval(list, (els) =>
      els.map((el) => ({
        nick: el.querySelector('[class*="_nick_"]')?.textContent ?? null,
        text: el.querySelector('[class*="_bubble_"]')?.textContent ?? '',
      })),
    );
    expect(rows.filter((r) => senderOf.get(squash(r.text)) !== r.nick)).toEqual([]);
  } finally {
    for (const s of open.values()) s.close();
  }
  await a.context.close();
});

test('friend links: name, description, address and avatar on /link/list', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = writers[11];
  const a = await auditedContext(browser, server.url, me);
  const seen = new Map<number, { href: string | null; src: string | null; name: string; desc: string }>();
  const pages = Math.ceil(links.length / 50);
  for (let n = 1; n <= pages; n++) {
    await visit(a.page, `/link/list?page=${n}`);
    if (n === 1) await expectHeader(a.page, me);
    const text = await audit(a, `/link/list?page=${n}`);
    const rows = await a.page.$$eval('a[data-link-id]', (els) =>
      els.map((el) => ({
        id: Number(el.getAttribute('data-link-id')),
        href: el.getAttribute('href'),
        // A picture that failed to load shows the placeholder and keeps its address in data-broken.
        src:
          el.querySelector('img')?.getAttribute('data-broken') ||
          (el.querySelector('img')?.getAttribute('src') ?? null),
        name: el.querySelector('strong')?.textContent ?? '',
        desc: el.querySelector('.muted')?.textContent ?? '',
      })),
    );
    for (const r of rows) {
      seen.set(r.id, r);
      expect(text, `link ${r.id} name shown`).toContain(squash(r.name));
    }
  }
  const wrong = links.filter((l) => {
    const r = seen.get(l.id);
    return (
      !r ||
      squash(r.href ?? '') !== squash(l.url) ||
      squash(r.src ?? '') !== squash(l.avatar) ||
      r.name !== lf(l.name) ||
      squash(r.desc) !== squash(l.desc?.text ?? '')
    );
  });
  expect(wrong.map((l) => l.id)).toEqual([]);
  await a.context.close();

  // Addresses are http(s) only: every URL payload as it is (javascript:, vbscript:, data:, encoded
  // or spaced) is refused as the address and as the avatar, before anything is stored.
  const raw = PAYLOADS.filter((p) => p.category === 'url-scheme' && !p.payload.startsWith('<'));
  expect(raw.length).toBeGreaterThan(50);
  const accepted: string[] = [];
  await pool(raw, 6, async (p, i) => {
    const w = writers[i % W];
    for (const field of ['url', 'site_avatar'] as const) {
      const body = {
        site_name: 'x',
        site_desc: '',
        url: `https://127.0.0.1:9/raw${i}`,
        site_avatar: 'https://127.0.0.1:9/a.png',
        [field]: p.payload,
      };
      const ok = await api('POST', '/api/links/add', body, w).then(
        () => true,
        (e: Error) => !/→ 200 100 /.test(e.message),
      );
      if (ok) accepted.push(`${field}: ${p.payload}`);
    }
  });
  expect(accepted).toEqual([]);
});

test('notifications: the list the bell opens shows link applications and names as text', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await auditedContext(browser, server.url, admin);
  await visit(a.page, '/home');
  await expectHeader(a.page, admin);
  await a.page.locator('[data-notify-bell]').click();
  const drawer = a.page.locator('[data-notify-drawer]');
  await expect(drawer).toBeVisible();
  // Newest first: the link applications came last, so they are the first pages.
  await expect(drawer.locator('[data-notify-item]').first()).toBeVisible();
  await loadAll(a.page, '[data-notify-item]', links.length + 10, '[data-notify-drawer]');
  await audit(a, 'notification drawer');
  const items = (await drawer.locator('[data-notify-item]').allInnerTexts()).map(squash);
  const expected = links.map((l) => squash(`${l.by.nick} 申请了友链「${l.name}」，等待审核`));
  const missing = expected.filter((e) => !items.some((t) => t.includes(e)));
  expect(missing).toEqual([]);
  // The older pages hold comments and guestbook messages: their excerpts start with a marker.
  expect(items.filter((t) => /xq\d{4}q/.test(t)).length).toBeGreaterThan(5);
  await a.context.close();
});

test('article Markdown: every payload article renders its markers and nothing that runs', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const me = writers[13];
  const a = await auditedContext(browser, server.url, me);
  await visit(a.page, '/home');
  await expectHeader(a.page, me);
  const home = await audit(a, '/home');
  for (const art of articles) expect(home).toContain(squash(art.title));
  for (const art of articles) {
    await visit(a.page, `/article?id=${art.id}`);
    await expect(a.page.locator('h1').first()).toHaveText(art.title);
    const text = await audit(a, `/article?id=${art.id}`);
    const missing = art.ids.filter((id) => !text.includes(marker(id)));
    expect(missing, `article ${art.id}: payload markers not shown`).toEqual([]);
    for (const name of art.taxonomy)
      expect(text, `article ${art.id}: category or tag`).toContain(squash(name));
  }
  await a.context.close();
});
