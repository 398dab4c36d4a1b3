import './runtime.ts';
import { readdirSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { canonicalPageUrl } from '../lib/page-query.ts';
import { serviceOf } from '../lib/route-path.ts';
import { createApiApp } from './api/app.ts';
import { auditSettled } from './api/audit.ts';
import { closeDatabase, prepareWhenReachable } from './boot/database.ts';
import { watchSigningKey } from './boot/secret.ts';
import { createUpgradeHandler, refuseUpgrade } from './chat/upgrade.ts';
import { ConfigError, initConfig } from './config.ts';
import { isDatabaseUnavailable } from './core/db-unavailable.ts';
import { logger } from './core/log.ts';
import { answerProbe, healthProbe, readyChecksFor } from './health.ts';
import { createMusicApp } from './music/app.ts';
import { createCaps, serverOptions } from './net/caps.ts';
import { serveCachedPage, withPageCache } from './page-cache.ts';
import { pickEncoding } from './page-compress.ts';
import { pagesChanged, watchOutsideWrites } from './page-sync.ts';
import { admit, refuseRequest } from './request-guard.ts';
import { startScaleOut } from './scale-out.ts';
import { applySecurityHeaders } from './security.ts';
import { startBinPurge } from './services/articles/trash.ts';
import { startAuditPurge } from './services/audit.ts';
import { startIdempotencyPurge } from './services/idempotency.ts';
import { startLinkHealth } from './services/link-health.ts';
import { MusicStopped, startMusic, stopMusic } from './services/music/service.ts';
import { stopMarkdownWorkers } from './services/render-pool.ts';
import { startViewFlush } from './services/views/flush.ts';
import { resolveSite } from './site.ts';
import { serveAsset } from './static.ts';
import { serveUpload } from './uploads/serve.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST = path.join(ROOT, 'dist');

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Every file of the client build, by URL path, read once at start (no stat per request). */
function clientFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(`/${path.relative(dir, full).split(path.sep).join('/')}`, full);
    }
  };
  try {
    walk(dir);
  } catch {
    /* no client build: pages still render, assets 404 */
  }
  return files;
}

async function loadAstro(): Promise<NodeHandler> {
  const entry = path.join(DIST, 'server', 'entry.mjs');
  const mod = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  return mod.handler;
}

export type RunningServer = { server: http.Server; url: string; site: string; close: () => Promise<void> };

/** Starts the whole site on one HTTP server: /api, /wapi, /ws, /uploads, assets, pages. */
export async function startServer(
  env: Record<string, string | undefined> = process.env,
): Promise<RunningServer> {
  const cfg = initConfig(env);
  // REDIS_URL: the processes share chat, page invalidation, limits and view dedupe (issue 21).
  const stopScaleOut = await startScaleOut(cfg);
  // A database not reachable yet is waited for, with a log line every few seconds (issue 29).
  const prepared = await prepareWhenReachable(cfg);
  // The CLI's writes (import, create-admin…) drop this process's pages within seconds (page-sync.ts).
  const stopWatch = await watchOutsideWrites();
  // `npm run blog -- rotate-secret` replaces the key kept in the database: this process reads the new
  // one within 5 s and refuses every token of the old (boot/secret.ts). JWT_SECRET is not watched.
  const stopKeyWatch = cfg.jwtSecretFromEnv ? () => {} : watchSigningKey(cfg);
  if (prepared.generatedPassword) {
    // Printed once: the password is not stored anywhere in plain text.
    console.log(
      `\n  管理员账号已创建 / admin account created\n  username: ${cfg.adminUsername}\n  password: ${prepared.generatedPassword}\n`,
    );
  }
  const api = getRequestListener(createApiApp().fetch);
  const wapi = getRequestListener(createMusicApp().fetch);
  const astro = withPageCache(await loadAstro(), cfg.trustProxy);
  const clientDir = path.join(DIST, 'client');
  const assets = clientFiles(clientDir);
  const caps = createCaps(cfg);
  const upgrade = createUpgradeHandler({ admit: caps.admitSocket });
  // What /readyz asks (health.ts): the database, and Redis when REDIS_URL is set.
  const readyChecks = readyChecksFor(cfg);

  const server = http.createServer(serverOptions(cfg), (req, res) => {
    if (caps.refuseRequest(req, res)) return;
    // Probes: for any Host (a probe names the machine), never cached, never a page view.
    const probe = healthProbe(req.url);
    if (probe) return void answerProbe(probe, req, res, readyChecks).catch(() => res.destroy());
    // Host and target first: nothing below ever sees a foreign Host or an unresolved path.
    const target = admit(req, cfg.trustProxy);
    if (!target) return refuseRequest(req, res);
    const { pathname } = target;
    // Any case, repeated slashes allowed (`/API/…`, `//wapi//song/detail`): each app routes the path
    // in its own routes' spelling (api/routing.ts).
    const service = serviceOf(pathname);
    if (service) return routed(service === 'api' ? api : wapi, req, res);
    if (pathname.startsWith('/uploads/')) {
      applySecurityHeaders(req, res, cfg.trustProxy);
      return serveUpload(req, res, pathname);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && assets.has(pathname)) {
      applySecurityHeaders(req, res, cfg.trustProxy);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (serveAsset(req, res, clientDir, pathname, assets, encoding)) return;
    }
    // A page: it renders, and is cached, under its pathname and only the parameters it reads.
    req.url = canonicalPageUrl(pathname, target.search);
    // A cached page is answered with headers prepared when it was stored.
    if (serveCachedPage(req, res, cfg.trustProxy)) return;
    applySecurityHeaders(req, res, cfg.trustProxy);
    return astro(req, res);
  });
  const routed = (handler: NodeHandler, req: IncomingMessage, res: ServerResponse) => {
    applySecurityHeaders(req, res, cfg.trustProxy);
    return handler(req, res);
  };
  caps.attach(server);
  server.on('upgrade', (req, socket, head) => {
    if (!admit(req, cfg.trustProxy)) return refuseUpgrade(socket, 400, 'Bad Request');
    upgrade.handle(req, socket, head);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // Destroyed once the answer is out: a client that never closes its side (a slow-header client
    // cut off by the header timeout) would otherwise hold the socket, and its address's slot, for ever.
    if (!socket.writable) return socket.destroy();
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.port, cfg.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // The default SITE_URL is where the server listens: with PORT=0, the port it got.
  const site = resolveSite(port);
  const host = cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  // The local music library (the demo songs on a first start) is prepared after listening, so it
  // never delays the first page; /wapi calls wait for it.
  if (!cfg.musicApiUrl)
    startMusic(cfg).catch((err) => {
      if (!(err instanceof MusicStopped)) logger.error({ err }, 'music library failed');
    });

  // Binned articles past their 30 days go for good: now, then daily (services/articles/trash.ts).
  const binPurge = startBinPurge();
  // Page and article views counted in memory go to the database every minute and at the stop.
  const viewFlush = startViewFlush();
  // The friend links' sites: checked now, then every LINK_CHECK_HOURS (services/link-health.ts).
  // A link that went down or came back changes /link/list's mark (issue 31): those pages are dropped.
  const linkHealth = cfg.linkCheckHours
    ? startLinkHealth(cfg.linkCheckHours * 3_600_000, {
        onShownChange: () => pagesChanged({ tags: ['links'] }),
      })
    : undefined;
  // Audit log rows older than 180 days go the same way (services/audit.ts).
  const auditPurge = startAuditPurge();
  // Idempotency keys (issue 29) are kept a day: purged now, then hourly (services/idempotency.ts).
  const keyPurge = startIdempotencyPurge();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting; in-flight requests finish, idle keep-alive sockets are closed now.
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await upgrade.close();
      const force = setTimeout(() => server.closeAllConnections(), 4000);
      await done;
      clearTimeout(force);
      stopWatch();
      stopKeyWatch();
      binPurge.stop();
      await binPurge.first;
      await viewFlush.stop();
      await linkHealth?.stop();
      auditPurge.stop();
      await auditPurge.first;
      keyPurge.stop();
      await keyPurge.first;
      await auditSettled();
      await stopMusic();
      await stopMarkdownWorkers();
      await stopScaleOut();
      await closeDatabase();
    })();
    return closing;
  };
  return { server, url, site: site.origin, close };
}

export async function main(): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A promise of a background job that met the database away (issue 29) is no reason to stop the
  // site; anything else still ends the process, as Node's default does.
  process.on('unhandledRejection', (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    logger.warn({ err: (err as Error).message }, 'database unavailable in a background task');
  });
  console.log(`Blog listening on ${running.url}`);
  if (running.site !== running.url) console.log(`Site: ${running.site}`);
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.main) await main();
