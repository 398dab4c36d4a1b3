import { hasNul, NUL_MESSAGE } from '../../../lib/nul.ts';
import { htmlToMarkdown } from './html-markdown.ts';
import { guestUser, insertComment, ownerId } from './rows.ts';
import type { Row, TypechoDb } from './typecho-db.ts';
import type { Item } from './types.ts';

/**
 * A Typecho blog's comments (docs/owner-guide.md#导入与导出), as the WordPress import writes them: each
 * under its imported post, a reply under its thread's first comment addressed to the one it answered,
 * guests as login-less commenters, the blog's own people as the owner; pingbacks left out.
 */

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

const REVIEW: Record<string, string> = { approved: 'published', waiting: 'pending', spam: 'spam' };

/** Comments in an order where every parent comes before its replies (Typecho's ids usually are). */
function parentsFirst(comments: Row[]): Row[] {
  const byId = new Map(comments.map((c) => [s(c.coid), c]));
  const ordered: Row[] = [];
  const seen = new Set<string>();
  for (const start of comments) {
    // The chain up to the first comment seen or without a parent, then written top down.
    const chain: Row[] = [];
    for (let c: Row | undefined = start; c && !seen.has(s(c.coid)); c = byId.get(s(c.parent))) {
      seen.add(s(c.coid));
      chain.push(c);
    }
    ordered.push(...chain.reverse());
  }
  return ordered;
}

export function commentItems(
  tc: TypechoDb,
  where: (table: string, key: string, id: unknown) => string,
  /** The cids of the posts and pages the plan writes (or reports failing: their comments fail too). */
  imported: Set<string>,
): { items: Item[]; notes: string[] } {
  const { rows } = tc;
  const contents = new Map(rows.contents.map((r) => [s(r.cid), r]));
  const byId = new Map(rows.comments.map((c) => [s(c.coid), c]));
  // The blog's administrators: their comments are the owner's here, as the posts are.
  const admins = new Set(rows.users.filter((u) => s(u.group) === 'administrator').map((u) => s(u.uid)));
  const items: Item[] = [];
  let orphans = 0;
  let withUrl = 0;
  for (const c of parentsFirst(rows.comments)) {
    const coid = s(c.coid);
    const cid = s(c.cid);
    const who = s(c.author).trim() || '访客';
    const raw = s(c.text).trim();
    const item: Item = {
      kind: 'comment',
      sourceId: coid,
      label: ` ${who}：${[...raw.replace(/\s+/g, ' ')].slice(0, 20).join('')}`,
      where: where('comments', 'coid', coid),
    };
    items.push(item);
    const type = s(c.type) || 'comment';
    const review = REVIEW[s(c.status)];
    const post = contents.get(cid);
    if (type === 'pingback' || type === 'trackback') item.skip = `引用通告（${type}）不导入`;
    else if (type !== 'comment') item.skip = `不导入的评论类型 ${type}`;
    else if (!review) item.skip = `状态 ${s(c.status) || '（无）'} 不导入`;
    else if (!post) item.skip = `所属内容 cid=${cid} 不存在`;
    else if (!imported.has(cid)) item.skip = `所属内容 cid=${cid}（${s(post.type)}）不导入`;
    else if (hasNul(raw) || hasNul(who)) item.error = NUL_MESSAGE;
    if (item.skip || item.error) continue;
    // Typecho keeps a comment's text as written, with the few tags it allows.
    const body = /[<&]/.test(raw) ? htmlToMarkdown(raw) : raw;
    if (!body) {
      item.error = '评论内容为空';
      continue;
    }
    if (s(c.url)) withUrl++;
    const parent = n(c.parent) ? s(c.parent) : '';
    // A reply whose comment is gone from the table (deleted by hand): kept, as a comment of its own.
    const replyTo = parent && byId.has(parent) ? parent : '';
    if (parent && !replyTo) orphans++;
    item.needs = [
      { kind: 'article', sourceId: cid, reason: '所属文章没有导入' },
      ...(replyTo ? [{ kind: 'comment', sourceId: replyTo, reason: `回复的评论 ${replyTo} 没有导入` }] : []),
    ];
    const author = s(c.authorId);
    const byOwner = n(author) > 0 && (admins.has(author) || author === s(post?.authorId));
    item.write = async (w) => {
      const articleId = await w.idOf('article', cid);
      if (!articleId) throw new Error('所属文章没有导入');
      return insertComment(w, {
        type: 1,
        forId: articleId,
        replyTo,
        author: () => (byOwner ? ownerId(w.trx) : guestUser(w.trx, who, s(c.mail))),
        content: body,
        likes: 0,
        ip: s(c.ip),
        ua: s(c.agent),
        state: review,
        createdAt: c.created && n(c.created) > 0 ? new Date(n(c.created) * 1000).toISOString() : undefined,
      });
    };
  }
  const authors = rows.users.map((u) => `${s(u.screenName) || s(u.name)}（${s(u.group)}）`);
  const notes = [
    `Typecho 的用户（${authors.join('、') || '无'}）不导入为账号：文章都归本站站长，管理员与文章作者的评论也归站长；其他评论者成为不能登录的访客（按昵称与邮箱）`,
  ];
  if (withUrl) notes.push(`${withUrl} 条评论留有网址：本站的访客没有网址一项，不导入`);
  if (orphans) notes.push(`${orphans} 条评论回复的评论已不在数据库里：作为独立的评论导入`);
  return { items, notes };
}
