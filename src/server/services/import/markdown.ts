import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { type ArticleFile, articleFromFile } from '../../../lib/front-matter.ts';
import { hasNul, NUL_MESSAGE } from '../../../lib/nul.ts';
import { db } from '../../db/connection.ts';
import { updateFromFile } from '../article-files.ts';
import { getArticleBySlug } from '../articles/read.ts';
import { insertArticleIn, passwordHash } from '../articles/write.ts';
import { ownerId } from './rows.ts';
import type { Item, Plan } from './types.ts';
import { Relinker } from './uploads.ts';

/**
 * A folder (or a zip) of Markdown files with front matter — ours, Hexo's, Hugo's or Jekyll's
 * (docs/owner-guide.md#导入与导出). An article is known by its slug: a file imported before is brought
 * up to date when it changed; images beside the posts are copied into the site's uploads and relinked.
 */

/** Folders of a blog's source that hold no posts (its theme, its built site, its packages). */
const NOT_POSTS = new Set(['node_modules', '.git', 'themes', 'public', 'resources', '_site', '.deploy_git']);

/** The folders that hold the posts when `dir` is a blog's root; else `dir` itself. */
async function postFolders(dir: string): Promise<string[]> {
  const known = ['source/_posts', 'source/_drafts', 'content', '_posts', '_drafts'];
  const found: string[] = [];
  for (const sub of known) {
    const full = path.join(dir, sub);
    if ((await stat(full).catch(() => undefined))?.isDirectory()) found.push(full);
  }
  return found.length ? found : [dir];
}

async function markdownFiles(dir: string, found: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !NOT_POSTS.has(entry.name)) await markdownFiles(full, found);
    // Hugo's _index.md is a section's page, not a post.
    else if (entry.isFile() && /\.(md|markdown)$/i.test(entry.name) && entry.name !== '_index.md')
      found.push(full);
  }
  return found;
}

/** A front matter error's line in the file (the YAML parser counts from the line after `---`). */
function withLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const line = (err as { linePos?: { line: number }[] }).linePos?.[0]?.line;
  return line ? `第 ${line + 1} 行：front matter 格式错误（${message.split('\n')[0]}）` : message;
}

/** Where a post's image may be: beside it, in its Hexo asset folder, or under the blog's root. */
function locator(root: string, file: string): (ref: string) => string[] {
  const here = path.dirname(file);
  const stem = path.basename(file).replace(/\.(md|markdown)$/i, '');
  return (ref) => {
    const candidates = ref.startsWith('/')
      ? ['', 'source', 'static', 'assets'].map((sub) => path.join(root, sub, ref))
      : [path.resolve(here, ref), path.join(here, stem, ref)];
    // Never a file outside the folder given.
    return candidates.filter((c) => c.startsWith(root + path.sep));
  };
}

export async function markdownPlan(dir: string, shown = dir): Promise<Plan> {
  const root = path.resolve(dir);
  const source = 'markdown';
  const relink = new Relinker(source);
  const files: string[] = [];
  for (const folder of await postFolders(root)) await markdownFiles(folder, files);
  files.sort();
  const items: Item[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const rel = path.relative(root, file);
    const where = path.join(shown, rel);
    let parsed: ArticleFile;
    try {
      const text = await readFile(file, 'utf8');
      // As the API refuses it (PostgreSQL stores no NUL in text): the same on both databases.
      if (hasNul(text)) throw new Error(NUL_MESSAGE);
      parsed = articleFromFile(text, path.basename(file).replace(/\.(md|markdown)$/i, ''));
    } catch (err) {
      items.push({ kind: 'article', sourceId: rel, label: rel, where, error: withLine(err) });
      continue;
    }
    // Jekyll's and Hexo's drafts folders hold drafts whatever the file says.
    if (/(^|\/)(_drafts)\//.test(rel.split(path.sep).join('/'))) parsed.status = 3;
    const first = seen.get(parsed.slug);
    if (first) {
      items.push({
        kind: 'article',
        sourceId: `${parsed.slug}#${rel}`,
        label: `《${parsed.article_title}》`,
        where,
        skip: `链接别名 ${parsed.slug} 与 ${first} 相同`,
      });
      continue;
    }
    seen.set(parsed.slug, rel);
    const locate = locator(root, file);
    // A new article's password, hashed here: never inside the write's transaction.
    const password = (await passwordHash(parsed)) ?? '';
    const relinked = async (a: ArticleFile) => ({
      ...a,
      article_content: await relink.localImages(a.article_content, locate),
      article_cover: await relink.localUrl(a.article_cover, locate),
    });
    items.push({
      kind: 'article',
      sourceId: parsed.slug,
      label: `《${parsed.article_title}》`,
      where,
      adopt: async () => (await getArticleBySlug(parsed.slug))?.id,
      update: async (id) => {
        relink.trx = db;
        return updateFromFile(id, await relinked(parsed));
      },
      write: async ({ trx }) => {
        relink.trx = trx;
        const a = await relinked(parsed);
        return insertArticleIn(trx, { ...a, tagIdList: [] }, await ownerId(trx), password);
      },
    });
  }
  return { format: 'markdown', source, items, notes: [`${files.length} 个 Markdown 文件`] };
}

/** A zip of Markdown files: unpacked into a temporary folder that goes when the run ends. */
export async function zipPlan(file: string): Promise<Plan> {
  const name = path.basename(file);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(await readFile(file)));
  } catch (err) {
    throw new Error(`${name}：不是有效的 zip 文件（${err instanceof Error ? err.message : err}）`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'blog-import-'));
  try {
    for (const [entry, bytes] of Object.entries(entries)) {
      if (entry.endsWith('/')) continue;
      const target = path.resolve(dir, entry);
      // A name with `..` or a leading `/` would write outside the folder: refused.
      if (!target.startsWith(dir + path.sep)) throw new Error(`${name}：文件名不安全：${entry}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    const plan = await markdownPlan(dir, name);
    return { ...plan, close: () => rm(dir, { recursive: true, force: true }) };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
