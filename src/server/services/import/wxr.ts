import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { hasNul } from '../../../lib/nul.ts';
import { ROLE } from '../../../lib/role.ts';
import { db } from '../../db/connection.ts';
import { insertArticleIn, passwordHash } from '../articles/write.ts';
import { claimOldUrls, oldUrlsOf } from '../old-urls.ts';
import { categoryId, freeSlug, ownerId, tagId } from './rows.ts';
import { lineOf } from './source-lines.ts';
import type { Item, Plan } from './types.ts';
import { Relinker } from './uploads.ts';
import { commentItems } from './wp-comments.ts';
import { type Attachment, decodeEntities, type Media, wpMarkdown } from './wp-shortcodes.ts';
import { categoryNames, tagName, type WpCategory } from './wp-terms.ts';
import { list, type Node, positions, text, wpTime, wxrParser } from './wp-xml.ts';

/**
 * A WordPress export (WXR, docs/owner-guide.md#导入与导出): categories, tags, posts and pages as
 * articles, their comments with threads, and the uploads they use — copied from a local
 * wp-content/uploads folder when one is given, else left at their addresses. Everything is read and
 * converted when the plan is made, so the dry run knows every failure the run would have; each
 * article keeps its old addresses (`/?p=N`, its permalink) for the site's 301s.
 */

/** A scheduled (`future`) post is public from its time on: insertArticleIn schedules it (status 4). */
const STATUS: Record<string, number> = {
  publish: ARTICLE_STATUS.public,
  future: ARTICLE_STATUS.public,
  private: ARTICLE_STATUS.private,
  draft: ARTICLE_STATUS.draft,
  pending: ARTICLE_STATUS.draft,
};

const name = (v: unknown) => decodeEntities(text(v));

/** Who the report says the imported articles now belong to. */
async function ownerName(): Promise<string> {
  const admin = await db
    .selectFrom('user')
    .select(['username', 'nick_name'])
    .where('role', '=', ROLE.admin)
    .orderBy('id')
    .executeTakeFirst();
  return admin ? `${admin.nick_name || admin.username}（${admin.username}）` : '';
}

function mediaOf(posts: Node[]): Media {
  const byId = new Map<string, Attachment>();
  for (const p of posts) {
    if (text(p['wp:post_type']) !== 'attachment') continue;
    const meta = list(p['wp:postmeta']);
    const id = text(p['wp:post_id']);
    byId.set(id, {
      id,
      url: text(p['wp:attachment_url']),
      title: name(p.title),
      caption: text(p['excerpt:encoded']),
      alt: text(meta.find((m) => text(m['wp:meta_key']) === '_wp_attachment_image_alt')?.['wp:meta_value']),
      parent: text(p['wp:post_parent']),
      order: Number(text(p['wp:menu_order'])) || 0,
    });
  }
  // A gallery without ids: its post's attachments, by menu order then id, as WordPress shows them.
  const childrenOf = (postId: string) =>
    [...byId.values()]
      .filter((a) => a.parent === postId)
      .sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id));
  return { byId, childrenOf };
}

export async function wxrPlan(file: string, uploadsDir?: string): Promise<Plan> {
  const base = path.basename(file);
  const xml = await readFile(file, 'utf8');
  if (hasNul(xml)) throw new Error(`${base}：文件含有 NUL 字符，不是文本文件`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${base} 第 ${valid.err.line} 行：XML 格式错误（${valid.err.msg}）`);
  const channel = (wxrParser.parse(xml) as Node).rss as Node | undefined;
  const ch = channel?.channel as Node | undefined;
  if (!ch) throw new Error(`${base}：不是 WordPress 导出文件（没有 rss/channel）`);
  const at = lineOf(xml);
  const lines = (tag: string) => positions(xml, tag).map(at);
  const [itemLines, commentLines, catLines, tagLines] = ['item', 'wp:comment', 'wp:category', 'wp:tag'].map(
    lines,
  );
  const site = text(ch.link) || text(ch['wp:base_site_url']) || base;
  const source = `wxr:${site}`;
  const relink = new Relinker(source, uploadsDir);
  const posts = list(ch.item);
  const media = mediaOf(posts);
  const items: Item[] = [];
  const notes: string[] = [];

  // Categories and tags: those the file lists, and any a post names that it does not.
  const cats: (WpCategory & { line?: number })[] = list(ch['wp:category']).map((c, i) => ({
    nicename: text(c['wp:category_nicename']) || name(c['wp:cat_name']),
    name: name(c['wp:cat_name']),
    parent: text(c['wp:category_parent']),
    line: catLines[i],
  }));
  const tags: { slug: string; name: string; line?: number }[] = list(ch['wp:tag']).map((t, i) => ({
    slug: text(t['wp:tag_slug']) || name(t['wp:tag_name']),
    name: name(t['wp:tag_name']),
    line: tagLines[i],
  }));
  for (const p of posts)
    for (const c of list(p.category)) {
      const slug = String(c['@_nicename'] ?? '') || name(c);
      if (c['@_domain'] === 'category' && !cats.some((k) => k.nicename === slug))
        cats.push({ nicename: slug, name: name(c), parent: '' });
      if (c['@_domain'] === 'post_tag' && !tags.some((t) => t.slug === slug))
        tags.push({ slug, name: name(c) });
    }
  const named = categoryNames(cats.filter((c) => c.name));
  notes.push(...named.notes);
  const catName = named.names;
  for (const c of cats) {
    const label = catName.get(c.nicename);
    if (!label) continue;
    items.push({
      kind: 'category',
      sourceId: c.nicename,
      label,
      where: `${base}${c.line ? ` 第 ${c.line} 行` : ''}（分类 ${c.nicename}）`,
      write: ({ trx }) => categoryId(trx, label),
    });
  }
  const tagNames = new Map<string, string>();
  for (const t of tags) {
    if (!t.name) continue;
    const short = tagName(t.name);
    if (short.note) notes.push(short.note);
    tagNames.set(t.slug, short.name);
    items.push({
      kind: 'tag',
      sourceId: t.slug,
      label: short.name,
      where: `${base}${t.line ? ` 第 ${t.line} 行` : ''}（标签 ${t.slug}）`,
      write: ({ trx }) => tagId(trx, short.name),
    });
  }

  const used = new Set<string>();
  const unknown = new Map<string, string[]>();
  const missing: string[] = [];
  const byAuthor = new Map<string, number>();
  let empty = 0;
  let several = 0;
  let orphans = 0;
  let commentAt = 0;

  for (const [index, p] of posts.entries()) {
    const id = text(p['wp:post_id']);
    const title = name(p.title) || '（无标题）';
    const where = `${base} 第 ${itemLines[index] ?? '?'} 行（第 ${index + 1} 项，文章 ID ${id}）`;
    const type = text(p['wp:post_type']);
    const comments = list(p['wp:comment']);
    const firstComment = commentAt;
    commentAt += comments.length;
    if (type === 'attachment') continue;
    const wpStatus = text(p['wp:status']);
    const status = STATUS[wpStatus];
    let skip = '';
    if (type !== 'post' && type !== 'page') skip = `不导入的类型 ${type || '（无）'}`;
    else if (!status) skip = `状态 ${wpStatus || '（无）'} 不导入（回收站、修订版本等）`;
    else if (!id) skip = '缺少 wp:post_id';
    const sourceId = id || `#${index}`;
    const label = `《${title}》`;

    let write: Item['write'];
    let update: Item['update'];
    const needs: NonNullable<Item['needs']> = [];
    if (!skip) {
      const author = text(p['dc:creator']);
      byAuthor.set(author, (byAuthor.get(author) ?? 0) + 1);
      // The body and its excerpt (the part before <!--more-->, unless the post has its own).
      const html = text(p['content:encoded']);
      const [more] = html.split(/<!--\s*more\s*-->/);
      const body = wpMarkdown(html.replace(/<!--\s*more\s*-->/, ''), id, media);
      const excerpt =
        text(p['excerpt:encoded']) || (more !== html ? wpMarkdown(more, id, media).markdown : '');
      if (!body.markdown) empty++;
      for (const n of body.unknown) unknown.set(n, [...(unknown.get(n) ?? []), label]);
      for (const n of body.missing) missing.push(`${label}的相册附件 ${n}`);
      const thumb = list(p['wp:postmeta']).find((m) => text(m['wp:meta_key']) === '_thumbnail_id');
      const cover = thumb ? (media.byId.get(text(thumb['wp:meta_value']))?.url ?? '') : '';
      for (const a of media.byId.values())
        if (body.markdown.includes(a.url) || a.url === cover) used.add(a.url);
      // One category here: the first (past WordPress's default one); any others come along as tags.
      const terms = list(p.category);
      const slugOf = (c: Node) => String(c['@_nicename'] ?? '') || name(c);
      const inCats = terms.filter((c) => c['@_domain'] === 'category' && catName.has(slugOf(c))).map(slugOf);
      const category = inCats.find((s) => s !== 'uncategorized') ?? inCats[0];
      const extra = inCats.filter((s) => s !== category).map((s) => catName.get(s) as string);
      if (extra.length) several++;
      const tagSlugs = terms
        .filter((c) => c['@_domain'] === 'post_tag' && tagNames.has(slugOf(c)))
        .map(slugOf);
      if (category)
        needs.push({
          kind: 'category',
          sourceId: category,
          reason: `分类「${catName.get(category)}」没有导入`,
        });
      for (const s of tagSlugs)
        needs.push({ kind: 'tag', sourceId: s, reason: `标签「${tagNames.get(s)}」没有导入` });
      const password = text(p['wp:post_password']);
      const hash = password ? await passwordHash({ password }) : '';
      const date = wpTime(text(p['wp:post_date_gmt']), text(p['wp:post_date']));
      // Where readers knew it: `?p=N` always works on WordPress, the permalink as the export has it.
      const addresses = [`/?p=${id}`, text(p.link), text(p.guid)].filter(Boolean);
      write = async ({ trx, idOf }) => {
        relink.trx = trx;
        const tagIdList: number[] = [];
        for (const s of tagSlugs) tagIdList.push((await idOf('tag', s)) as number);
        const articleId = await insertArticleIn(
          trx,
          {
            slug: await freeSlug(trx, text(p['wp:post_name'])),
            article_title: [...title].slice(0, 100).join(''),
            // A title-only post is kept as it was: the console asks for a body when it is next saved.
            article_content: await relink.markdown(body.markdown),
            article_cover: cover ? await relink.url(cover) : '',
            article_description: [...excerpt.replace(/\s+/g, ' ')].slice(0, 200).join(''),
            is_top: text(p['wp:is_sticky']) === '1' ? 1 : 2,
            status,
            publish_at: wpStatus === 'future' ? date : undefined,
            createdAt: date,
            updatedAt: wpTime(text(p['wp:post_modified_gmt']), text(p['wp:post_modified'])),
            category_id: category ? await idOf('category', category) : undefined,
            tagIdList,
            tagNameList: extra,
          },
          await ownerId(trx),
          hash,
        );
        await claimOldUrls(trx, articleId, addresses, source);
        return articleId;
      };
      // An article imported before old addresses were kept gets them on the next run.
      update = async (articleId) => {
        const before = new Set(await oldUrlsOf(articleId));
        return (await claimOldUrls(db, articleId, addresses, source)).some((k) => !before.has(k));
      };
    }
    items.push({ kind: 'article', sourceId, label, where, skip: skip || undefined, needs, write, update });
    const thread = commentItems(comments, {
      file: base,
      postId: id,
      article: sourceId,
      articleSkip: skip || undefined,
      line: (k) => commentLines[firstComment + k] ?? '?',
    });
    items.push(...thread.items);
    orphans += thread.orphans;
  }

  notes.unshift(
    `站点：${site}`,
    uploadsDir
      ? `附件从 ${uploadsDir} 复制到本站上传目录，文章里的地址随之改写`
      : '没有给出 wp-content/uploads 文件夹：附件保留原来的地址（可用 --uploads <文件夹> 复制到本站）',
  );
  const unused = [...media.byId.values()].filter((a) => !used.has(a.url)).length;
  if (unused) notes.push(`${unused} 个附件没有被任何文章使用，不导入`);
  notes.push(...(await authorNotes(list(ch['wp:author']), byAuthor)));
  if (empty) notes.push(`${empty} 篇文章正文为空（只有标题），照样导入`);
  if (several) notes.push(`${several} 篇文章有多个分类：本站一篇文章一个分类，取第一个，其余作为标签`);
  for (const [n, where] of unknown)
    notes.push(`不认识的简码 [${n}]：原样保留为文字，见${[...new Set(where)].join('')}`);
  if (missing.length) notes.push(`相册里有导出文件中没有的附件，没有显示：${missing.join('，')}`);
  if (orphans) notes.push(`${orphans} 条回复所回复的评论不在导出文件里，作为新的评论导入`);
  return { format: 'wxr', source, items, notes };
}

/** Who wrote what on the old blog: every one of them is the owner here (one author per site). */
async function authorNotes(authors: Node[], posts: Map<string, number>): Promise<string[]> {
  const shown = new Map<string, string>();
  for (const a of authors) {
    const login = text(a['wp:author_login']);
    const display = name(a['wp:author_display_name']);
    shown.set(login, display && display !== login ? `${display}（${login}）` : login);
  }
  for (const login of posts.keys()) if (!shown.has(login)) shown.set(login, login || '（未注明作者）');
  if (!shown.size) return [];
  const each = [...shown]
    .map(([login, who]) => `${who}${who.endsWith('）') ? '' : ' '}${posts.get(login) ?? 0} 篇`)
    .join('，');
  return [`原博客有 ${shown.size} 位作者：${each}；导入的文章都归站长${await ownerName()}所有`];
}
