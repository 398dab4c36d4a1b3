import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { normaliseHost } from '../lib/site-origin.ts';
import { LOG_LEVELS, type LogLevel, logger } from './core/log.ts';

/** Environment variables that accept "true"/"false"/"1"/"0"/"yes"/"no". */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

/** A whole number from `min` to `max`, or `fallback` when unset. */
const wholeNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? String(fallback) : v.trim()))
    .pipe(z.string().regex(/^\d+$/, `must be a whole number from ${min} to ${max}`))
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `must be a whole number from ${min} to ${max}`)
        .max(max, `must be a whole number from ${min} to ${max}`),
    );

/** SITE_URL: an http(s) origin only (a path, query or user name would leak into every link). */
const siteUrl = optionalUrl(['http:', 'https:']).refine((v) => {
  if (v === undefined || !URL.canParse(v)) return true; // the URL rule above says so
  const u = new URL(v);
  return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
}, 'must be an origin such as https://blog.example (no path, query or user name)');

/** SITE_ALIASES: comma-separated host[:port] names also accepted in Host. */
const siteAliases = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((a) => normaliseHost(a) !== null),
    'must be host[:port] names separated by commas',
  );

const EnvSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? '4321' : v))
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number from 0 to 65535'))
    .transform(Number)
    .pipe(z.number().int().min(0, 'must be from 0 to 65535').max(65535, 'must be from 0 to 65535')),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  SITE_URL: siteUrl,
  SITE_ALIASES: siteAliases,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // PostgreSQL: connections this process keeps open at most (node-postgres' pool).
  PG_POOL_MAX: wholeNumber(10, 1, 1000),
  // A shared Redis for several processes (chat, page-cache invalidation, limits, view
  // dedupe; src/server/redis). Unset: all of it stays in this process.
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  REDIS_PREFIX: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || 'blog:')
    .pipe(z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')),
  MUSIC_DIR: z.string().trim().optional(),
  // Uploads and the generated demo pictures: a shared volume when several machines serve.
  UPLOADS_DIR: z.string().trim().optional(),
  MUSIC_API_URL: optionalUrl(['http:', 'https:']),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(5, 'must be 5 to 16 characters')
    .max(16, 'must be 5 to 16 characters')
    .default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: bool(true),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // One address may hold this many HTTP connections (behind TRUST_PROXY: requests in flight) and
  // WebSockets; 0 turns a cap off.
  MAX_CONNECTIONS_PER_IP: wholeNumber(100, 0, 1_000_000),
  MAX_WEBSOCKETS_PER_IP: wholeNumber(20, 0, 1_000_000),
  HEADERS_TIMEOUT_MS: wholeNumber(20_000, 100, 600_000),
  // How often the friend links' sites are checked in the background; 0 turns it off.
  LINK_CHECK_HOURS: wholeNumber(6, 0, 720),
  // Seconds a cached page may keep showing a like count after it changed (0: at once).
  PAGE_COUNTS_MAX_AGE: wholeNumber(60, 0, 300),
  // Reply mails (services/mail): the SMTP server, smtp://user:pass@host:587 or smtps://…:465; unset
  // sends nothing. MAIL_FROM is the sender ("博客 <noreply@blog.example>"); by default the SMTP user.
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  // Pictures decoded or encoded at once per process (services/images): uploads' variants queue behind it.
  IMAGE_CONCURRENCY: wholeNumber(1, 1, 16),
  // An import's archive (a zip of Markdown, the site's .tar.gz) unpacks to at most this many MB (docs/security.md).
  IMPORT_MAX_UNPACKED_MB: wholeNumber(1024, 1, 1_048_576),
});

/** Every setting's name: docs/configuration.md and .env.example must list exactly these (tests/unit/docs.test.ts). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape);

export type Config = {
  port: number;
  host: string;
  /** SITE_URL as given; the resolved origin is site() of ./site.ts. */
  siteUrl?: string;
  siteAliases: string[];
  dataDir: string;
  databaseUrl?: string;
  /** The shared Redis, and the prefix of every key and channel this blog uses there. */
  redisUrl?: string;
  redisPrefix: string;
  /** PG_POOL_MAX: the PostgreSQL connections of this process at most. */
  pgPoolMax: number;
  musicDir: string;
  /** UPLOADS_DIR: uploaded files and the demo pictures (default DATA_DIR/uploads). */
  uploadsDir: string;
  musicApiUrl?: string;
  /**
   * The signing key: JWT_SECRET, else the one kept in the database, loaded by prepareDatabase
   * (boot/secret.ts); '' until then. A key kept in the database may change while the server runs
   * (`rotate-secret`, boot/secret.ts watchSigningKey): read it here at each use, never keep a copy.
   */
  jwtSecret: string;
  /** JWT_SECRET was set: the key is the environment's, never stored, watched nor rotated by the CLI. */
  jwtSecretFromEnv: boolean;
  adminUsername: string;
  adminPassword?: string;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: LogLevel;
  maxConnectionsPerIp: number;
  maxWebSocketsPerIp: number;
  headersTimeoutMs: number;
  /** Hours between the background checks of the friend links' sites; 0: none (the console's button still checks). */
  linkCheckHours: number;
  /** PAGE_COUNTS_MAX_AGE: seconds a cached page may keep showing a like count after a like (page-cache.ts). */
  pageCountsMaxAge: number;
  /** SMTP_URL: where mail is sent (services/mail/transport.ts); unset, no mail is queued or sent. */
  smtpUrl?: string;
  /** MAIL_FROM, or undefined: the SMTP user's address, else noreply@ the site's host. */
  mailFrom?: string;
  /** IMAGE_CONCURRENCY: pictures this process decodes or encodes at once (services/images/process.ts). */
  imageConcurrency: number;
  /** IMPORT_MAX_UNPACKED_MB: the most an import's archive unpacks to (services/import/unpack.ts), in MB. */
  importMaxUnpackedMb: number;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function parseEnv(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl: e.SITE_URL,
    siteAliases: e.SITE_ALIASES,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    pgPoolMax: e.PG_POOL_MAX,
    musicDir: e.MUSIC_DIR ? path.resolve(e.MUSIC_DIR) : path.join(dataDir, 'music'),
    uploadsDir: e.UPLOADS_DIR ? path.resolve(e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    musicApiUrl: e.MUSIC_API_URL,
    jwtSecret: e.JWT_SECRET ?? '',
    jwtSecretFromEnv: e.JWT_SECRET !== undefined,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    maxWebSocketsPerIp: e.MAX_WEBSOCKETS_PER_IP,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    linkCheckHours: e.LINK_CHECK_HOURS,
    pageCountsMaxAge: e.PAGE_COUNTS_MAX_AGE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    imageConcurrency: e.IMAGE_CONCURRENCY,
    importMaxUnpackedMb: e.IMPORT_MAX_UNPACKED_MB,
  };
}

/** What the server keeps in DATA_DIR that others on the machine must not read, with its mode. */
const PRIVATE_PATHS: [string, number][] = [
  ['', 0o700],
  ['secrets', 0o700],
  ['secrets/jwt.key', 0o600],
  ['blog.db', 0o600],
  ['blog.db-wal', 0o600],
  ['blog.db-shm', 0o600],
];

/**
 * DATA_DIR holds the database (password hashes, tokens' key) and the secrets: only the server's
 * user may read it. Everything the process creates from now on is 0600 (directories 0700), and an
 * existing data dir from before is closed up too.
 */
function protectDataDir(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    /* worker threads cannot set it; the modes below still apply */
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const [file, mode] of PRIVATE_PATHS) {
    const full = path.join(dataDir, file);
    try {
      if (existsSync(full)) chmodSync(full, mode);
    } catch (err) {
      // A data dir owned by another user (a mounted volume): it works, but say so.
      logger.warn({ err, file: full }, 'could not restrict the permissions of a data file');
    }
  }
}

export let config: Config;

export function initConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env);
  // The logger was created at import with LOG_LEVEL of process.env; the checked value wins.
  if (env.LOG_LEVEL !== undefined) logger.level = parsed.logLevel;
  protectDataDir(parsed.dataDir);
  config = parsed;
  return config;
}
