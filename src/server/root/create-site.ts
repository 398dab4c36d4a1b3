import type http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from '../api/app.ts';
import { auditSettled } from '../api/audit.ts';
import { closeDatabase, prepareWhenReachable } from '../boot/database.ts';
import { watchSigningKey } from '../boot/secret.ts';
import { createUpgradeHandler } from '../chat/upgrade.ts';
import { type Config, initConfig } from '../config.ts';
import { Lifecycle } from '../core/lifecycle.ts';
import { logger } from '../core/log.ts';
import { db, type OpenDatabase } from '../db/connection.ts';
import { readyChecksFor } from '../health.ts';
import { createMusicApp } from '../music/app.ts';
import { createCaps } from '../net/caps.ts';
import { invalidatePages, withPageCache } from '../page-cache.ts';
import { pagesChanged, watchOutsideWrites } from '../page-sync.ts';
import { startScaleOut } from '../scale-out.ts';
import { renderMissing, startRenderUpkeep } from '../services/articles/rendering-upkeep.ts';
import { startScheduledPublish } from '../services/articles/schedule.ts';
import { startBinPurge } from '../services/articles/trash.ts';
import { startAuditPurge } from '../services/audit.ts';
import { startIdempotencyPurge } from '../services/idempotency.ts';
import { forgetFacts, PICTURES_TAG } from '../services/images/library.ts';
import { type ImageQueueOptions, setImageQueue, startImageQueue } from '../services/images/queue.ts';
import type { Clock, JobParts } from '../services/job-parts.ts';
import { startLinkHealth } from '../services/link-health.ts';
import { setMailer } from '../services/mail/outbox.ts';
import { type SenderOptions, startMailSender } from '../services/mail/sender.ts';
import { createMailer, type Mailer, mailFrom } from '../services/mail/transport.ts';
import { MusicStopped, startMusic, stopMusic } from '../services/music/service.ts';
import { oldUrlRedirect } from '../services/old-urls.ts';
import { stopMarkdownWorkers } from '../services/render-pool.ts';
import { startViewFlush } from '../services/views/flush.ts';
import { resolveSite, siteUrl } from '../site.ts';
import { createFront, listen, type NodeHandler, stopAccepting } from './front.ts';

const DIST = path.resolve(import.meta.dirname, '../../../dist');

/** The boot's rendering of articles that have none, with a log line every 10 % (or every 50). */
async function renderArticlesMissing(parts: JobParts): Promise<void> {
  let said = 0;
  const done = await renderMissing(parts.db, (n, total) => {
    if (n === 1) logger.info({ total }, 'rendering article bodies that have no stored rendering');
    if (n - said >= Math.max(50, total / 10) || n === total) {
      said = n;
      logger.info({ done: n, total }, 'article bodies rendered');
    }
  });
  if (done) logger.info({ done }, 'every article body has its rendering');
}

/** The upkeep job's progress in the log: its first render, then every 50. */
function upkeepLog() {
  return (n: number) => {
    if (n === 1 || n % 50 === 0) logger.info({ done: n }, 'article bodies rendered again (renderer changed)');
  };
}

async function loadAstro(): Promise<NodeHandler> {
  const entry = path.join(DIST, 'server', 'entry.mjs');
  const mod = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  return mod.handler;
}

export type SiteDeps = {
  /** The environment the configuration is read from (config.ts); process.env by default. */
  env?: Record<string, string | undefined>;
  /**
   * A database its caller opened (db/connection.ts openDatabase): the site migrates and uses it
   * instead of opening DATA_DIR's or DATABASE_URL's, and leaves it open at its close (the caller's
   * to close). The configuration still names its kind (DATABASE_URL set: PostgreSQL).
   */
  database?: OpenDatabase;
  /** The page renderer; by default the Astro build in dist/ (tests without a build give their own). */
  pages?: NodeHandler;
  /** The client build's folder (assets); dist/client by default. */
  clientDir?: string;
  /** What every time-based job takes as now (the purges, the link checks); the real time by default. */
  clock?: Clock;
  /**
   * What sends mail (services/mail/transport.ts): by default SMTP_URL's nodemailer transport, none
   * without it (no mail is queued). A test passes its own, or SMTP_URL of its own SMTP server.
   */
  mailer?: Mailer;
  /** The mail sender job's timings (services/mail/sender.ts); tests shorten the back-off. */
  mailSender?: SenderOptions;
  /** The image variants queue's timings (services/images/queue.ts); tests shorten the lease. */
  imageQueue?: ImageQueueOptions;
};

export type Site = {
  server: http.Server;
  url: string;
  site: string;
  config: Config;
  close: () => Promise<void>;
};

/**
 * The composition root (docs/decisions/0001-composition-root.md):
 * the one place a site is built, from its configuration to the HTTP
 * server, and the only one that sets the process's module-level parts (config.ts `config`,
 * db/connection.ts `db`, the chat hub, the music library) that Astro pages and services read. Every
 * part and background job registers its stop with the site's Lifecycle where it starts; `close` runs
 * them newest first, so the HTTP server stops accepting first, then the jobs that write, then Redis,
 * and the database last. After `close` another site may be created in the same process, on other
 * data (tests/api/create-site.test.ts). A new job is started below with `life` and registers itself.
 */
export async function createSite(deps: SiteDeps = {}): Promise<Site> {
  const cfg = initConfig(deps.env ?? process.env);
  const life = new Lifecycle();
  try {
    return await build(cfg, life, deps);
  } catch (err) {
    // A start that fails (the port taken, a migration that fails) leaves nothing open behind it.
    await life.close();
    throw err;
  }
}

async function build(cfg: Config, life: Lifecycle, deps: SiteDeps): Promise<Site> {
  // First registered, last closed: everything stopped before it may still write. A database the
  // caller gave stays open: it is theirs.
  if (!deps.database) life.register('database', closeDatabase);
  // The cached pages showed this site's data: none is left for a site created next in the process.
  life.register('page cache', () => invalidatePages());
  // REDIS_URL: the processes share chat, page invalidation, limits and view dedupe.
  await startScaleOut(life, cfg);
  // A database not reachable yet is waited for, with a log line every few seconds.
  const prepared = await prepareWhenReachable(cfg, deps.database);
  // What every background job is built with: it reads nothing else of the process (services/job-parts.ts).
  const parts: JobParts = { life, db, config: cfg, clock: deps.clock ?? (() => new Date()) };
  // The CLI's writes (import, create-admin…) drop this process's pages within seconds (page-sync.ts).
  await watchOutsideWrites(parts);
  // `npm run blog -- rotate-secret` replaces the key kept in the database: this process reads the new
  // one within 5 s and refuses every token of the old (boot/secret.ts). JWT_SECRET is not watched.
  if (!cfg.jwtSecretFromEnv) watchSigningKey(parts);
  if (prepared.generatedPassword) {
    // Printed once: the password is not stored anywhere in plain text.
    console.log(
      `\n  管理员账号已创建 / admin account created\n  username: ${cfg.adminUsername}\n  password: ${prepared.generatedPassword}\n`,
    );
  }
  // Articles are rendered when written (services/articles/rendering.ts). Those with no rendering yet
  // (the first start after migration 0047, rows written by hand) are rendered before the server
  // listens; those of an older renderer are rendered again in the background while their pages keep
  // the stored HTML, and each one done drops its pages on every process.
  await renderArticlesMissing(parts);
  startRenderUpkeep(parts, { onRendered: pagesChanged, log: upkeepLog() });
  // Parts that requests start when first needed: stopped once the server and the jobs are (after the
  // upkeep job above: a render under way at the stop answers at once).
  life.register('markdown workers', stopMarkdownWorkers);
  life.register('music library', stopMusic);
  life.register('audit writes', auditSettled);

  // The background jobs, started before the server listens so their stops come after its stop
  // (a request still finishing may count a view or write an audit row). Each first run is after
  // the current turn, never in the way of the start.
  // Binned articles past their 30 days go for good: now, then daily (services/articles/trash.ts).
  startBinPurge(parts);
  // Scheduled articles go public at their time on whichever process gets there first, which drops
  // the pages that showed them missing on every process (services/articles/schedule.ts).
  startScheduledPublish(parts, { onPublished: pagesChanged });
  // Page and article views counted in memory go to the database every minute and at the stop.
  startViewFlush(parts);
  // The friend links' sites: checked now, then every LINK_CHECK_HOURS (services/link-health.ts).
  // A link that went down or came back changes /link/list's mark: those pages are dropped.
  if (cfg.linkCheckHours)
    startLinkHealth(parts, cfg.linkCheckHours * 3_600_000, {
      onShownChange: () => pagesChanged({ tags: ['links'] }),
    });
  // Audit log rows older than 180 days go the same way (services/audit.ts).
  startAuditPurge(parts);
  // Idempotency keys are kept a day: purged now, then hourly (services/idempotency.ts).
  startIdempotencyPurge(parts);
  // Mail (docs/configuration.md#mail): requests queue rows in the outbox, this process's sender
  // delivers them with the others' (services/mail/sender.ts). No SMTP_URL and no mailer: mail is off.
  const mailer = deps.mailer ?? (cfg.smtpUrl ? createMailer(cfg.smtpUrl) : undefined);
  if (mailer) {
    const from = (siteName: string) => mailFrom(cfg, new URL(siteUrl()).hostname, siteName);
    const sender = startMailSender(parts, mailer, from, deps.mailSender);
    setMailer({ mailer, from, wake: sender.wake });
    // Closed before the sender stops: a request finishing meanwhile queues nothing more here.
    life.register('mail', () => setMailer(null));
  }
  // Uploads' variants (docs/architecture.md#image-variants): an upload writes a pending row, the
  // queue of one of the processes makes its sizes; the pages that showed pictures are dropped then.
  life.register('picture facts', forgetFacts);
  const images = startImageQueue(parts, {
    onDone: () => pagesChanged({ tags: [PICTURES_TAG] }),
    ...deps.imageQueue,
  });
  setImageQueue(images.wake);
  life.register('image queue wake-up', () => setImageQueue(null));

  const caps = createCaps(cfg);
  const upgrade = createUpgradeHandler({ admit: caps.admitSocket });
  const wapi = createMusicApp();
  const server = createFront({
    cfg,
    api: getRequestListener(createApiApp({ alsoDocumented: [wapi] }).fetch),
    wapi: getRequestListener(wapi.fetch),
    pages: withPageCache(deps.pages ?? (await loadAstro()), cfg.trustProxy),
    clientDir: deps.clientDir ?? path.join(DIST, 'client'),
    caps,
    upgrade,
    // What /readyz asks (health.ts): the database, and Redis when REDIS_URL is set.
    readyChecks: readyChecksFor(cfg),
    oldUrl: oldUrlRedirect,
  });
  // Last registered, first closed: no new request reaches a part being stopped.
  life.register('http server', () => stopAccepting(server, upgrade.close));
  const port = await listen(server, cfg);
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
  return { server, url, site: site.origin, config: cfg, close: () => life.close() };
}
