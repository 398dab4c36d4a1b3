import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSafeUrl } from '../../../lib/article.ts';
import { type ArticleFile, type Flavor, type ReadFile, readArticleFile } from '../../../lib/front-matter.ts';
import { hasNul, NUL_MESSAGE } from '../../../lib/nul.ts';
import { db } from '../../db/connection.ts';
import { updateFromFile } from '../article-files.ts';
import { getArticleBySlug } from '../articles/read.ts';
import { insertArticleIn, numberedSlug, passwordHash } from '../articles/write.ts';
import { claimOldUrls, oldUrlsOf } from '../old-urls.ts';
import type { ImportOptions } from './detect.ts';
import { hexoTags } from './hexo-tags.ts';
import { fetchPicture } from './markdown-fetch.ts';
import { firstFew, located, surveyPictures } from './markdown-pictures.ts';
import { type BlogSite, blogSite, postFolders } from './markdown-site.ts';
import { oldAddresses } from './permalinks.ts';
import { ownerId } from './rows.ts';
import type { Item, Plan } from './types.ts';
import { unpackFolder, unzipTo } from './unpack.ts';
import { type Fetched, Relinker, remotePictures } from './uploads.ts';

/**
 * A folder (or a zip) of Markdown files with front matter — ours, Hexo's, Hugo's or Jekyll's
 * (docs/owner-guide.md#导入与导出). Every post comes: an article is known by its slug (pinyin for a
 * Chinese name); the first file, in name order, asking for a slug is that slug (and may be the article
 * of that slug already here: our own export coming back, an earlier import), a later one asking for
 * it too becomes `slug-2`, `slug-3`… under an identity of its own. The old addresses the blog gave
 * the post (its own configuration's rules, permalinks.ts) are kept for a 301. Pictures beside the
 * posts or embedded as data: URIs are uploaded and relinked; remote ones are fetched with
 * --fetch-images, else kept and listed.
 */

const MB = 1024 * 1024;
/** The largest Markdown file read as a post. */
const MAX_POST_BYTES = 64 * MB;

/** Folders of a blog's source that hold no posts (its theme, its built site, its packages). */
const NOT_POSTS = new Set(['node_modules', '.git', 'themes', 'public', 'resources', '_site', '.deploy_git']);

/** The folders a blog root without a configuration holds its posts in, and whose they are. */
const KNOWN: [string, Flavor][] = [
  ['source/_posts', 'hexo'],
  ['source/_drafts', 'hexo'],
  ['content', 'hugo'],
  ['_posts', 'jekyll'],
  ['_drafts', 'jekyll'],
];

const isDir = async (dir: string) => (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;

/** The folders that hold the posts, and whose layout they are; the folder itself when none. */
async function postFoldersOf(root: string, site?: BlogSite): Promise<{ dirs: string[]; flavor?: Flavor }> {
  if (site) {
    const dirs: string[] = [];
    for (const sub of postFolders(site))
      if (await isDir(path.join(root, sub))) dirs.push(path.join(root, sub));
    return { dirs, flavor: site.kind };
  }
  const found = [];
  for (const [sub, flavor] of KNOWN) if (await isDir(path.join(root, sub))) found.push({ sub, flavor });
  return found.length
    ? { dirs: found.map((f) => path.join(root, f.sub)), flavor: found[0].flavor }
    : { dirs: [root] };
}

async function markdownFiles(dir: string, found: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !NOT_POSTS.has(entry.name)) await markdownFiles(full, found);
    else if (entry.isFile() && /\.(md|markdown)$/i.test(entry.name)) found.push(full);
  }
  return found;
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

/** The addresses a file names itself, where no blog configuration says more (our own export…). */
function ownAddresses(read: ReadFile, site?: BlogSite): string[] {
  const aliases = site?.kind === 'hugo' ? [] : read.aliases.map((a) => (a.startsWith('/') ? a : `/${a}`));
  if (site) return aliases;
  const permalink = String(read.data.permalink ?? read.data.url ?? '').trim();
  return permalink && !permalink.includes(':') ? [...aliases, permalink] : aliases;
}

type Parsed = { file: string; rel: string; where: string; read?: ReadFile; error?: string };

export async function markdownPlan(dir: string, shown = dir, options: ImportOptions = {}): Promise<Plan> {
  const root = path.resolve(dir);
  const source = 'markdown';
  const relink = new Relinker(source);
  const notes: string[] = [];
  const site = await blogSite(root).catch((err: Error) => {
    notes.push(`${err.message}：旧地址只按 front matter 里写明的记录`);
    return undefined;
  });
  const { dirs, flavor } = await postFoldersOf(root, site);
  const all: string[] = [];
  for (const folder of dirs) await markdownFiles(folder, all);
  all.sort();
  const posix = (file: string) => path.relative(root, file).split(path.sep).join('/');
  // Hugo's _index.md is a section's page, not a post; the folders that have one are its sections.
  const sectionFiles = all.filter((f) => path.basename(f) === '_index.md');
  const contentDir = site?.kind === 'hugo' ? site.contentDir : 'content';
  const sections = new Set(
    sectionFiles.map((f) => path.posix.dirname(posix(f)).slice(contentDir.length + 1)),
  );
  const items: Item[] = sectionFiles.map((f) => ({
    kind: 'article',
    sourceId: posix(f),
    label: posix(f),
    where: path.join(shown, posix(f)),
    skip: '栏目页（_index.md）是 Hugo 栏目的首页，不是文章',
  }));
  const parsed: Parsed[] = [];
  for (const file of all.filter((f) => path.basename(f) !== '_index.md')) {
    const rel = posix(file);
    const where = path.join(shown, rel);
    try {
      // Read whole, so not past this (pictures pasted in as data: URIs make a post large, not this large).
      if ((await stat(file)).size > MAX_POST_BYTES)
        throw new Error(`文件超过 ${MAX_POST_BYTES / MB} MB，不是一篇文章`);
      const text = await readFile(file, 'utf8');
      // As the API refuses it (PostgreSQL stores no NUL in text): the same on both databases.
      if (hasNul(text)) throw new Error(NUL_MESSAGE);
      const base = path.basename(file).replace(/\.(md|markdown)$/i, '');
      // A Hugo page bundle (posts/x/index.md) is named by its folder.
      const stem = base === 'index' && path.dirname(file) !== root ? path.basename(path.dirname(file)) : base;
      parsed.push({ file, rel, where, read: readArticleFile(text, stem, { flavor, where: rel }) });
    } catch (err) {
      parsed.push({ file, rel, where, error: err instanceof Error ? err.message : String(err) });
    }
  }
  // The first file asking for a slug is that slug; the rest are given others (never one of these).
  const firstOf = new Map<string, string>();
  for (const p of parsed)
    if (p.read && !firstOf.has(p.read.article.slug)) firstOf.set(p.read.article.slug, p.rel);
  const wanted = new Set(firstOf.keys());
  const fetching = options.fetchImages;
  const fetcher = fetching
    ? (url: string): Promise<Fetched> => fetchPicture(url, fetching === true ? {} : fetching)
    : undefined;
  const noAddress = new Map<string, string[]>();
  const remote: string[] = [];
  const missing: string[] = [];
  const fetchFailed = new Set<string>();
  for (const { file, rel, where, read, error } of parsed) {
    if (!read) {
      items.push({ kind: 'article', sourceId: rel, label: rel, where, error });
      continue;
    }
    const inDrafts = /(^|\/)_drafts\//.test(rel);
    // Jekyll's and Hexo's drafts folders hold drafts whatever the file says.
    // Hexo's {% asset_img %} and its kind written out first, so their pictures are found and copied.
    const tagged = { ...read.article, article_content: hexoTags(read.article.article_content) };
    const article: ArticleFile = inDrafts ? { ...tagged, status: 3 } : tagged;
    const label = `《${article.article_title}》`;
    const first = firstOf.get(article.slug) === rel;
    const computed = oldAddresses(site, {
      rel,
      data: read.data,
      title: article.article_title,
      draft: inDrafts || article.status === 3,
      born: site?.kind === 'hexo' ? (await stat(file)).birthtime : undefined,
      isSection: (d) => sections.has(d),
    });
    if (computed.missing) noAddress.set(computed.missing, [...(noAddress.get(computed.missing) ?? []), rel]);
    const addresses = [...computed.addresses, ...ownAddresses(read, site)];
    for (const w of read.warnings) notes.push(`${where}：${w}`);
    const locate = locator(root, file);
    const coverRef = read.coverRef && (await located(read.coverRef, locate)) ? read.coverRef : undefined;
    if (read.coverRef && !coverRef) notes.push(`${where}：封面图片找不到，已去掉：${read.coverRef}`);
    const survey = await surveyPictures(article.article_content, coverRef ?? article.article_cover, locate);
    for (const bad of survey.badData)
      notes.push(`${where}：一张内嵌图片（data: URI，${bad.size}）保留原样：${bad.reason}`);
    missing.push(...survey.missing.map((m) => `${rel}: ${m}`));
    remote.push(...survey.remote);
    // A new article's password, hashed here: never inside the write's transaction.
    const password = (await passwordHash(article)) ?? '';
    const fetched = (failed: { url: string; reason: string }[]) => {
      for (const f of failed)
        if (!fetchFailed.has(f.url)) {
          fetchFailed.add(f.url);
          // Said in the run's report: the notes are the report's.
          notes.push(`${where}：外链图片下载失败，保留原地址：${f.url}（${f.reason}）`);
        }
    };
    // Remote pictures fetched by `prepare`, before the item's transaction (--fetch-images only).
    let fetchedHere: ReadonlyMap<string, Fetched> = new Map();
    const relinked = async (a: ArticleFile): Promise<ArticleFile> => {
      const remoteText = await relink.remoteImages(a.article_content, fetchedHere);
      const remoteCover = await relink.remoteUrl(a.article_cover, fetchedHere);
      fetched([...remoteText.failed, ...remoteCover.failed]);
      const text = await relink.dataImages(await relink.localImages(remoteText.md, locate));
      const cover = await relink.localUrl(coverRef ?? remoteCover.url, locate);
      return { ...a, article_content: text, article_cover: isSafeUrl(cover) ? cover : '' };
    };
    items.push({
      kind: 'article',
      sourceId: first ? article.slug : `${article.slug}#${rel}`,
      label,
      where,
      adopt: first ? async () => (await getArticleBySlug(article.slug))?.id : undefined,
      prepare: fetcher
        ? async () => {
            const urls = [...remotePictures(article.article_content), article.article_cover];
            fetchedHere = await relink.prefetch(urls, fetcher);
          }
        : undefined,
      update: async (id) => {
        relink.trx = db;
        const changed = await updateFromFile(id, await relinked(article));
        // An earlier import (or our own export coming back) gains the addresses it did not have.
        const before = new Set(await oldUrlsOf(id));
        const held = await claimOldUrls(db, id, addresses, source);
        return changed || held.some((k) => !before.has(k));
      },
      write: async ({ trx }) => {
        relink.trx = trx;
        const a = await relinked(article);
        const slug = first
          ? article.slug
          : await numberedSlug(trx, article.slug.slice(0, 70), { skip: wanted, suffixed: true });
        const id = await insertArticleIn(trx, { ...a, slug, tagIdList: [] }, await ownerId(trx), password);
        await claimOldUrls(trx, id, addresses, source);
        return id;
      },
    });
  }
  notes.unshift(
    `${all.length} 个 Markdown 文件`,
    ...(site
      ? [`${SITE_NAME[site.kind]} 博客（${site.config}）：按它的永久链接设置记录每篇文章的旧地址`]
      : []),
  );
  for (const [token, files] of noAddress)
    notes.push(`${files.length} 篇文章算不出旧地址（永久链接里的 ${token} 没有值）：${firstFew(files)}`);
  if (missing.length) notes.push(`${missing.length} 张本地图片找不到，保留原地址：${firstFew(missing)}`);
  const distinct = [...new Set(remote)];
  if (distinct.length)
    notes.push(
      fetcher
        ? `${distinct.length} 张外链图片将下载到本站（--fetch-images，只下载公网地址的图片）`
        : `${distinct.length} 张外链图片保留原地址（导入时加 --fetch-images 可下载到本站）：${firstFew(distinct)}`,
    );
  return { format: 'markdown', source, items, notes };
}

const SITE_NAME: Record<BlogSite['kind'], string> = { hexo: 'Hexo', hugo: 'Hugo', jekyll: 'Jekyll' };

/** A folder of a blog's source that holds no posts: none of its files is unpacked from a zip. */
const inNotPosts = (entry: string) =>
  entry
    .split('/')
    .slice(0, -1)
    .some((part) => NOT_POSTS.has(part));

/**
 * A zip of Markdown files: unpacked under DATA_DIR (unpack.ts: within the limits, counting what is
 * inflated) into a folder that goes when the run ends.
 */
export async function zipPlan(file: string, options: ImportOptions = {}): Promise<Plan> {
  const name = path.basename(file);
  const dir = await unpackFolder();
  try {
    await unzipTo(file, dir, name, inNotPosts);
    // A zip of a blog's folder holds that folder: its root is the blog's (its _config.yml, hugo.toml).
    const top = await readdir(dir, { withFileTypes: true });
    const only = top.length === 1 && top[0].isDirectory() ? path.join(dir, top[0].name) : dir;
    const plan = await markdownPlan(only, only === dir ? name : path.join(name, top[0].name), options);
    return { ...plan, close: () => rm(dir, { recursive: true, force: true }) };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
