import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ArticleFile, fileFromArticle, readArticleFile } from '../../lib/front-matter.ts';
import { hasNul, NUL_MESSAGE } from '../../lib/nul.ts';
import { ROLE } from '../../lib/role.ts';
import { asDiskFull } from '../core/disk-full.ts';
import { MSG } from '../core/messages.ts';
import { writeWhole } from '../core/whole-file.ts';
import { db } from '../db/connection.ts';
import { uploadedFile } from '../uploads/serve.ts';
import * as articles from './articles.ts';
import { verifyPassword } from './auth.ts';
import { claimOldUrls, oldUrlsOf } from './old-urls.ts';

/**
 * `npm run blog -- import <folder>` and `export <folder>` (cli/index.ts; the demo seed imports its
 * articles the same way): Markdown files with front matter (see src/lib/front-matter.ts), one per
 * article, named by the article's slug. Importing is idempotent: an article is matched by slug,
 * created when new, updated only when something differs.
 */

export type ImportReport = {
  created: string[];
  updated: string[];
  unchanged: string[];
  failed: { file: string; error: string }[];
};

async function markdownFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(md|markdown)$/i.test(entry.name))
      found.push(path.join(entry.parentPath, entry.name));
  }
  return found.sort();
}

async function authorId(): Promise<number> {
  const admin = await db
    .selectFrom('user')
    .select('id')
    .where('role', '=', ROLE.admin)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) throw new Error('没有管理员账号：先运行 npm run blog -- create-admin <username>');
  return admin.id;
}

/** What differs between the stored article and the file (empty when nothing does). */
function differences(stored: articles.ArticleDetail, file: ArticleFile): Partial<articles.ArticleInput> {
  const patch: Partial<articles.ArticleInput> = {};
  const plain = [
    'article_title',
    'article_content',
    'article_cover',
    'article_description',
    'is_top',
    'status',
    'type',
    'origin_url',
  ] as const;
  for (const key of plain) if (stored[key] !== file[key]) Object.assign(patch, { [key]: file[key] });
  // Absent from the file: left as they are.
  for (const key of ['meta_description', 'meta_keywords'] as const)
    if (file[key] !== undefined && file[key] !== stored[key]) patch[key] = file[key];
  if (file.publish_at && file.publish_at !== stored.publish_at) patch.publish_at = file.publish_at;
  if (file.createdAt && file.createdAt !== stored.createdAt) patch.createdAt = file.createdAt;
  if ((stored.categoryName ?? undefined) !== file.category_name) {
    if (file.category_name) patch.category_name = file.category_name;
    else patch.category_id = null;
  }
  const same = (a: string[], b: string[]) =>
    a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  if (!same(stored.tagNameList, file.tagNameList)) patch.tagNameList = file.tagNameList;
  return patch;
}

/**
 * The file's password where it differs from the stored hash (a plain one is checked against it). The
 * hash is read only for a file that names a password: most files do not.
 */
async function passwordChange(id: number, file: ArticleFile): Promise<Partial<articles.ArticleInput>> {
  if (file.password_hash === undefined && file.password === undefined) return {};
  const stored = await storedPassword(id);
  if (file.password_hash !== undefined)
    return file.password_hash === stored ? {} : { password_hash: file.password_hash };
  if (file.password === '') return stored ? { password: '' } : {};
  return stored && (await verifyPassword(file.password ?? '', stored)) ? {} : { password: file.password };
}

/** An article's stored password hash ("" for none): no answer of the services carries it. */
async function storedPassword(id: number): Promise<string> {
  const row = await db.selectFrom('article').select('password').where('id', '=', id).executeTakeFirst();
  return row?.password ?? '';
}

/** Brings article `id` up to date with its file; true when something differed. */
export async function updateFromFile(id: number, parsed: ArticleFile): Promise<boolean> {
  const stored = await articles.getArticle(id, { admin: true });
  if (!stored) throw new Error('文章读取失败');
  const patch = {
    ...differences(stored, parsed),
    ...(await passwordChange(id, parsed)),
  };
  if (!Object.keys(patch).length) return false;
  // A file's `updated` is kept only when it is newer than what is stored; otherwise the edit is now.
  const updatedAt = parsed.updatedAt && parsed.updatedAt > stored.updatedAt ? parsed.updatedAt : undefined;
  await articles.updateArticle(id, { ...patch, updatedAt });
  return true;
}

export async function importArticles(dir: string): Promise<ImportReport> {
  const report: ImportReport = { created: [], updated: [], unchanged: [], failed: [] };
  const files = await markdownFiles(dir);
  const author = files.length ? await authorId() : 0;
  for (const file of files) {
    const name = path.relative(dir, file);
    try {
      const text = await readFile(file, 'utf8');
      // As the API refuses it (PostgreSQL stores no NUL in text): the same on both databases.
      if (hasNul(text)) throw new Error(NUL_MESSAGE);
      const read = readArticleFile(text, path.basename(file).replace(/\.(md|markdown)$/i, ''), {
        where: name,
      });
      const parsed = read.article;
      const existing = await articles.getArticleBySlug(parsed.slug);
      if (!existing) {
        const id = await articles.createArticle({ ...parsed, tagIdList: [] }, author);
        await claimOldUrls(db, id, read.aliases, 'markdown');
        report.created.push(name);
        continue;
      }
      // The export's `aliases` come back as the article's old addresses.
      await claimOldUrls(db, existing.id, read.aliases, 'markdown');
      if (await updateFromFile(existing.id, parsed)) report.updated.push(name);
      else report.unchanged.push(name);
    } catch (err) {
      report.failed.push({ file: name, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}

/** The site's uploads an article uses (its text and its cover), as their /uploads/ paths. */
const USED_UPLOAD = /\/uploads\/[^\s"'()<>[\]?#]+/g;

/**
 * Copies the uploads the text uses into <dir>/uploads/, under the same paths, so the links stay as
 * written: a Hexo blog serves them once the folder is put under its source/ (docs/owner-guide.md#导入与导出).
 */
async function copyUsedUploads(dir: string, text: string, copied: Set<string>): Promise<void> {
  for (const [url] of text.matchAll(USED_UPLOAD)) {
    if (copied.has(url)) continue;
    copied.add(url);
    const found = uploadedFile(url.slice('/uploads/'.length));
    if (!found) continue;
    const target = path.join(dir, ...url.split('/').filter(Boolean));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(found.file, target).catch((err) => {
      throw asDiskFull(err, MSG.diskFullExport);
    });
  }
}

/** Writes every article (all statuses) as <slug>.md, with the uploads they use; returns the number written. */
export async function exportArticles(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true }).catch((err) => {
    throw asDiskFull(err, MSG.diskFullExport);
  });
  // The password hashes with the ids: no answer of the services carries them.
  const rows = await db.selectFrom('article').select(['id', 'password']).orderBy('id').execute();
  let written = 0;
  const copied = new Set<string>();
  for (const { id, password } of rows) {
    const a = await articles.getArticle(id, { admin: true });
    if (!a) continue;
    const text = fileFromArticle({
      ...a,
      category_name: a.categoryName ?? undefined,
      password_hash: password,
      // Its old addresses (Hugo's key): the redirect table goes with the files and comes back with them.
      aliases: await oldUrlsOf(id),
    });
    // Whole files only: a full disk stops the export with 存储空间不足，导出失败, no file cut short.
    await writeWhole(path.join(dir, `${a.slug}.md`), text, { replace: true }).catch((err) => {
      throw asDiskFull(err, MSG.diskFullExport);
    });
    await copyUsedUploads(dir, text, copied);
    written++;
  }
  return written;
}
