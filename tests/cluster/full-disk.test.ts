import { spawnSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterNode, startNode, stopNode } from '../../scripts/local-services/cluster.ts';
import { freePort } from '../../scripts/local-services/common.ts';
import { encodePng } from '../../src/server/services/music/png.ts';
import { wav } from '../../src/server/services/music/tags.ts';
import { call } from './client.ts';

/**
 * A full disk, for real (docs/decisions/0014-whole-files-and-full-disk.md): one built server process
 * (SQLite) started in a mount namespace of its own (`unshare -rm`, which needs no root) where its uploads
 * and music share a 1 MB tmpfs and DATA_DIR/tmp (the backup download's copies) is another. The test fills
 * them through /proc/<pid>/root (the process's view of the files), asks, and frees them again; the process
 * is never restarted. The CLI's backup gets a full folder the same way.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = { username: 'diskowner', password: 'Disk12345' };
const IMAGE_FULL = { code: 507, message: '存储空间不足，上传失败' };
const BACKUP_FULL = { code: 507, message: '存储空间不足，备份失败' };

/** Mounts a 1 MB tmpfs on $1 (uploads and music in it, a song so no demo music is written) and on $2. */
const MOUNTS = `set -e
mount -t tmpfs -o size=1m blog-files "$1"
mount -t tmpfs -o size=1m blog-tmp "$2"
mkdir "$1/uploads" "$1/music"
cp "$3" "$1/music/seed.wav"
shift 3
exec "$@"`;

const base = mkdtempSync(path.join(tmpdir(), 'blog-disk-'));
const files = path.join(base, 'files');
const dataDir = path.join(base, 'data');
const backups = path.join(dataDir, 'tmp');
const seedSong = path.join(base, 'seed.wav');
let server: ClusterNode | undefined;
let token = '';

/** A path as the server process sees it (inside its namespace, where the tmpfs are mounted). */
const seen = (p: string) => `/proc/${server?.child.pid}/root${p}`;

/** Fills the filesystem of `dir` to the last byte; returns the filler's path to free it again. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 7);
  try {
    // A short write takes what is left; the next one fails.
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return filler;
}

/** Every regular file under `dir`, relative, sorted (temporary and hidden names included). */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => lstatSync(path.join(dir, name)).isFile())
    .sort();

/** The rows of every table of the server's database. */
function rowCounts(): Record<string, number> {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
      ]),
    );
  } finally {
    db.close();
  }
}

const png = () => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(encodePng(2, 2, () => [200, 40, 40]))], 'a.png'));
  return form;
};
const song = () => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(wav(new Int16Array(800), 8000))], 'new song.wav'));
  form.append('folder', '');
  return form;
};

beforeAll(async () => {
  const can = spawnSync('unshare', ['-rm', 'true'], { timeout: 10_000 });
  if (can.status !== 0)
    throw new Error(`this test needs user and mount namespaces (unshare -rm): ${can.stderr}`);
  for (const dir of [files, backups]) mkdirSync(dir, { recursive: true });
  writeFileSync(seedSong, wav(new Int16Array(800), 8000));
  const port = await freePort();
  server = await startNode(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(files, 'uploads'),
      MUSIC_DIR: path.join(files, 'music'),
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LINK_CHECK_HOURS: '0',
    },
    { wrap: (command) => ['unshare', '-rm', 'sh', '-c', MOUNTS, 'sh', files, backups, seedSong, ...command] },
  );
  const login = await call(server.url, 'POST', '/api/user/login', ADMIN);
  expect(login.json.code, JSON.stringify(login.json)).toBe(0);
  token = login.json.result.token;
}, 120_000);

afterAll(async () => {
  if (server) await stopNode(server);
  rmSync(base, { recursive: true, force: true });
});

describe('a full disk under a running server', () => {
  it('refuses an upload with 507, leaves no file and no row, and takes it once space is freed', async () => {
    const url = server?.url ?? '';
    const uploads = seen(path.join(files, 'uploads'));
    const filler = fill(seen(files));
    const before = { files: filesUnder(seen(files)), rows: rowCounts() };
    const refused = await call(url, 'POST', '/api/upload/img', png(), { token });
    expect(refused.status).toBe(507);
    expect(refused.json).toEqual(IMAGE_FULL);
    expect(filesUnder(seen(files))).toEqual(before.files);
    expect(rowCounts()).toEqual(before.rows);

    // The same process, once there is room again.
    unlinkSync(filler);
    const stored = await call(url, 'POST', '/api/upload/img', png(), { token });
    expect(stored.json.code, JSON.stringify(stored.json)).toBe(0);
    expect(filesUnder(uploads)).toEqual([stored.json.result.url.slice('/uploads/'.length)]);
    expect((await fetch(url + stored.json.result.url)).status).toBe(200);
  });

  it('refuses a song of the music library with 507 and leaves no cut-short file for the scan', async () => {
    const url = server?.url ?? '';
    const music = seen(path.join(files, 'music'));
    const filler = fill(seen(files));
    const before = filesUnder(music);
    const refused = await call(url, 'POST', '/api/upload/music', song(), { token });
    expect(refused.status).toBe(507);
    expect(refused.json).toEqual(IMAGE_FULL);
    expect(filesUnder(music)).toEqual(before);
    unlinkSync(filler);
    const stored = await call(url, 'POST', '/api/upload/music', song(), { token });
    expect(stored.json.code, JSON.stringify(stored.json)).toBe(0);
    expect(filesUnder(music)).toEqual(['new song.wav', 'seed.wav']);
  });

  it('answers the backup download with 507 and leaves no copy in DATA_DIR/tmp', async () => {
    const url = server?.url ?? '';
    const tmp = seen(backups);
    const filler = fill(tmp);
    const download = () =>
      fetch(`${url}/api/backup/download`, { headers: { authorization: `Bearer ${token}` } });
    const refused = await download();
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual(BACKUP_FULL);
    expect(filesUnder(tmp)).toEqual(['filler']);
    unlinkSync(filler);
    const sent = await download();
    expect(sent.status).toBe(200);
    const head = Buffer.from(await sent.arrayBuffer())
      .subarray(0, 15)
      .toString('latin1');
    expect(head).toBe('SQLite format 3');
  });
});

describe('npm run blog -- backup into a full folder', () => {
  it('prints 存储空间不足，备份失败, exits 1 and leaves no file', () => {
    const out = path.join(base, 'out');
    mkdirSync(out);
    // The CLI's own database on the ordinary disk; the backup's folder a full 256 KB tmpfs.
    const script = `mount -t tmpfs -o size=256k blog-out "$1" || exit 90
head -c 1000000 /dev/zero > "$1/filler" 2>/dev/null
"$2" "$3" backup "$1/blog-backup.db"
code=$?
ls -A "$1"
exit $code`;
    const cli = path.join(ROOT, 'src/server/cli/index.ts');
    const run = spawnSync('unshare', ['-rm', 'sh', '-c', script, 'sh', out, process.execPath, cli], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        DATA_DIR: path.join(base, 'cli-data'),
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'Admin12345',
        LOG_LEVEL: 'silent',
      },
    });
    expect(run.stderr).toContain('存储空间不足，备份失败');
    expect(run.status).toBe(1);
    // What the folder held when the CLI had finished: only the filler.
    expect(run.stdout.trim().split('\n')).toEqual(['filler']);
  });
});
