import { linesOfIds } from '../source-lines.ts';
import { type CommentSource, type Entry, oldestId, whereOf } from './plan.ts';
import { toIso } from './text.ts';

/**
 * Twikoo's export (管理面板 → 导入导出 → 导出评论, docs/owner-guide.md#导入与导出): `comment.json`, the
 * comment collection as an array of documents (COMMENT_EXPORT_FOR_ADMIN; a MongoDB or LeanCloud dump
 * of it is JSON Lines or `{results}`, with `{$oid}` ids and `{$numberLong}` times). A document keeps
 * the HTML the client made (marked, with `<img class="tk-owo-emotion" alt=":name:">` emoji) in
 * `comment`, the page's path in `url` and its address in `href`, whom it answers in `pid` (its
 * thread in `rid`), `created` in milliseconds, `isSpam` (Twikoo's hidden state: spam, or held for
 * manual review — it has no separate waiting state), `like` (the likers' ids), `top`, and `master`
 * for the blogger's own. Its SQL ports write `id`, `likes` and `is_spam`.
 */

type Row = Record<string, unknown>;

const str = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return str((v as Row).$oid);
  return String(v);
};

const truthy = (v: unknown) => v === true || v === 1 || v === 'true' || v === '1';

/** Twikoo's documents, from whichever of its shapes. */
export function twikooRows(json: unknown): Row[] | undefined {
  const rows = Array.isArray(json) ? json : (json as Row | null)?.results;
  if (!Array.isArray(rows) || !rows.length) return undefined;
  const first = rows[0] as Row;
  const looks =
    first &&
    typeof first === 'object' &&
    'comment' in first &&
    ('created' in first || 'mailMd5' in first || 'isSpam' in first || 'href' in first);
  return looks ? (rows as Row[]) : undefined;
}

const likesOf = (r: Row) => {
  const like = r.like ?? r.likes;
  if (Array.isArray(like)) return like.length;
  if (typeof like === 'string' && like.startsWith('[')) {
    try {
      return (JSON.parse(like) as unknown[]).length;
    } catch {}
  }
  return Math.max(0, Math.trunc(Number(like) || 0));
};

/** `rowLines`: each document's line in a JSON Lines dump (an array's are looked up by id). */
export function twikooSource(rows: Row[], text: string, name: string, rowLines?: number[]): CommentSource {
  const lines = rowLines
    ? undefined
    : linesOfIds(text, /"_?id"\s*:\s*(?:"([^"]*)"|\{\s*"\$oid"\s*:\s*"([^"]*)")/g);
  const entries: Entry[] = rows.map((r, i) => {
    const id = str(r._id) || str(r.id) || `#${i + 1}`;
    return {
      id,
      parent: str(r.pid) || str(r.rid) || undefined,
      nick: str(r.nick),
      mail: str(r.mail),
      link: str(r.link),
      ip: str(r.ip),
      ua: str(r.ua),
      createdAt: toIso(r.created) ?? toIso(r.updated),
      state: truthy(r.isSpam ?? r.is_spam) ? 'spam' : 'published',
      likes: likesOf(r),
      owner: truthy(r.master),
      pinned: truthy(r.top),
      page: { addresses: [str(r.url), str(r.href)].filter(Boolean) },
      html: str(r.comment),
      where: whereOf(name, id, rowLines ? rowLines[i] : lines?.get(id)),
    };
  });
  return {
    format: 'twikoo',
    source: `twikoo:${oldestId(entries) ?? name}`,
    entries,
    notes: [`Twikoo 导出：${rows.length} 条评论（Twikoo 隐藏的评论 isSpam 导入为垃圾评论）`],
  };
}
