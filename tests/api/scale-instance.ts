import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { articleRow } from './article-row.ts';

/**
 * One "server process" of a scale-out test, inside the test's process: a fresh copy of the server's
 * modules (vi.resetModules, then dynamic imports), so two instances share nothing in memory (their
 * limiters, page caches, view windows and chat hubs are their own, as in two processes) and meet
 * only where real processes meet: the database file and the Redis, each through its own connections.
 *
 * Each listens on a real port: /ws is its chat hub, GET /page is a page through its page cache (a
 * counter in the body tells a fresh render from a cached one) that reads nothing, and /talks,
 * /messages, /message?id=, /config are pages through it that read what the site's pages read, through
 * the same services (so they record the same tags), and /article?id=, /home, /rss, /talk?id=,
 * /albums, /album?id=, /comments?t=&id=, /links, /bangumi, /resources, /sites, /banner?r= likewise;
 * `call` goes to its /api app.
 */
export type Instance = Awaited<ReturnType<typeof startInstance>>;

export const JWT_SECRET = 'scale-out-test-secret-0123456789';

export async function startInstance(
  env: Record<string, string>,
  opts: { busHeartbeatMs?: number; outsideWritesMs?: number; keyPollMs?: number } = {},
) {
  vi.resetModules();
  const { initConfig } = await import('../../src/server/config.ts');
  const { startScaleOut } = await import('../../src/server/scale-out.ts');
  const { Lifecycle } = await import('../../src/server/core/lifecycle.ts');
  const { prepareDatabase, closeDatabase } = await import('../../src/server/boot/database.ts');
  const { watchSigningKey } = await import('../../src/server/boot/secret.ts');
  const { createApiApp } = await import('../../src/server/api/app.ts');
  const { createMusicApp } = await import('../../src/server/music/app.ts');
  const { stopMusic } = await import('../../src/server/services/music/service.ts');
  const { createUpgradeHandler } = await import('../../src/server/chat/upgrade.ts');
  const { createRedisBus } = await import('../../src/server/chat/redis-bus.ts');
  const pageCache = await import('../../src/server/page-cache.ts');
  const { watchOutsideWrites } = await import('../../src/server/page-sync.ts');
  const client = await import('../../src/server/redis/client.ts');
  const views = await import('../../src/server/services/articles/views.ts');
  const tally = await import('../../src/server/services/views/tally.ts');
  const { resolveSite } = await import('../../src/server/site.ts');
  // A live binding (set by prepareDatabase): read through the module.
  const connection = await import('../../src/server/db/connection.ts');
  const { createUser } = await import('../../src/server/services/users.ts');
  const { signToken } = await import('../../src/server/services/auth.ts');

  // keyPollMs: the key kept in the database and read again that often (main.ts: every 5 s), as
  // without JWT_SECRET; else the shared JWT_SECRET.
  const cfg = initConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(opts.keyPollMs ? {} : { JWT_SECRET }),
    ...env,
  });
  // Its parts stop as a site's do (root/create-site.ts): newest first, the database last.
  const life = new Lifecycle();
  life.register('database', closeDatabase);
  await startScaleOut(life, cfg);
  const prepared = await prepareDatabase(cfg);
  life.register('music library', stopMusic);
  const parts = { life, db: connection.db, config: cfg, clock: () => new Date() };
  if (opts.keyPollMs) watchSigningKey(parts, opts.keyPollMs);
  // As the site does (every 5 s there), when a test asks: the CLI's writes drop the cached pages.
  if (opts.outsideWritesMs) await watchOutsideWrites(parts, opts.outsideWritesMs);
  const app = createApiApp({ writesPerMinute: Number(env.WRITES_PER_MINUTE ?? 600) });
  const music = createMusicApp({ apiUrl: undefined });
  const bus = opts.busHeartbeatMs ? createRedisBus({ heartbeatMs: opts.busHeartbeatMs }) : undefined;
  const upgrade = createUpgradeHandler({ bus });
  const talks = await import('../../src/server/services/talks.ts');
  const messages = await import('../../src/server/services/messages.ts');
  const site = await import('../../src/server/services/site.ts');
  const articles = await import('../../src/server/services/articles.ts');
  const photos = await import('../../src/server/services/photos.ts');
  const comments = await import('../../src/server/services/comments.ts');
  const links = await import('../../src/server/services/links.ts');
  const bangumi = await import('../../src/server/services/bangumi.ts');
  const resources = await import('../../src/server/services/resources.ts');
  const shown: Record<string, (id: number, q: URLSearchParams) => Promise<unknown>> = {
    '/page': async () => null,
    '/talks': () => talks.listTalks(1, 10, null),
    '/talk': (id) => talks.getTalk(id, null),
    '/messages': () => messages.listMessages({ current: 1, size: 10 }, null),
    '/message': (id) => messages.getMessage(id, null),
    '/config': () => site.getConfig(),
    // As src/pages/article.astro reads: the article, its body, its neighbours and related articles.
    '/article': async (id) => {
      const article = await articles.getArticle(id);
      if (!article) return null;
      const [rendered, related] = await Promise.all([
        articles.renderedArticle(article),
        articles.getRecommendations(id),
      ]);
      return { article, html: rendered.html, related };
    },
    '/home': () => articles.listHomeArticles(1, 8),
    '/rss': () => articles.listPublicArticles(20),
    '/albums': () => photos.listAlbums(),
    '/album': async (id) => [await photos.getAlbum(id), await photos.listPhotos(id)],
    // The first page of a thing's comments (type ?t=), as a page that renders them would read it.
    '/comments': (id, q) =>
      comments.listParents(
        { type: Number(q.get('t')) as 1, for_id: id, current: 1, size: 10, order: 'new' },
        null,
      ),
    '/links': () => links.listLinks({ current: 1, size: 10, status: 2 }),
    '/bangumi': () => bangumi.listBangumi({ current: 1, size: 10 }),
    '/resources': () => resources.listResources('front'),
    '/sites': () => resources.listSites(),
    '/banner': (_id, q) => site.pageHeaderFor(q.get('r') as 'Home'),
  };
  let renders = 0;
  const page = pageCache.withPageCache(async (req, res) => {
    renders++;
    const url = new URL(req.url ?? '/', 'http://x');
    const read = shown[url.pathname];
    if (!read) return void res.writeHead(404).end();
    const data = await read(Number(url.searchParams.get('id')), url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<p>render ${renders}</p><pre>${JSON.stringify(data)}</pre>`);
  });
  const server = http.createServer((req, res) => page(req, res));
  server.on('upgrade', upgrade.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  resolveSite(port);

  let closed = false;
  return {
    adminId: prepared.adminId,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    hub: upgrade.hub,
    client,
    views,
    tally,
    pageCacheStats: pageCache.pageCacheStats,
    /** A new ordinary user (password Passw0rd!) and a token for them. */
    async user(name = `u${Math.random().toString(36).slice(2, 9)}`) {
      const id = await createUser({ username: name, password: 'Passw0rd!', nick_name: `昵称${name}` });
      const row = await connection.db
        .selectFrom('user')
        .select(['id', 'role', 'token_version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { id, name, token: await signToken(row) };
    },
    /** The signing key kept in the database now (undefined with JWT_SECRET). */
    async storedKey() {
      const row = await connection.db
        .selectFrom('secret')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirst();
      return row?.value;
    },
    /** A new public article; its id. */
    async article() {
      const row = await connection.db
        .insertInto('article')
        .values(
          articleRow({
            slug: `a-${Math.random().toString(36).slice(2)}`,
            article_title: '多进程',
            author_id: prepared.adminId,
            article_content: '正文',
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** The /api app, from `ip`. */
    async call(method: string, url: string, body?: unknown, token?: string, ip = '127.0.0.1') {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.request(
        url,
        { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
        { ip },
      );
      return {
        status: res.status,
        headers: res.headers,
        json: (await res.json()) as { code: number; message: string; result?: any },
      };
    },
    /** A GET of the /wapi app (the local music library's API), with the music cookie if given. */
    async wapi(url: string, cookie?: string) {
      const res = await music.request(url, { headers: cookie ? { cookie } : {} }, { ip: '127.0.0.1' });
      return {
        body: (await res.json()) as any,
        cookie: /blog_music=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[0],
      };
    },
    /** A GET of a page (see above) through the page cache: its body and whether it came from the cache. */
    async page(path = '/page') {
      const res = await fetch(`${this.url}${path}`, { signal: AbortSignal.timeout(10_000) });
      return { status: res.status, body: await res.text(), cache: res.headers.get('x-page-cache') };
    },
    async close() {
      if (closed) return;
      closed = true;
      await upgrade.close();
      await bus?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await life.close();
    },
  };
}

/** Polls `check` until it holds (or fails after `ms`): no fixed sleeps. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
