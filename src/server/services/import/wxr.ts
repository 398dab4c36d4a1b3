import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { hasNul } from '../../../lib/nul.ts';
import { insertArticleIn } from '../articles/write.ts';
import { htmlToMarkdown } from './html-markdown.ts';
import { categoryId, freeSlug, guestUser, ownerId, tagId } from './rows.ts';
import type { Item, Plan } from './types.ts';
import { Relinker } from './uploads.ts';

/**
 * A WordPress export (WXR, docs/owner-guide.md#导入与导出): categories, tags, posts and pages as
 * articles, their comments with threads, and the uploads they use — copied from a local
 * wp-content/uploads folder when one is given, else left at their addresses.
 */

type Node = Record<string, unknown>;

const ARRAYS = new Set(['rss.channel.item', 'rss.channel.wp:category', 'rss.channel.wp:tag']);
const ITEM_ARRAYS = new Set(['category', 'wp:comment', 'wp:postmeta']);

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name, jpath) => ARRAYS.has(String(jpath)) || ITEM_ARRAYS.has(name),
});

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v).trim();
};
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);

/** The offsets of every `<tag>` / `<tag …>` in the file, and a way from an offset to its line. */
function positions(xml: string, tag: string): number[] {
  const found: number[] = [];
  const re = new RegExp(`<${tag}[\\s>]`, 'g');
  for (let m = re.exec(xml); m; m = re.exec(xml)) found.push(m.index);
  return found;
}

function lineOf(xml: string): (offset: number) => number {
  const starts = [0];
  for (let i = xml.indexOf('\n'); i >= 0; i = xml.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** A WordPress time (GMT first, else the site's local time, taken as China time) as ISO, or undefined. */
function wpTime(gmt: string, local: string): string | undefined {
  for (const [value, zone] of [
    [gmt, 'Z'],
    [local, '+08:00'],
  ]) {
    if (!value || value.startsWith('0000')) continue;
    const t = Date.parse(`${value.replace(' ', 'T')}${zone}`);
    if (!Number.isNaN(t)) return new Date(t).toISOString();
  }
  return undefined;
}

const STATUS: Record<string, number> = { publish: 1, private: 2, draft: 3, pending: 3, future: 3 };
const REVIEW: Record<string, string> = { '1': 'published', '0': 'pending', spam: 'spam' };

export async function wxrPlan(file: string, uploadsDir?: string): Promise<Plan> {
  const name = path.basename(file);
  const xml = await readFile(file, 'utf8');
  if (hasNul(xml)) throw new Error(`${name}：文件含有 NUL 字符，不是文本文件`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${name} 第 ${valid.err.line} 行：XML 格式错误（${valid.err.msg}）`);
  const channel = (parser.parse(xml) as Node).rss as Node | undefined;
  const ch = channel?.channel as Node | undefined;
  if (!ch) throw new Error(`${name}：不是 WordPress 导出文件（没有 rss/channel）`);
  const at = lineOf(xml);
  const itemLines = positions(xml, 'item').map(at);
  const commentLines = positions(xml, 'wp:comment').map(at);
  const site = text(ch.link) || text(ch['wp:base_site_url']) || name;
  const source = `wxr:${site}`;
  const relink = new Relinker(source, uploadsDir);
  const items: Item[] = [];

  for (const c of list(ch['wp:category'])) {
    const label = text(c['wp:cat_name']);
    if (!label) continue;
    items.push({
      kind: 'category',
      sourceId: text(c['wp:category_nicename']) || label,
      label,
      where: `${name}（分类 ${label}）`,
      write: ({ trx }) => categoryId(trx, label),
    });
  }
  for (const t of list(ch['wp:tag'])) {
    const label = text(t['wp:tag_name']);
    if (!label) continue;
    items.push({
      kind: 'tag',
      sourceId: text(t['wp:tag_slug']) || label,
      label,
      where: `${name}（标签 ${label}）`,
      write: ({ trx }) => tagId(trx, label),
    });
  }

  const posts = list(ch.item);
  const attachments = new Map<string, string>();
  for (const p of posts)
    if (text(p['wp:post_type']) === 'attachment')
      attachments.set(text(p['wp:post_id']), text(p['wp:attachment_url']));
  const used = new Set<string>();
  let commentAt = 0;

  posts.forEach((p, index) => {
    const id = text(p['wp:post_id']);
    const title = text(p.title) || '（无标题）';
    const where = `${name} 第 ${itemLines[index] ?? '?'} 行（第 ${index + 1} 项，文章 ID ${id}）`;
    const type = text(p['wp:post_type']);
    const comments = list(p['wp:comment']);
    const firstComment = commentAt;
    commentAt += comments.length;
    if (type === 'attachment') return;
    const status = STATUS[text(p['wp:status'])];
    let skip = '';
    if (type !== 'post' && type !== 'page') skip = `不导入的类型 ${type || '（无）'}`;
    else if (!status) skip = `状态 ${text(p['wp:status']) || '（无）'} 不导入（回收站、修订版本等）`;
    else if (!id) skip = '缺少 wp:post_id';
    const html = text(p['content:encoded']);
    const cats = list(p.category);
    const thumb = list(p['wp:postmeta']).find((m) => text(m['wp:meta_key']) === '_thumbnail_id');
    const cover = thumb ? (attachments.get(text(thumb['wp:meta_value'])) ?? '') : '';
    for (const url of attachments.values()) if (html.includes(url) || url === cover) used.add(url);
    items.push({
      kind: 'article',
      sourceId: id || `#${index}`,
      label: `《${title}》`,
      where,
      skip: skip || undefined,
      write: async ({ trx }) => {
        if (hasNul(html)) throw new Error('正文含有 NUL 字符');
        relink.trx = trx;
        const [more] = html.split(/<!--\s*more\s*-->/);
        const content = await relink.markdown(htmlToMarkdown(html.replace(/<!--\s*more\s*-->/, '')));
        if (!content) throw new Error('正文为空');
        const category = cats.find((c) => c['@_domain'] === 'category');
        const excerpt = text(p['excerpt:encoded']) || (more !== html ? htmlToMarkdown(more) : '');
        return insertArticleIn(
          trx,
          {
            slug: await freeSlug(trx, text(p['wp:post_name'])),
            article_title: [...title].slice(0, 100).join(''),
            article_content: content,
            article_cover: cover ? await relink.url(cover) : '',
            article_description: [...excerpt.replace(/\s+/g, ' ')].slice(0, 200).join(''),
            is_top: text(p['wp:is_sticky']) === '1' ? 1 : 2,
            status,
            createdAt: wpTime(text(p['wp:post_date_gmt']), text(p['wp:post_date'])),
            updatedAt: wpTime(text(p['wp:post_modified_gmt']), text(p['wp:post_modified'])),
            category_name: category ? text(category) : undefined,
            tagNameList: cats.filter((c) => c['@_domain'] === 'post_tag').map(text),
          },
          await ownerId(trx),
        );
      },
    });
    comments.forEach((c, k) => {
      const cid = text(c['wp:comment_id']);
      const who = text(c['wp:comment_author']) || '访客';
      const cwhere = `${name} 第 ${commentLines[firstComment + k] ?? '?'} 行（文章 ID ${id} 的评论 ${cid}）`;
      const review = REVIEW[text(c['wp:comment_approved'])];
      const ctype = text(c['wp:comment_type']);
      let cskip = skip ? '所属文章不导入' : '';
      if (!cskip && (ctype === 'pingback' || ctype === 'trackback')) cskip = '引用通告（pingback）不导入';
      else if (!cskip && !review) cskip = '回收站中的评论不导入';
      const parent = text(c['wp:comment_parent']);
      items.push({
        kind: 'comment',
        sourceId: cid || `${id}#${k}`,
        label: `${who} 的评论`,
        where: cwhere,
        skip: cskip || undefined,
        write: async ({ trx, idOf }) => {
          const articleId = await idOf('article', id);
          if (!articleId) throw new Error('所属文章没有导入');
          let parentId: number | null = null;
          let toId: number | null = null;
          if (parent && parent !== '0') {
            const pid = await idOf('comment', parent);
            const row = pid
              ? await trx
                  .selectFrom('comment')
                  .select(['id', 'parent_id', 'from_id'])
                  .where('id', '=', pid)
                  .executeTakeFirst()
              : undefined;
            if (!row) throw new Error(`回复的评论 ${parent} 没有导入`);
            // Threads here are two levels deep: a reply at any depth goes under the thread's first comment.
            parentId = row.parent_id ?? row.id;
            toId = row.from_id;
          }
          // Most comments are plain text: turndown only for those with markup (it is most of the time).
          const raw = text(c['wp:comment_content']);
          const body = /[<&]/.test(raw) ? htmlToMarkdown(raw) : raw;
          if (!body) throw new Error('评论内容为空');
          const stamp =
            wpTime(text(c['wp:comment_date_gmt']), text(c['wp:comment_date'])) ?? new Date().toISOString();
          const row = await trx
            .insertInto('comment')
            .values({
              type: 1,
              for_id: articleId,
              parent_id: parentId,
              from_id: await guestUser(trx, who, text(c['wp:comment_author_email'])),
              to_id: toId,
              content: body,
              thumbs_up: 0,
              ip: text(c['wp:comment_author_IP']),
              ip_address: '',
              review_status: review,
              createdAt: stamp,
              updatedAt: stamp,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        },
      });
    });
  });
  const unused = [...attachments.values()].filter((u) => !used.has(u)).length;
  const notes = [
    `站点：${site}`,
    uploadsDir
      ? `附件从 ${uploadsDir} 复制到本站上传目录，文章里的地址随之改写`
      : '没有给出 wp-content/uploads 文件夹：附件保留原来的地址（可用 --uploads <文件夹> 复制到本站）',
  ];
  if (unused) notes.push(`${unused} 个附件没有被任何文章使用，不导入`);
  return { format: 'wxr', source, items, notes };
}
