import { htmlToMarkdown } from './html-markdown.ts';
import { guestUser, insertComment } from './rows.ts';
import type { Item } from './types.ts';
import { type Node, text, wpTime } from './wp-xml.ts';

/**
 * A WordPress post's comments as items (docs/owner-guide.md#导入与导出), each checked when the plan is
 * made: its article and the comment it answers are its `needs`, so a comment of a post that fails
 * fails in the dry run too. A reply to a comment left out (a pingback, one in the bin) answers the
 * nearest one kept above it; one whose parent is not in the export starts a thread of its own.
 * WordPress's exporter leaves spam out (export.php: `comment_approved <> 'spam'`); a file that has it
 * (another exporter's) keeps it as spam. WXR carries no likes of comments.
 */

const REVIEW: Record<string, string> = { '1': 'published', '0': 'pending', spam: 'spam' };

export type CommentsOf = {
  file: string;
  postId: string;
  /** The article item's source id, and why it is left out when it is. */
  article: string;
  articleSkip?: string;
  /** The line of the post's k-th comment. */
  line: (k: number) => number | string;
};

type Parsed = { c: Node; k: number; id: string; parent: string; skip?: string };

/** The post's comment items, a reply after the comment it answers; and how many lost their parent. */
export function commentItems(comments: Node[], of: CommentsOf): { items: Item[]; orphans: number } {
  const parsed: Parsed[] = comments.map((c, k) => {
    const type = text(c['wp:comment_type']);
    let skip: string | undefined;
    if (of.articleSkip) skip = '所属文章不导入';
    else if (type === 'pingback' || type === 'trackback') skip = '引用通告（pingback）不导入';
    else if (!REVIEW[text(c['wp:comment_approved'])]) skip = '回收站中的评论不导入';
    return {
      c,
      k,
      id: text(c['wp:comment_id']) || `${of.postId}#${k}`,
      parent: text(c['wp:comment_parent']),
      skip,
    };
  });
  const byId = new Map(parsed.map((p) => [p.id, p]));
  let orphans = 0;
  /** The comment a reply goes under: its parent, or the nearest kept one above a parent left out. */
  const answered = (p: Parsed): Parsed | undefined => {
    const seen = new Set([p.id]);
    for (let id = p.parent; id && id !== '0' && !seen.has(id); ) {
      seen.add(id);
      const up = byId.get(id);
      if (!up) {
        if (!p.skip) orphans++;
        return undefined;
      }
      if (!up.skip) return up;
      id = up.parent;
    }
    return undefined;
  };
  // File order, but never a reply before what it answers.
  const ordered: Parsed[] = [];
  const placed = new Set<string>();
  const place = (p: Parsed, trail: Set<string>) => {
    if (placed.has(p.id) || trail.has(p.id)) return;
    trail.add(p.id);
    const up = byId.get(p.parent);
    if (up) place(up, trail);
    placed.add(p.id);
    ordered.push(p);
  };
  for (const p of parsed) place(p, new Set());

  const items = ordered.map((p): Item => {
    const { c, k, id } = p;
    const who = text(c['wp:comment_author']) || '访客';
    const up = p.skip ? undefined : answered(p);
    // Most comments are plain text: turndown only for those with markup.
    const raw = text(c['wp:comment_content']);
    const body = /[<&]/.test(raw) ? htmlToMarkdown(raw) : raw;
    const needs = [{ kind: 'article', sourceId: of.article, reason: '所属文章没有导入' }];
    if (up) needs.push({ kind: 'comment', sourceId: up.id, reason: `回复的评论 ${up.id} 没有导入` });
    return {
      kind: 'comment',
      sourceId: id,
      label: `${who} 的评论`,
      where: `${of.file} 第 ${of.line(k)} 行（文章 ID ${of.postId} 的评论 ${id}）`,
      skip: p.skip,
      error: !p.skip && !body ? '评论内容为空' : undefined,
      needs,
      write: async (w) => {
        const articleId = await w.idOf('article', of.article);
        if (!articleId) throw new Error('所属文章没有导入');
        return insertComment(w, {
          type: 1,
          forId: articleId,
          replyTo: up?.id,
          author: () => guestUser(w.trx, who, text(c['wp:comment_author_email'])),
          content: body,
          likes: 0,
          ip: text(c['wp:comment_author_IP']),
          // WXR keeps no browser.
          ua: '',
          state: REVIEW[text(c['wp:comment_approved'])],
          createdAt: wpTime(text(c['wp:comment_date_gmt']), text(c['wp:comment_date'])),
        });
      },
    };
  });
  return { items, orphans };
}
