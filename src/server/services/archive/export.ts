import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import { config } from '../../config.ts';
import { asDiskFull } from '../../core/disk-full.ts';
import { MSG } from '../../core/messages.ts';
import { db, dialect } from '../../db/connection.ts';
import { NOT_IN_BACKUPS } from '../backup.ts';

/**
 * The whole-site archive (docs/owner-guide.md#导入与导出, docs/decisions/0018-moving-in-and-out.md):
 * a .tar.gz holding manifest.json, every table's rows as JSON Lines (tables/<name>.jsonl), every
 * upload (uploads/) and the music library (music/). No secrets: the tables no backup holds
 * (services/backup.ts NOT_IN_BACKUPS) are left out, as are the tables that only hold the moment's
 * state (ARCHIVE_SKIPS).
 */

export const ARCHIVE_FORMAT = 'blog-site-archive';
export const ARCHIVE_VERSION = 1;

/** Moment-to-moment state a moved site starts without: pending sign-in codes, spent captchas, request replays. */
const ARCHIVE_SKIPS = ['music_qr', 'altcha_used', 'idempotency_key', 'article_autosave'];

export type ManifestEntry = { path: string; rows?: number; bytes: number; sha256: string };

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  /** The newest migration of the site that wrote it: a site older than that cannot read it. */
  schema: string;
  dialect: string;
  /** Its own id: importing the same archive twice does nothing the second time. */
  id: string;
  createdAt: string;
  site: string;
  tables: ManifestEntry[];
  files: ManifestEntry[];
};

/** The tables an archive holds, by name. */
export async function archivedTables(): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const left = new Set<string>([...NOT_IN_BACKUPS, ...ARCHIVE_SKIPS]);
  return tables
    .map((t) => t.name)
    .filter((name) => !left.has(name) && !name.startsWith('kysely_') && !name.includes('_fts'))
    .sort();
}

export async function latestMigration(): Promise<string> {
  const row = await sql<{
    name: string;
  }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  return row.rows[0]?.name ?? '';
}

const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

async function filesUnder(dir: string, prefix: string): Promise<ManifestEntry[]> {
  const found: ManifestEntry[] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, full).split(path.sep).join('/');
    found.push({ path: `${prefix}/${rel}`, bytes: (await stat(full)).size, sha256: await sha256File(full) });
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** Rows in a stable order: by id where there is one, else as stored. */
async function tableRows(table: string): Promise<Record<string, unknown>[]> {
  const columns = (await db.introspection.getTables()).find((t) => t.name === table)?.columns ?? [];
  let q = db.selectFrom(table as 'meta').selectAll();
  if (columns.some((c) => c.name === 'id')) q = q.orderBy('id' as never);
  return (await q.execute()) as Record<string, unknown>[];
}

/** Writes the archive to `file` (a new file); returns its manifest. */
export async function exportArchive(file: string): Promise<Manifest> {
  const target = path.resolve(file);
  if (await stat(target).catch(() => undefined)) throw new Error(`${target} 已存在：请换一个文件名`);
  const stage = await mkdtemp(path.join(tmpdir(), 'blog-archive-'));
  try {
    const tables: ManifestEntry[] = [];
    for (const table of await archivedTables()) {
      const rows = await tableRows(table);
      const text = rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
      const rel = `tables/${table}.jsonl`;
      await writeFile(path.join(stage, `${table}.jsonl`), text);
      tables.push({
        path: rel,
        rows: rows.length,
        bytes: Buffer.byteLength(text),
        sha256: createHash('sha256').update(text).digest('hex'),
      });
    }
    const files = [
      ...(await filesUnder(config.uploadsDir, 'uploads')),
      ...(await filesUnder(config.musicDir, 'music')),
    ];
    const site = await db.selectFrom('config').select('blog_name').executeTakeFirst();
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      schema: await latestMigration(),
      dialect,
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      site: site?.blog_name ?? '',
      tables,
      files,
    };
    await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The archive's layout from three places: the staged tables, and the uploads and music folders
    // as they are (linked into the stage; tar packs what the links point at).
    const root = await mkdtemp(path.join(tmpdir(), 'blog-archive-root-'));
    try {
      await symlink(stage, path.join(root, 'tables'));
      await symlink(config.uploadsDir, path.join(root, 'uploads')).catch(() => {});
      await symlink(config.musicDir, path.join(root, 'music')).catch(() => {});
      await symlink(path.join(stage, 'manifest.json'), path.join(root, 'manifest.json'));
      await tar
        .c({ gzip: true, file: target, cwd: root, follow: true, portable: true }, [
          'manifest.json',
          ...tables.map((t) => t.path),
          ...files.map((f) => f.path),
        ])
        .catch(async (err) => {
          await rm(target, { force: true });
          throw asDiskFull(err, MSG.diskFullExport);
        });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
