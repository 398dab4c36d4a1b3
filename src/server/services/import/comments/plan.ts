import type { SourceFormat } from '../../../../lib/contract/admin-import.ts';
import type { Item, Plan } from '../types.ts';
import { type PageRef, pageFinder } from './pages.ts';
import { commentText } from './text.ts';
import { placeThreads } from './thread.ts';
import { adminsByMail, type Comment, writeComment, writeMessage } from './write.ts';

/**
 * The plan every comment export makes (docs/owner-guide.md#导入与导出), onto a site that already has
 * the posts: each comment's page found (pages.ts), its thread worked out (thread.ts), its text made
 * ours (text.ts), then one item per comment in an order where a parent is written before its
 * replies — a guestbook page's first comments as guestbook messages. Everything is decided here,
 * outside any transaction, so the dry run reports every failure the run would.
 */

/** One comment as a reader gives it: the comment, its page, its stored text, where it is. */
export type Entry = Comment & {
  page: PageRef;
  html: string;
  /** `file 第 N 行（评论 X）`. */
  where: string;
  /** Left out, with why (a deleted Disqus post): its replies answer its own parent. */
  skip?: string;
  /** Cannot be imported, with why (the reader already knows). */
  error?: string;
};

export type CommentSource = {
  format: SourceFormat;
  /** The key in import_source: the tool and what names the old site in it. */
  source: string;
  entries: Entry[];
  notes: string[];
};

const guestbookNote = (n: number) =>
  `${n} 条评论在留言板页面（/message、/guestbook、/comments、/liuyan、/links、/friends 等）或没有说说编号的说说页面上：每串的第一条导入为留言板的留言，回复成为留言下的评论`;

export async function commentPlan(src: CommentSource): Promise<Plan> {
  const find = pageFinder();
  const admins = await adminsByMail();
  const byId = new Map<string, Entry>();
  const items: Item[] = [];
  const late: Item[] = [];
  for (const e of src.entries) {
    if (!byId.has(e.id)) byId.set(e.id, e);
    else
      late.push({
        kind: 'comment',
        sourceId: `${e.id}#2`,
        label: label(e),
        where: e.where,
        error: `评论编号 ${e.id} 与前面的一条重复`,
      });
  }
  const entries = [...byId.values()];
  const placed = placeThreads(
    entries.map((e) => ({
      id: e.id,
      parent: e.parent,
      time: e.createdAt ? Date.parse(e.createdAt) : Number.NaN,
      dropped: Boolean(e.skip),
    })),
  );
  let orphans = 0;
  let onGuestbook = 0;
  for (const p of placed) {
    const e = byId.get(p.id) as Entry;
    const root = byId.get(p.root) as Entry;
    const found = await find(root.page);
    const guestbook = found.target?.type === 3;
    const head = guestbook && !p.parent;
    const text = commentText(e.html);
    if (p.orphan) orphans++;
    if (guestbook) onGuestbook++;
    const error =
      e.error ??
      (p.loop ? '回复关系成环（评论回复了自己的回复），无法排入评论串' : undefined) ??
      (!p.parent ? found.error : undefined) ??
      (text ? undefined : '评论内容为空');
    const parentKind = guestbook && p.parent === p.root ? 'message' : 'comment';
    items.push({
      kind: head ? 'message' : 'comment',
      sourceId: e.id,
      label: label(e, text),
      where: e.where,
      error,
      needs: p.parent
        ? [
            {
              kind: parentKind,
              sourceId: p.parent,
              reason: found.error
                ? `${found.error}（它回复的评论没有导入）`
                : `它回复的评论 ${p.parent} 没有导入`,
            },
          ]
        : undefined,
      write: async (w) => {
        const target = found.target;
        if (!target) throw new Error(found.error);
        if (head) return writeMessage(w, e, text, admins);
        return writeComment(w, e, text, { target, root: p.root, parent: p.parent }, admins);
      },
    });
  }
  for (const e of entries)
    if (e.skip)
      items.push({ kind: 'comment', sourceId: e.id, label: label(e), where: e.where, skip: e.skip });
  items.push(...late);

  const notes = [...src.notes];
  if (onGuestbook) notes.push(guestbookNote(onGuestbook));
  const linked = entries.filter((e) => !e.skip && e.link.trim()).length;
  if (linked)
    notes.push(
      `${linked} 条评论带有评论者的网址：本站的访客账号没有存放网址的地方，网址不导入（昵称、邮箱、IP 和浏览器照常导入）`,
    );
  const pinned = entries.filter((e) => !e.skip && e.pinned).length;
  if (pinned) notes.push(`${pinned} 条评论在原站置顶：本站的评论没有置顶，它们按时间排列`);
  if (orphans) notes.push(`${orphans} 条回复所回复的评论不在文件中：它们作为评论串的第一条导入`);
  return { format: src.format, source: src.source, items, notes };
}

/** ` 小明：写得好！…`: who and how it begins (the report puts the kind before it). */
function label(e: Entry, text = commentText(e.html)): string {
  const start = [...text.replace(/\s+/g, ' ')];
  return ` ${e.nick.trim() || '访客'}：${start.slice(0, 20).join('')}${start.length > 20 ? '…' : ''}`;
}

/** `waline.json 第 12 行（评论 6468…）`, or without a line when it was not found. */
export const whereOf = (name: string, id: string, line?: number) =>
  `${name}${line ? ` 第 ${line} 行` : ''}（评论 ${id}）`;

/**
 * The id of the export's oldest comment: what names the old site in the source key, so a later
 * export of the same site (more comments, the first still there) is the same source.
 */
export function oldestId(entries: Entry[]): string | undefined {
  const when = (e: Entry) => e.createdAt ?? '\uffff';
  return entries.reduce<Entry | undefined>((a, e) => (!a || when(e) < when(a) ? e : a), undefined)?.id;
}
