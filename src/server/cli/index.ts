import { hostname } from 'node:os';
import path from 'node:path';
import { foldUsername } from '../../lib/names.ts';
import { ROLE } from '../../lib/role.ts';
import { checkPassword, checkUsername } from '../../lib/validation.ts';
import { AUDIT_EVENTS, type AuditEvent } from '../api/audit-actions.ts';
import { closeDatabase, type Prepared, prepareDatabase } from '../boot/database.ts';
import { KEY_POLL_MS, rotateSecret } from '../boot/secret.ts';
import { ConfigError, config, initConfig } from '../config.ts';
import { Lifecycle } from '../core/lifecycle.ts';
import { db, sqlite } from '../db/connection.ts';
import { exportArticles } from '../services/article-files.ts';
import { CLI_ACTOR, recordAudit } from '../services/audit.ts';
import { hashPassword } from '../services/auth.ts';
import { backupTo } from '../services/backup.ts';
import { Library } from '../services/music/library.ts';
import { ensureDemoLibrary, indexFileFor } from '../services/music/service.ts';
import { markPagesChanged, OUTSIDE_WRITES_POLL_MS } from '../services/page-version.ts';
import { disableOtp, otpEnabled } from '../services/two-factor.ts';
import { createUser, randomPassword } from '../services/users.ts';

const HELP = `Usage: npm run blog -- <command>

  migrate                               prepare the database alone (migrations, first admin, demo seed) and exit
  create-admin <username> [password]   make (or promote) an admin; prints a generated password
  disable-2fa <username>                turn off an account's two-factor sign-in (a lost phone and codes)
  backup <file>                         write a consistent copy of the SQLite database
  import <source> [--dry-run] [--uploads <folder>] [--fetch-images] [--allow-private]
                                        a WordPress export (.xml), a Markdown folder or .zip (Hexo,
                                        Hugo, Jekyll), Typecho (mysql:// or its SQLite file), comments
                                        exported from Waline, Twikoo (.json), Artalk (.artrans) or
                                        Disqus (.xml), the original project's mysql://user:pass@host/db,
                                        a whole-site archive (.tar.gz):
                                        a dry run, then the import and its report; --uploads copies
                                        the old site's pictures (wp-content/uploads, usr/uploads,
                                        upload/) from a folder; --fetch-images downloads a Markdown
                                        post's pictures from the web (public addresses only);
                                        --allow-private lets a mysql:// host be this machine or its
                                        network (a local MySQL; otherwise public addresses only)
  export <folder>                       write every article as <slug>.md with front matter
  export --archive <file.tar.gz>        the whole site: every table, upload and song (no secrets);
                                        import it into an empty site to move the blog
  music-scan                            re-read every file of MUSIC_DIR (a running server picks it up)
  images                                make the missing sizes (AVIF, WebP) of every uploaded picture
  render                                render every article's body again now (after an upgrade of the
                                        renderer the running servers do it in the background anyway)
  clear-cache                           make the running servers drop their cached pages (after SQL by hand)
  rotate-secret                         replace the token signing key: every token signed before is refused
  help                                  this text`;

type Command = (args: string[], prepared: Prepared) => Promise<void>;

/** `[#####·····]` of `n` out of `total`. */
const progressBar = (n: number, total: number, width = 20) => {
  const full = total ? Math.round((n / total) * width) : width;
  return `[${'#'.repeat(full)}${'·'.repeat(width - full)}]`;
};

/** The audit log's row of a command: the CLI as the actor, the machine's name as where from. */
async function audit(command: string, event: AuditEvent, about: { ids?: number[]; labels?: string[] } = {}) {
  await recordAudit({
    ...event,
    userId: CLI_ACTOR.userId,
    userName: CLI_ACTOR.userName,
    ids: about.ids ?? [],
    labels: about.labels ?? [],
    method: 'CLI',
    path: `npm run blog -- ${command}`,
    ip: hostname(),
  });
}

/**
 * The commands that may change what public pages show: after one, even a failed one (an import may
 * have saved some files), every running server drops its cached pages within seconds
 * (services/page-version.ts).
 */
const CHANGES_PAGES = new Set(['migrate', 'create-admin', 'import', 'clear-cache', 'images', 'render']);

const commands: Record<string, Command> = {
  // Every command prepares the database first (below); this one only says what that did.
  async migrate(_args, p) {
    console.log(p.migrated.length ? `migrations applied: ${p.migrated.join(', ')}` : 'schema up to date');
    if (p.generatedPassword)
      console.log(`admin account created: ${config.adminUsername}, password: ${p.generatedPassword}`);
    if (p.seeded) console.log('demo content written');
    console.log('database ready');
  },
  async 'create-admin'([username, given]) {
    // The same rules as the register form (docs/product.md#login-and-register-forms), so the admin can also
    // log in through it.
    const badName = checkUsername(username ?? '');
    if (badName) throw new Error(badName);
    const badPassword = given === undefined ? '' : checkPassword(given);
    if (badPassword) throw new Error(badPassword);
    const password = given ?? randomPassword();
    const existing = await db
      .selectFrom('user')
      .select('id')
      // The same account under another case or width (usernames are unique after folding).
      .where((eb) => eb.or([eb('username', '=', username), eb('username_key', '=', foldUsername(username))]))
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('user')
        .set({
          role: ROLE.admin,
          password: await hashPassword(password),
          token_version: (eb) => eb('token_version', '+', 1),
        })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await createUser({ username, password, role: ROLE.admin, nick_name: username });
    }
    console.log(`admin ${username} ready${given ? '' : `, password: ${password}`}`);
  },
  // The way back in for someone who lost both the phone and the recovery codes: whoever
  // runs the server's commands may do it; the audit log keeps that it was done.
  async 'disable-2fa'([username]) {
    if (!username) throw new Error('disable-2fa needs a username');
    const user = await db
      .selectFrom('user')
      .select(['id', 'username', 'nick_name'])
      .where((eb) => eb.or([eb('username', '=', username), eb('username_key', '=', foldUsername(username))]))
      .executeTakeFirst();
    if (!user) throw new Error(`no account named ${username}`);
    if (!(await otpEnabled(user.id))) {
      console.log(`${user.username} has no two-factor sign-in`);
      return;
    }
    await disableOtp(user.id);
    await audit('disable-2fa', AUDIT_EVENTS.otpDisabledByCli, { ids: [user.id], labels: [user.nick_name] });
    console.log(`two-factor sign-in of ${user.username} turned off: the password alone signs in`);
  },
  async backup([file]) {
    if (!file) throw new Error('backup needs a file name');
    if (!sqlite) throw new Error('backup works on the SQLite database; use pg_dump for PostgreSQL');
    const target = path.resolve(file);
    // A full disk prints 存储空间不足，备份失败 and leaves no file (services/backup.ts).
    await backupTo(target).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') throw new Error(`${target} already exists: choose a new file name`);
      throw err;
    });
    console.log(`backup written to ${target}`);
  },
  async import(args) {
    // Loaded when asked for: the readers (mysql2, turndown, tar) would slow every other command's start.
    const { importCommand } = await import('./import.ts');
    const failed = await importCommand(args);
    if (failed) throw new Error(`${failed} 项导入失败，见上面的报告（修正后再次运行，已导入的不会重复）`);
  },
  async export([folder, file]) {
    if (folder === '--archive') {
      if (!file) throw new Error('export --archive needs a file name (site.tar.gz)');
      const { exportArchive } = await import('../services/archive/export.ts');
      const m = await exportArchive(file);
      const rows = m.tables.reduce((n, t) => n + (t.rows ?? 0), 0);
      console.log(
        `archive written to ${path.resolve(file)}: ${m.tables.length} tables, ${rows} rows, ${m.files.length} files`,
      );
      return;
    }
    if (!folder) throw new Error('export needs a folder');
    const n = await exportArticles(path.resolve(folder));
    console.log(`exported ${n} articles to ${path.resolve(folder)}`);
  },
  async 'music-scan'() {
    const cfg = config;
    const demo = await ensureDemoLibrary(cfg);
    if (demo) console.log(`demo library written: ${demo} songs`);
    const lib = new Library({ musicDir: cfg.musicDir, indexFile: indexFileFor(cfg) });
    const t0 = performance.now();
    await lib.scan(true);
    const ms = Math.round(performance.now() - t0);
    console.log(`${cfg.musicDir}: ${lib.songs.size} songs in ${lib.playlists.length} playlists (${ms} ms)`);
    for (const p of lib.playlists) console.log(`  ${p.name}: ${p.songIds.length}`);
  },
  // After a leak (an old backup that held the key, a copied database, a stolen token) the key goes.
  async 'rotate-secret'() {
    if (config.jwtSecretFromEnv)
      throw new Error(
        "JWT_SECRET is set: the signing key is the environment's, not kept in the database, so rotate-secret cannot replace it. Give every process a new JWT_SECRET (at least 16 characters) and restart them.",
      );
    await rotateSecret();
    await audit('rotate-secret', AUDIT_EVENTS.secretRotated).catch((err: Error) => {
      throw new Error(`the signing key was replaced, but its audit log row was not written: ${err.message}`);
    });
    console.log(
      `signing key replaced: within ${KEY_POLL_MS / 1000} s every running server refuses the tokens signed with the old one, so everyone signs in again (the music player's NetEase login too)`,
    );
  },
  async images() {
    // Loaded here only: the other commands never start sharp.
    const { createImageQueue } = await import('../services/images/queue.ts');
    const { recordExistingUploads } = await import('../services/images/scan.ts');
    const found = await recordExistingUploads(config.uploadsDir);
    const pending = await db
      .selectFrom('upload')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'working'])
      .executeTakeFirstOrThrow();
    const total = Number(pending.n);
    console.log(
      `uploads: ${found.recorded} found without a row, ${found.redo} to make again, ${found.skipped} not pictures; ${total} to make`,
    );
    let n = 0;
    let failed = 0;
    const queue = createImageQueue(
      { db, config, clock: () => new Date() },
      {
        onEach: (url, ok) => {
          n++;
          if (!ok) failed++;
          console.log(`${progressBar(n, total)} ${n}/${total} ${ok ? '' : '失败 '}${url}`);
        },
      },
    );
    await queue.runOnce();
    // Rows a running server took meanwhile are its to finish: counted as made by it.
    console.log(`done: ${n - failed} made here, ${failed} failed (see the server log or run again)`);
  },
  // Every article, oldest first, whatever renderer made its stored rendering; one that does not
  // finish keeps what it had (services/articles/rendering-upkeep.ts).
  async render() {
    const { rerender } = await import('../services/articles/rendering-upkeep.ts');
    const ids = (await db.selectFrom('article').select('id').orderBy('id').execute()).map((r) => r.id);
    let unfinished = 0;
    for (const [i, id] of ids.entries()) {
      const outcome = await rerender(db, id, { force: true, kind: 'save' });
      if (outcome === 'unfinished') unfinished++;
      console.log(
        `${progressBar(i + 1, ids.length)} ${i + 1}/${ids.length} #${id}${outcome === 'unfinished' ? ' 未能渲染，保留原来的排版' : ''}`,
      );
    }
    console.log(`done: ${ids.length - unfinished} rendered, ${unfinished} kept as they were (see the log)`);
  },
  // The mark itself is written after every command of CHANGES_PAGES (run, below).
  async 'clear-cache'() {
    console.log(`the running servers drop their cached pages within ${OUTSIDE_WRITES_POLL_MS / 1000} s`);
  },
};

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(HELP);
    return name && name !== 'help' ? 1 : 0;
  }
  // A command's parts stop as a server's do (core/lifecycle.ts): here, the database alone.
  const life = new Lifecycle();
  try {
    const cfg = initConfig();
    life.register('database', closeDatabase);
    const prepared = await prepareDatabase(cfg);
    try {
      await command(args, prepared);
    } finally {
      if (CHANGES_PAGES.has(name)) await markPagesChanged();
    }
    return 0;
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await life.close();
  }
}

process.exitCode = await run(process.argv.slice(2));
