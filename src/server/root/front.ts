import { readdirSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { oldUrlLookup } from '../../lib/old-url.ts';
import { canonicalPageUrl } from '../../lib/page-query.ts';
import { serviceOf } from '../../lib/route-path.ts';
import { refuseUpgrade, type UpgradeHandler } from '../chat/upgrade.ts';
import type { Config } from '../config.ts';
import { answerProbe, healthProbe, type readyChecksFor } from '../health.ts';
import { type createCaps, serverOptions } from '../net/caps.ts';
import { serveCachedPage, serveDirectHit } from '../page-cache.ts';
import { pickEncoding } from '../page-compress.ts';
import { admit, asksOwnHost, refuseRequest } from '../request-guard.ts';
import { applySecurityHeaders } from '../security.ts';
import { serveAsset } from '../static.ts';
import { serveUpload } from '../uploads/serve.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

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

export type FrontParts = {
  cfg: Config;
  api: NodeHandler;
  wapi: NodeHandler;
  /** The pages, behind the page cache. */
  pages: NodeHandler;
  clientDir: string;
  caps: ReturnType<typeof createCaps>;
  upgrade: { handle: UpgradeHandler };
  readyChecks: ReturnType<typeof readyChecksFor>;
  /** Where an imported article's old address (oldUrlKey) leads now (services/old-urls.ts). */
  oldUrl: (key: string) => Promise<string | undefined>;
};

/** The one HTTP server of a site: /api, /wapi, /ws, /uploads, probes, assets, pages. */
export function createFront(p: FrontParts): http.Server {
  const { cfg, caps } = p;
  const assets = clientFiles(p.clientDir);
  const routed = (handler: NodeHandler, req: IncomingMessage, res: ServerResponse) => {
    applySecurityHeaders(req, res, cfg.trustProxy);
    return handler(req, res);
  };
  const server = http.createServer(serverOptions(cfg), (req, res) => {
    if (caps.refuseRequest(req, res)) return;
    // Most requests are hits for a page's address as its links spell it: answered before parsing.
    if (asksOwnHost(req, cfg.trustProxy) && serveDirectHit(req, res, cfg.trustProxy)) return;
    const raw = req.url;
    // Probes: for any Host (a probe names the machine), never cached, never a page view.
    const probe = healthProbe(req.url);
    if (probe) return void answerProbe(probe, req, res, p.readyChecks).catch(() => res.destroy());
    // Host and target first: nothing below ever sees a foreign Host or an unresolved path.
    const target = admit(req, cfg.trustProxy);
    if (!target) return refuseRequest(req, res);
    const { pathname } = target;
    // Any case, repeated slashes allowed (`/API/…`, `//wapi//song/detail`): each app routes the path
    // in its own routes' spelling (http/routing.ts).
    const service = serviceOf(pathname);
    if (service) return routed(service === 'api' ? p.api : p.wapi, req, res);
    if (pathname.startsWith('/uploads/')) {
      applySecurityHeaders(req, res, cfg.trustProxy);
      return serveUpload(req, res, pathname);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && assets.has(pathname)) {
      applySecurityHeaders(req, res, cfg.trustProxy);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (serveAsset(req, res, p.clientDir, pathname, assets, encoding)) return;
    }
    const page = () => {
      // A page: it renders, and is cached, under its pathname and only the parameters it reads.
      req.url = canonicalPageUrl(pathname, target.search);
      // A cached page is answered with headers prepared when it was stored.
      if (serveCachedPage(req, res, cfg.trustProxy, raw)) return;
      applySecurityHeaders(req, res, cfg.trustProxy);
      return p.pages(req, res);
    };
    // An address the old blog had (`/2023/05/14/常见算法/`, `/?p=123`): a 301 to the imported article.
    // Only for paths that are none of this site's pages, so a page never waits for the lookup.
    const old = req.method === 'GET' || req.method === 'HEAD' ? oldUrlLookup(pathname, target.search) : null;
    if (!old) return page();
    p.oldUrl(old).then(
      (to) => {
        if (!to) return page();
        applySecurityHeaders(req, res, cfg.trustProxy);
        res.writeHead(301, { location: to, 'cache-control': 'public, max-age=3600', 'content-length': 0 });
        res.end();
      },
      // The database away: the page answers as it would (its own 404 or 503).
      () => page(),
    );
  });
  caps.attach(server);
  server.on('upgrade', (req, socket, head) => {
    if (!admit(req, cfg.trustProxy)) return refuseUpgrade(socket, 400, 'Bad Request');
    p.upgrade.handle(req, socket, head);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // Destroyed once the answer is out: a client that never closes its side (a slow-header client
    // cut off by the header timeout) would otherwise hold the socket, and its address's slot, for ever.
    if (!socket.writable) return socket.destroy();
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, () => socket.destroy());
  });
  return server;
}

/** Listens on PORT and HOST; resolves with the port it got (PORT=0: an ephemeral one). */
export async function listen(server: http.Server, cfg: Pick<Config, 'port' | 'host'>): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.port, cfg.host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/**
 * The front's stop: no new connection; in-flight requests finish, idle keep-alive sockets are closed
 * now, the chat's WebSockets are ended (`closeSockets`), and whatever is still open after 4 s is cut.
 */
export async function stopAccepting(server: http.Server, closeSockets: () => Promise<void>): Promise<void> {
  const done = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closeSockets();
  const force = setTimeout(() => server.closeAllConnections(), 4000);
  await done;
  clearTimeout(force);
}
