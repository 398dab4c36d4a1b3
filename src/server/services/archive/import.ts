import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { config } from '../../config.ts';
import { db } from '../../db/connection.ts';
import type { Db } from '../articles/db.ts';
import { renderMissing } from '../articles/rendering-upkeep.ts';
import { syncSequences } from '../import/rows.ts';
import type { Item, Plan } from '../import/types.ts';
import { unpackFolder, untarTo } from '../import/unpack.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archivedTables, latestMigration, type Manifest } from './export.ts';

/**
 * Importing a whole-site archive (export.ts) into an empty site (docs/decisions/0018-moving-in-and-out.md):
 * every file is checked against the manifest first; the rows of every table are written in one
 * transaction (a site is only whole with all of them), the files next, none overwritten.
 */

/** Parents before children (the foreign keys): these first, in this order, every other table after. */
const FIRST = ['user', 'category', 'tag', 'photo_album', 'article', 'talk', 'message', 'comment'];

/** What makes a site not empty: an archive replaces a site's rows, so it only goes where there are none. */
const CONTENT = ['article', 'talk', 'comment', 'message', 'photo'] as const;

const order = (tables: string[]) =>
  [...tables].sort((a, b) => {
    const ia = FIRST.indexOf(a);
    const ib = FIRST.indexOf(b);
    return (ia < 0 ? FIRST.length : ia) - (ib < 0 ? FIRST.length : ib) || a.localeCompare(b);
  });

async function checkEmpty(): Promise<void> {
  for (const table of CONTENT) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row)
      throw new Error(
        '全站归档只能导入到空的站点：这里已经有文章、说说、评论、留言或照片。请设置 SEED_DEMO=false（不写演示内容），用新的数据目录（或新的数据库）再导入',
      );
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readManifest(dir: string, name: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => {
    throw new Error(`${name}：不是本站的全站归档（没有 manifest.json）`);
  });
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new Error(`${name}：manifest.json 不是有效的 JSON`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`${name}：不是本站的全站归档`);
  if (manifest.version > ARCHIVE_VERSION || manifest.schema > (await latestMigration()))
    throw new Error(`${name}：归档来自更新版本的站点（${manifest.schema}），请先升级本站再导入`);
  for (const entry of [...manifest.tables, ...manifest.files]) {
    // Only the archive's own files: a name leading out of it reads nothing of the server's.
    const here = path.resolve(dir, String(entry.path));
    if (!here.startsWith(dir + path.sep)) throw new Error(`${name}：归档里的文件名不安全：${entry.path}`);
    const bytes = await readFile(here).catch(() => undefined);
    if (!bytes) throw new Error(`${name}：归档缺少文件 ${entry.path}`);
    if (sha256(bytes) !== entry.sha256) throw new Error(`${name}：${entry.path} 的校验和不符，归档已损坏`);
  }
  return manifest;
}

/** A table's rows from its JSON Lines, each cut to the columns this site has. */
async function rowsOf(dir: string, rel: string, columns: Set<string>): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(dir, rel), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line, i) => {
      let row: Record<string, unknown>;
      try {
        row = JSON.parse(line);
      } catch {
        throw new Error(`${rel} 第 ${i + 1} 行不是有效的 JSON`);
      }
      return Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k)));
    });
}

type Schema = { columns: Map<string, Set<string>>; archived: Set<string>; serial: string[] };

/** This site's tables, read before the transaction (on SQLite its one connection is the transaction's). */
async function schemaHere(): Promise<Schema> {
  const tables = await db.introspection.getTables();
  return {
    columns: new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))])),
    archived: new Set(await archivedTables()),
    serial: tables
      .filter((t) => t.columns.some((c) => c.name === 'id' && c.isAutoIncrementing))
      .map((t) => t.name),
  };
}

async function restoreTables(trx: Db, dir: string, manifest: Manifest, schema: Schema): Promise<number> {
  const here = schema.columns;
  const wanted = schema.archived;
  const entries = new Map(manifest.tables.map((t) => [t.path.replace(/^tables\/|\.jsonl$/g, ''), t]));
  const tables = order([...entries.keys()].filter((t) => wanted.has(t) && here.has(t)));
  // Children first out, parents first in.
  for (const table of [...tables].reverse()) await trx.deleteFrom(table as 'meta').execute();
  let written = 0;
  for (const table of tables) {
    const rows = await rowsOf(
      dir,
      (entries.get(table) as { path: string }).path,
      here.get(table) as Set<string>,
    );
    // Batches: PostgreSQL takes at most 65,535 parameters per statement.
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto(table as 'meta')
        .values(rows.slice(i, i + 200) as never)
        .execute();
    written += rows.length;
  }
  return written;
}

export async function archivePlan(file: string): Promise<Plan> {
  const name = path.basename(file);
  // Under DATA_DIR, within the limits of an import's archive (import/unpack.ts).
  const dir = await unpackFolder();
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    await untarTo(file, dir, name);
    const manifest = await readManifest(dir, name);
    const source = `archive:${manifest.id}`;
    // Once imported, the site is this archive's: a second run finds it done instead of refusing.
    const done = await db
      .selectFrom('import_source')
      .select('kind')
      .where('source', '=', source)
      .executeTakeFirst();
    if (!done) await checkEmpty();
    const rows = manifest.tables.reduce((n, t) => n + (t.rows ?? 0), 0);
    const schema = await schemaHere();
    const items: Item[] = [
      {
        kind: 'table',
        sourceId: 'tables',
        label: ` ${manifest.tables.length} 张表，${rows} 行`,
        where: `${name}（tables/）`,
        write: async ({ trx }) => restoreTables(trx, dir, manifest, schema),
      },
    ];
    for (const f of manifest.files) {
      const [top, ...rest] = f.path.split('/');
      const base = top === 'music' ? config.musicDir : config.uploadsDir;
      items.push({
        kind: 'file',
        sourceId: f.path,
        label: ` ${f.path}`,
        where: `${name}（${f.path}）`,
        write: async () => {
          const target = path.resolve(base, ...rest);
          if (!target.startsWith(base + path.sep)) throw new Error('文件名不安全');
          // A file already there stays (a name is never reused for other content).
          if (!(await stat(target).catch(() => undefined))) {
            await mkdir(path.dirname(target), { recursive: true });
            await copyFile(path.join(dir, f.path), target);
          }
          return 0;
        },
      });
    }
    return {
      format: 'archive',
      source,
      items,
      notes: [
        `归档：${manifest.site || '（未命名）'}，${manifest.createdAt} 由 ${manifest.dialect} 导出（${manifest.schema}），${manifest.tables.length} 张表 ${rows} 行，${manifest.files.length} 个文件，校验和无误`,
        '导入后所有人需要重新登录（签名密钥不在归档里）',
      ],
      finish: async () => {
        await syncSequences(schema.serial.filter((t) => schema.archived.has(t)));
        // An archive from before stored renderings (migration 0047) brings bodies without one.
        await renderMissing(db);
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
