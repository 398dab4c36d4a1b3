import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSafeUrl } from '../../../lib/article.ts';
import { hasNul, NUL_MESSAGE } from '../../../lib/nul.ts';
import { slugify } from '../../../lib/slug.ts';
import type { Db } from '../articles/db.ts';
import { insertArticleIn, numberedSlug, passwordHash } from '../articles/write.ts';
import { claimOldUrls } from '../old-urls.ts';
import { MAX_IMAGE_BYTES, sniffImage } from '../uploads.ts';
import type { MysqlReach } from './mysql-connect.ts';
import { categoryId, ownerId, tagId, termName } from './rows.ts';
import { commentItems } from './typecho-comments.ts';
import { type Row, readMysql, readSqlite, type TypechoDb } from './typecho-db.ts';
import {
  attachmentOf,
  bodyOf,
  DEFAULT_ROUTES,
  dateParts,
  fillRoute,
  routesOf,
  siteAddresses,
  statusOf,
} from './typecho-format.ts';
import type { Item, Plan } from './types.ts';
import { Relinker } from './uploads.ts';

/**
 * A Typecho blog's database (docs/owner-guide.md#导入与导出), MySQL/MariaDB or SQLite: categories and
 * tags, posts and pages as articles (drafts as drafts, hidden and private as private, a password kept
 * hashed, the cover from the `thumb` field), their comments with threads, the pictures of usr/uploads
 * copied when the folder is given, and every post's old addresses answered with a 301.
 */

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => {
  const x = Number(v);
  return Number.isFinite(x) ? x : 0;
};
/** Typecho keeps times as Unix seconds (UTC). */
const iso = (seconds: unknown) => (n(seconds) > 0 ? new Date(n(seconds) * 1000).toISOString() : undefined);

/** PHP's urlencode, as Typecho spells a slug in an address (a space is `+`). */
const urlencode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');

/** Fields themes keep a post's cover in, the first found wins. */
const COVER_FIELDS = ['thumb', 'cover', 'thumbnail', 'banner'];

export async function typechoMysqlPlan(
  url: string,
  uploadsDir?: string,
  reach?: MysqlReach,
): Promise<Plan | undefined> {
  const found = await readMysql(url, reach);
  return found && typechoPlan(found, uploadsDir);
}

export async function typechoSqlitePlan(file: string, uploadsDir?: string): Promise<Plan> {
  return typechoPlan(await readSqlite(file), uploadsDir);
}

/** The folder given, or its usr/uploads when it is Typecho's root. */
async function uploadsRoot(dir?: string): Promise<string | undefined> {
  if (!dir) return undefined;
  const inner = path.join(dir, 'usr', 'uploads');
  return (await stat(inner).catch(() => undefined))?.isDirectory() ? inner : dir;
}

/** Why a picture of usr/uploads cannot be copied from the folder, or '' when it can. */
async function notCopyable(dir: string | undefined, address: string): Promise<string> {
  if (!dir) return '没有给出 --uploads 文件夹';
  const rel = address.split('/usr/uploads/')[1] ?? '';
  let decoded = rel;
  try {
    decoded = decodeURIComponent(rel);
  } catch {}
  const file = path.resolve(dir, decoded);
  if (!rel || !file.startsWith(path.resolve(dir) + path.sep)) return '地址不在 usr/uploads 下';
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return `${dir} 里没有 ${decoded}`;
  if (info.size > MAX_IMAGE_BYTES) return '文件太大';
  return sniffImage(await readFile(file)) ? '' : '不是图片';
}

/** A slug from Typecho's (Chinese spelled in pinyin), else from the title; `-2`… when taken here. */
async function slugFor(trx: Db, wanted: string, title: string, cid: string): Promise<string> {
  let decoded = wanted;
  try {
    decoded = decodeURIComponent(wanted);
  } catch {}
  // Typecho fills an empty slug with the cid, and a draft of a published post with `@cid`.
  const own = /^\d*$/.test(wanted) || wanted.startsWith('@') ? '' : slugify(decoded);
  const base = own || slugify(title) || `post-${cid}`;
  return numberedSlug(trx, base);
}

export async function typechoPlan(tc: TypechoDb, uploadsGiven?: string): Promise<Plan> {
  const { rows, prefix, source, shown } = tc;
  const where = (table: string, key: string, id: unknown) => `${shown} 表 ${prefix}${table} ${key}=${s(id)}`;
  const option = (name: string) => s(rows.options.find((o) => s(o.name) === name && n(o.user) === 0)?.value);
  const siteUrl = option('siteUrl');
  const timezone = option('timezone') === '' ? 28800 : n(option('timezone'));
  const routes = routesOf(option('routingTable'));
  const uploadsDir = await uploadsRoot(uploadsGiven);
  const relink = new Relinker(source, uploadsDir, '/usr/uploads/');
  const notes: string[] = [];
  const items: Item[] = [];

  // Categories and tags.
  const metas = new Map(rows.metas.map((m) => [s(m.mid), m]));
  const shortened: string[] = [];
  for (const m of rows.metas) {
    const type = s(m.type);
    const name = s(m.name).trim();
    const item = {
      kind: type === 'category' ? 'category' : 'tag',
      sourceId: s(m.mid),
      label: ` ${name}`,
      where: where('metas', 'mid', m.mid),
    };
    if (type !== 'category' && type !== 'tag')
      items.push({ ...item, skip: `不导入的类型 ${type || '（无）'}` });
    else if (!name) items.push({ ...item, skip: '名称为空' });
    else {
      if (termName(name) !== name) shortened.push(`「${name}」→「${termName(name)}」`);
      items.push({
        ...item,
        write: ({ trx }) => (type === 'category' ? categoryId(trx, name) : tagId(trx, name)),
      });
    }
  }
  const termsOf = new Map<string, Row[]>();
  for (const r of rows.relationships) {
    const meta = metas.get(s(r.mid));
    if (meta) termsOf.set(s(r.cid), [...(termsOf.get(s(r.cid)) ?? []), meta]);
  }
  /** A category's slugs from the top: Typecho's `[directory]`. */
  const directory = (m: Row) => {
    const slugs = [s(m.slug)];
    const seen = new Set([s(m.mid)]);
    for (let up = metas.get(s(m.parent)); up && !seen.has(s(up.mid)); up = metas.get(s(up.parent))) {
      seen.add(s(up.mid));
      slugs.unshift(s(up.slug));
    }
    return slugs.map(urlencode).join('/');
  };
  const fieldsOf = new Map<string, Row[]>();
  for (const f of rows.fields) fieldsOf.set(s(f.cid), [...(fieldsOf.get(s(f.cid)) ?? []), f]);
  const unusedFields = new Map<string, number>();

  // What each post and page becomes, before the attachments (an attachment is used when one refers to it).
  const articles: { r: Row; item: Item; text: string; cover: string }[] = [];
  for (const r of rows.contents) {
    const type = s(r.type);
    if (type === 'attachment') continue;
    const cid = s(r.cid);
    const title = s(r.title).trim() || '（无标题）';
    const item: Item = {
      kind: 'article',
      sourceId: cid,
      label: `《${title}》`,
      where: where('contents', 'cid', cid),
    };
    const st = statusOf(type, s(r.status), n(r.parent));
    if ('skip' in st) {
      items.push({ ...item, skip: st.skip });
      continue;
    }
    const text = s(r.text);
    if (hasNul(text) || hasNul(title)) {
      items.push({ ...item, error: NUL_MESSAGE });
      continue;
    }
    const body = bodyOf(text);
    // Typecho's first category is the first by its order, then its id (Widget\Base\Contents).
    const terms = termsOf.get(cid) ?? [];
    const cats = terms
      .filter((m) => s(m.type) === 'category' && s(m.name).trim())
      .sort((a, b) => n(a.order) - n(b.order) || n(a.mid) - n(b.mid));
    const [first, ...others] = cats;
    const tagNames = [...others, ...terms.filter((m) => s(m.type) === 'tag')].map((m) => termName(s(m.name)));
    let cover = '';
    for (const f of fieldsOf.get(cid) ?? []) {
      const value = s(f[`${s(f.type) || 'str'}_value`]).trim();
      if (!cover && COVER_FIELDS.includes(s(f.name)) && isSafeUrl(value)) cover = value;
      else unusedFields.set(s(f.name), (unusedFields.get(s(f.name)) ?? 0) + 1);
    }
    // A new article's password, hashed here: never inside the write's transaction (Typecho keeps it plain).
    const password = s(r.password) ? ((await passwordHash({ password: s(r.password) })) ?? '') : '';
    const created = iso(r.created);
    // Typecho shows a published post dated ahead only from its time: scheduled here.
    const scheduled = st.status === 1 && n(r.created) * 1000 > Date.now();
    const values = {
      cid,
      slug: urlencode(s(r.slug)),
      category: first ? urlencode(s(first.slug)) : '',
      directory: first ? directory(first) : '',
      ...dateParts(n(r.created), timezone),
    };
    const route = type === 'page' ? routes.page : routes.post;
    const paths = [
      fillRoute(route, values),
      fillRoute(DEFAULT_ROUTES[type === 'page' ? 'page' : 'post'], values),
    ];
    // A draft never had an address.
    const addresses =
      st.status === 3
        ? []
        : siteAddresses(
            siteUrl,
            [...new Set(paths)].filter((p) => p !== undefined),
          );
    const description = [...body.excerpt.replace(/\s+/g, ' ').trim()].slice(0, 200).join('');
    items.push(item);
    articles.push({ r, item, text, cover });
    item.write = async ({ trx }) => {
      relink.trx = trx;
      const id = await insertArticleIn(
        trx,
        {
          slug: await slugFor(trx, s(r.slug), title, cid),
          article_title: [...title].slice(0, 100).join(''),
          article_content: await relink.markdown(body.markdown),
          article_cover: cover ? await relink.url(cover) : '',
          article_description: description,
          status: st.status,
          publish_at: scheduled ? created : undefined,
          createdAt: created,
          updatedAt: iso(r.modified) ?? created,
          category_name: first ? termName(s(first.name)) : undefined,
          tagNameList: [...new Set(tagNames)],
        },
        await ownerId(trx),
        password,
      );
      await claimOldUrls(trx, id, addresses, source);
      return id;
    };
  }

  // Attachments, before the posts: a picture copied here is the one the posts that use it link to.
  const attachmentItems: Item[] = [];
  let copies = 0;
  for (const r of rows.contents) {
    if (s(r.type) !== 'attachment') continue;
    const item: Item = {
      kind: 'attachment',
      sourceId: s(r.cid),
      label: ` ${s(r.title) || s(r.slug)}`,
      where: where('contents', 'cid', r.cid),
    };
    attachmentItems.push(item);
    const info = attachmentOf(s(r.text));
    if (!info) {
      item.skip = '附件信息无法读取（text 不是 Typecho 写的格式）';
      continue;
    }
    const address = siteAddresses(siteUrl, [info.path])[0];
    const users = articles.filter((a) => a.text.includes(info.path) || a.cover.includes(info.path));
    if (!users.length) {
      item.skip = `没有被任何导入的文章使用（${address}）`;
      continue;
    }
    const why = await notCopyable(uploadsDir, address);
    if (why) {
      item.skip = `${why}：保留原地址 ${address}（${users.map((a) => a.item.label).join('、')}）`;
      continue;
    }
    copies++;
    item.write = async ({ trx }) => {
      relink.trx = trx;
      if ((await relink.url(address)) === address) throw new Error(`无法复制 ${address}`);
      // The copy is recorded by its content (kind `image`); the attachment itself is no row here.
      return 0;
    };
  }
  const firstArticle = items.findIndex((i) => i.kind === 'article');
  items.splice(firstArticle < 0 ? items.length : firstArticle, 0, ...attachmentItems);

  const planned = items.filter((i) => i.kind === 'article' && !i.skip).map((i) => i.sourceId);
  const comments = commentItems(tc, where, new Set(planned));
  items.push(...comments.items);

  const count = (type: string) => rows.contents.filter((r) => s(r.type) === type).length;
  notes.push(
    `数据库：${shown}（表前缀 ${prefix}；文章 ${count('post')}、页面 ${count('page')}、草稿 ${count('post_draft') + count('page_draft')}、附件 ${count('attachment')}、分类与标签 ${rows.metas.length}、评论 ${rows.comments.length}）`,
    `站点：${option('title') || '（无标题）'} ${siteUrl}`,
    `旧地址：文章 ${routes.post}，页面 ${routes.page}${routes.parsed ? '' : '（routingTable 无法读取，按 Typecho 的默认）'}，另记默认的 /archives/{cid}/ 与 /index.php/… 形式；导入后这些地址 301 到新文章`,
    '页面（page）也导入为文章（本站没有独立页面），旧地址照样跳转；一篇文章有多个分类时，第一个（按 Typecho 的排序）成为分类，其余成为同名标签',
    uploadsDir
      ? `图片从 ${uploadsDir} 复制（地址中 /usr/uploads/ 之后的部分）：${copies} 个附件`
      : '没有给出图片文件夹：usr/uploads 里的图片保留原来的地址（可用 --uploads <Typecho 的 usr/uploads 文件夹> 复制到本站）',
    ...comments.notes,
  );
  if (shortened.length) notes.push(`名称超过 20 个字，已缩短：${shortened.join('，')}`);
  const closed = articles.filter((a) => s(a.r.allowComment) === '0').length;
  if (closed) notes.push(`${closed} 篇在 Typecho 里关闭了评论：本站没有单篇关闭评论的设置，导入后可以评论`);
  if (unusedFields.size)
    notes.push(`自定义字段不导入：${[...unusedFields].map(([name, k]) => `${name}（${k} 篇）`).join('，')}`);
  if (tc.others.length)
    notes.push(
      `这些表不是 Typecho 自带的，不导入：${tc.others.map((t) => `${t.name}（${t.rows} 行）`).join('，')}`,
    );
  if (tc.otherPrefixes.length)
    notes.push(
      `数据库里还有表前缀为 ${tc.otherPrefixes.join('、')} 的 Typecho，这次导入的是 ${prefix}${tc.sqlite ? '' : '（在地址后加 ?prefix=<前缀> 导入另一套）'}`,
    );
  return { format: 'typecho', source, items, notes };
}
